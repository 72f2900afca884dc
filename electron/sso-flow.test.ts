import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  completeDesktopSso,
  deepLinkFromArgv,
  isSsoLink,
  newPendingSso,
  parseSsoReturn,
  returnStateOf,
  ssoReturnChannel,
  startDesktopSso,
} from './sso-flow.js';

const reply = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });

describe('desktop single sign-on', () => {
  it('makes a fresh verifier whose S256 challenge is sent', () => {
    const a = newPendingSso();
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
    expect(newPendingSso().verifier).not.toBe(a.verifier);
  });

  it('reads only its own returns, and only with this attempt’s state', () => {
    const pending = newPendingSso(53123);
    const state = `state=${pending.returnState}`;
    expect(pending.returnState).toBe(returnStateOf(pending.challenge));
    expect(parseSsoReturn(`teambeat://sso?${state}&code=abc`, pending)).toEqual({ code: 'abc' });
    expect(parseSsoReturn(`http://127.0.0.1:53123/sso?${state}&code=abc`, pending)).toEqual({ code: 'abc' });
    expect(parseSsoReturn(`teambeat://sso?${state}&error=SSO_EMAIL_DOMAIN`, pending)).toEqual({
      error: 'SSO_EMAIL_DOMAIN',
    });
    expect(parseSsoReturn(`teambeat://sso?${state}&error=<script>`, pending)).toEqual({ error: 'SSO_FAILED' });
    // A link any web page can open: no state, another attempt's state, or no attempt waiting.
    expect(parseSsoReturn('teambeat://sso?code=abc', pending)).toBeNull();
    expect(parseSsoReturn('teambeat://sso?error=SSO_FAILED', pending)).toBeNull();
    expect(parseSsoReturn(`teambeat://sso?state=${newPendingSso().returnState}&code=abc`, pending)).toBeNull();
    expect(parseSsoReturn(`teambeat://sso?${state}&code=abc`, null)).toBeNull();
    expect(parseSsoReturn(`http://127.0.0.1:9999/sso?${state}&code=abc`, pending)).toBeNull();
    expect(parseSsoReturn(`http://evil.example:53123/sso?${state}&code=abc`, pending)).toBeNull();
    expect(parseSsoReturn(`teambeat://other?${state}&code=abc`, pending)).toBeNull();
    expect(parseSsoReturn('not a url', pending)).toBeNull();
  });

  it('tells a sign-in return from an app route, and where the return comes back', () => {
    expect(isSsoLink('teambeat://sso?code=x')).toBe(true);
    expect(isSsoLink('TEAMBEAT://SSO/?code=x')).toBe(true);
    expect(isSsoLink('teambeat://feedback/42')).toBe(false);
    expect(isSsoLink('https://sso/')).toBe(false);
    expect(ssoReturnChannel('win32', true)).toBe('deep-link');
    expect(ssoReturnChannel('darwin', true)).toBe('deep-link');
    expect(ssoReturnChannel('linux', true)).toBe('loopback');
    expect(ssoReturnChannel('win32', false)).toBe('loopback');
  });

  it('finds the deep link among a second instance’s arguments', () => {
    expect(deepLinkFromArgv(['/opt/teambeat', '--flag', 'teambeat://sso?code=x'])).toBe('teambeat://sso?code=x');
    expect(deepLinkFromArgv(['/opt/teambeat'])).toBeUndefined();
  });

  it('starts with the challenge and exchanges the code with the verifier', async () => {
    const pending = newPendingSso();
    const calls: { url: string; body: unknown }[] = [];
    const fetchFn = async (url: string, init: { body: string }) => {
      calls.push({ url, body: JSON.parse(init.body) });
      return url.endsWith('/start')
        ? reply(200, { authorizationUrl: 'https://idp.example/authorize?x=1' })
        : reply(200, { accessToken: 'a', expiresIn: 900, refreshToken: 'r', tokenType: 'Bearer' });
    };
    expect(await startDesktopSso(fetchFn, 'https://tb.example', 'ann@x.example', pending)).toBe(
      'https://idp.example/authorize?x=1',
    );
    expect(calls[0]!.body).toEqual({ email: 'ann@x.example', client: 'desktop', handoffChallenge: pending.challenge });
    expect(await completeDesktopSso(fetchFn, 'https://tb.example', 'code', pending)).toEqual({
      accessToken: 'a',
      expiresIn: 900,
      refreshToken: 'r',
    });
    expect(calls[1]!.body).toEqual({ code: 'code', verifier: pending.verifier });
  });

  it('refuses an authorization URL that is not a web page, and reports the server’s refusal', async () => {
    const pending = newPendingSso();
    await expect(
      startDesktopSso(
        async () => reply(200, { authorizationUrl: 'file:///etc/passwd' }),
        'https://tb',
        'a@b.c',
        pending,
      ),
    ).rejects.toThrow(/non-web/);
    await expect(
      completeDesktopSso(
        async () => reply(401, { error: { code: 'SSO_HANDOFF_INVALID' } }),
        'https://tb',
        'c',
        pending,
      ),
    ).rejects.toThrow('SSO_HANDOFF_INVALID');
  });
});
