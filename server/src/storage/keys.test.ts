import { describe, expect, it } from 'vitest';
import { attachmentDisposition, confirmedKey, newPendingKey, newStoredKey, parseKey, thumbnailKey } from './keys.js';
import { createLinkSigner } from './signed-links.js';

const ID = '0b5e7a52-4c3e-4f0e-9a43-3d5c1f3b9e21';

describe('storage keys', () => {
  it('are made by the server and parsed back', () => {
    const key = newPendingKey(12, 'image');
    const parsed = parseKey(key)!;
    expect(parsed).toMatchObject({ tenantId: 12, pending: true, kind: 'image', thumbnail: false });
    expect(confirmedKey(parsed)).toBe(`12/image/${parsed.id}`);
    expect(thumbnailKey(parsed)).toBe(`12/image/${parsed.id}-thumb`);
    expect(parseKey(`12/image/${ID}-thumb`)).toMatchObject({ thumbnail: true, pending: false });
  });

  it('hold leaderboard videos, stored confirmed with their preview', () => {
    const made = newStoredKey(12, 'video');
    expect(parseKey(made.key)).toMatchObject({ tenantId: 12, pending: false, kind: 'video', thumbnail: false });
    expect(parseKey(made.thumbnail)).toMatchObject({ kind: 'video', thumbnail: true });
  });

  it('refuse anything else', () => {
    for (const key of [
      `0/file/${ID}`,
      `12/document/${ID}`,
      `12/pending/file/${ID}-thumb`,
      `12/file/${ID}/`,
      `12/file/${ID.toUpperCase()}`,
      `12/file/../${ID}`,
      `12//file/${ID}`,
      `/12/file/${ID}`,
      `12/file/${ID}\n`,
      `12\\file\\${ID}`,
    ])
      expect(parseKey(key), key).toBeNull();
  });

  it('name downloads safely', () => {
    expect(attachmentDisposition('report 2030.pdf')).toBe('attachment; filename="report 2030.pdf"');
    expect(attachmentDisposition('a";\r\nSet-Cookie: x=1.pdf')).toBe(
      `attachment; filename="a_;__Set-Cookie: x=1.pdf"; filename*=UTF-8''a%22%3B%0D%0ASet-Cookie%3A%20x%3D1.pdf`,
    );
    expect(attachmentDisposition("l'été.txt")).toBe(
      `attachment; filename="l'_t_.txt"; filename*=UTF-8''l%27%C3%A9t%C3%A9.txt`,
    );
  });
});

describe('signed links', () => {
  const links = createLinkSigner('a'.repeat(48));
  const now = new Date('2030-06-01T10:00:00Z');
  const exp = now.getTime() / 1000 + 60;

  it('verify their own claims until they expire', () => {
    const token = links.sign({ op: 'get', key: `1/file/${ID}`, name: 'a.pdf', exp });
    expect(links.verify(token, 'get', now)).toEqual({
      ok: true,
      claims: { op: 'get', key: `1/file/${ID}`, name: 'a.pdf', exp },
    });
    expect(links.verify(token, 'get', new Date(exp * 1000))).toEqual({ ok: false, reason: 'expired' });
    expect(links.verify(token, 'put', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuse another secret, a changed claim and malformed tokens', () => {
    const token = links.sign({ op: 'put', key: `1/pending/file/${ID}`, type: 'application/pdf', size: 10, exp });
    expect(createLinkSigner('b'.repeat(48)).verify(token, 'put', now)).toEqual({ ok: false, reason: 'invalid' });
    const [, signature] = token.split('.');
    const changed = Buffer.from(
      JSON.stringify({ op: 'put', key: `1/pending/file/${ID}`, type: 'application/pdf', size: 11, exp }),
    ).toString('base64url');
    expect(links.verify(`${changed}.${signature}`, 'put', now).ok).toBe(false);
    const signedJunk = createLinkSigner('a'.repeat(48));
    for (const bad of ['', '.', 'x.y', `${token}.z`, token.slice(0, -2)])
      expect(signedJunk.verify(bad, 'put', now).ok).toBe(false);
  });
});
