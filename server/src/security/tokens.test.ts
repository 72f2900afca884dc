import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.js';

const SECRET = 'a'.repeat(48);
const claims = { employeeId: 7, tenantId: 3, familyId: 'f'.repeat(32) };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token written by hand: any header and payload, signed with HS256 by `secret`. */
function handMade(header: unknown, payload: unknown, secret = SECRET) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);

describe('access tokens', () => {
  const tokens = createTokenService(SECRET, 900);

  it('verify what they issued, again from the cache, with the expiry', async () => {
    const { token, expiresIn } = await tokens.issueAccessToken(claims);
    expect(expiresIn).toBe(900);
    for (let i = 0; i < 2; i += 1) {
      const verified = await tokens.verifyAccessToken(token);
      expect(verified).toMatchObject(claims);
      expect(Math.abs(verified!.expiresAt.getTime() - Date.now() - 900_000)).toBeLessThan(5_000);
    }
  });

  afterEach(() => vi.useRealTimers());

  it('refuse a token they verified and kept once it has expired', async () => {
    const { token } = await tokens.issueAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
    vi.useFakeTimers({ now: Date.now() + 899_000 });
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await tokens.verifyAccessToken(token)).toBeNull();
  });

  it('refuse a forged, altered, expired, unsigned or foreign token', async () => {
    const { token } = await tokens.issueAccessToken(claims);
    await tokens.verifyAccessToken(token); // now cached: an altered copy must not match it
    const [header, , signature] = token.split('.');
    const altered = `${header}.${b64({ sub: '1', tid: 3, sid: claims.familyId, iss: 'teambeat', exp: now() + 60 })}.${signature}`;
    const payload = { sub: '7', tid: 3, sid: claims.familyId, iss: 'teambeat', iat: now(), exp: now() + 60 };
    const refused = [
      altered,
      handMade({ alg: 'HS256' }, payload, 'b'.repeat(48)),
      handMade({ alg: 'HS256' }, { ...payload, exp: now() - 60 }),
      handMade({ alg: 'HS256' }, { ...payload, iss: 'someone-else' }),
      handMade({ alg: 'HS512' }, payload),
      `${b64({ alg: 'none' })}.${b64(payload)}.`,
      handMade({ alg: 'HS256' }, { tid: 3, sid: claims.familyId, iss: 'teambeat', exp: now() + 60 }),
      handMade({ alg: 'HS256' }, { ...payload, tid: '3' }),
      'not-a-token',
      '',
    ];
    for (const candidate of refused) expect(await tokens.verifyAccessToken(candidate), candidate).toBeNull();
    // A token signed the same way by hand is accepted: the refusals above are for what they changed.
    expect(await tokens.verifyAccessToken(handMade({ alg: 'HS256', typ: 'JWT' }, payload))).toMatchObject(claims);
  });

  it('hash verification codes with the secret, as before', () => {
    expect(tokens.hashCode('123456')).toBe(createHmac('sha256', SECRET).update('123456').digest('hex'));
  });
});
