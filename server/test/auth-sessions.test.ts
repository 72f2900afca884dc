/**
 * An access token lives no longer than its session: every way a session ends (sign-out, reuse of a
 * rotated refresh token, a password change or reset, a deactivation) refuses the session's access tokens
 * at once, not 15 minutes later. And a session ends after SESSION_MAX_DAYS however often it is refreshed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, lastEmail, PASSWORD, resetPassword, startServer, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
let clock = Date.now();
beforeAll(async () => {
  server = await startServer({}, () => new Date(clock));
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
});
afterAll(() => server.close());

type Session = { accessToken: string; refreshToken: string };
const signIn = async (email: string, password = PASSWORD): Promise<Session> => {
  const res = await server.api().post('/api/auth/sign-in', { email, password, client: 'desktop' });
  expect(res.status).toBe(200);
  return res.body;
};
const refresh = (refreshToken: string) => server.api().post('/api/auth/refresh', { refreshToken, client: 'desktop' });
/** The status of a signed-in request with this access token. */
const use = async (accessToken: string) => (await server.api(accessToken).get('/api/me')).status;

describe('access tokens end with their session', () => {
  it('after sign-out', async () => {
    await server.user(tenantId, { email: 'out@acme.example', roles: ['Employee'] });
    const s = await signIn('out@acme.example');
    const other = await signIn('out@acme.example');
    expect(await use(s.accessToken)).toBe(200);
    expect((await server.api().post('/api/auth/sign-out', { refreshToken: s.refreshToken })).status).toBe(204);
    expect(await use(s.accessToken)).toBe(401);
    expect((await server.api(s.accessToken).get('/api/auth/verify')).status).toBe(401);
    // Other sessions of the same person go on.
    expect(await use(other.accessToken)).toBe(200);
  });

  it('after reuse of a rotated refresh token revoked the family', async () => {
    await server.user(tenantId, { email: 'reuse@acme.example', roles: ['Employee'] });
    const first = await signIn('reuse@acme.example');
    const second = (await refresh(first.refreshToken)).body as Session;
    expect(await use(second.accessToken)).toBe(200);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect(await use(first.accessToken)).toBe(401);
    expect(await use(second.accessToken)).toBe(401);
  });

  it('after a password change, for every other session but not this one', async () => {
    await server.user(tenantId, { email: 'change@acme.example', roles: ['Employee'] });
    const here = await signIn('change@acme.example');
    const there = await signIn('change@acme.example');
    const res = await server.api(here.accessToken).post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      password: 'Next!Pass1x',
      confirmPassword: 'Next!Pass1x',
    });
    expect(res.status).toBe(204);
    expect(await use(here.accessToken)).toBe(200);
    expect(await use(there.accessToken)).toBe(401);
  });

  it('after a password reset, for every session', async () => {
    await server.user(tenantId, { email: 'reset@acme.example', roles: ['Employee'] });
    const s = await signIn('reset@acme.example');
    await server.api().post('/api/auth/forgot-password', { email: 'reset@acme.example' });
    const code = codeFrom((await lastEmail(server, 'reset@acme.example'))?.body);
    const res = await resetPassword(server, 'reset@acme.example', code, 'Fresh!Pass9x');
    expect(res.status).toBe(204);
    expect(await use(s.accessToken)).toBe(401);
  });

  it('after a deactivation, also once the account is active again', async () => {
    // Boss holds every permission: the account hierarchy lets only such a caller change an Employee's status.
    await server.user(tenantId, { email: 'boss@acme.example', roles: ['Administrator'] });
    const { id } = await server.user(tenantId, { email: 'leaver@acme.example', roles: ['Employee'] });
    const boss = (await signIn('boss@acme.example')).accessToken;
    const s = await signIn('leaver@acme.example');
    expect((await server.api(boss).put(`/api/employees/${id}/status`, { status: 'inactive' })).status).toBe(200);
    expect(await use(s.accessToken)).toBe(401);
    expect((await server.api(boss).put(`/api/employees/${id}/status`, { status: 'active' })).status).toBe(200);
    expect(await use(s.accessToken)).toBe(401);
    // A new sign-in works.
    expect(await use((await signIn('leaver@acme.example')).accessToken)).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  it('ends a session SESSION_MAX_DAYS (90) after sign-in however often it was refreshed', async () => {
    await server.user(tenantId, { email: 'slide@acme.example', roles: ['Employee'] });
    const start = Date.now();
    clock = start;
    try {
      let current = await signIn('slide@acme.example');
      for (const day of [25, 50, 75]) {
        clock = start + day * 86_400_000;
        const next = await refresh(current.refreshToken);
        expect(next.status, `day ${day}`).toBe(200);
        current = next.body;
      }
      const row = await server.db
        .selectFrom('refreshTokens')
        .select('expiresAt')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      // The newest token lives to the session's end, not 30 days from its refresh.
      expect(new Date(row.expiresAt).getTime()).toBe(start + 90 * 86_400_000);
      clock = start + 90 * 86_400_000 + 1000;
      expect((await refresh(current.refreshToken)).status).toBe(401);
      // And its access token no longer opens anything.
      expect(await use(current.accessToken)).toBe(401);
    } finally {
      clock = Date.now();
    }
  });

  it('gives the browser a refresh cookie that expires with the session', async () => {
    await server.user(tenantId, { email: 'cookie@acme.example', roles: ['Employee'] });
    const start = Date.now();
    clock = start;
    try {
      const res = await server.api().post('/api/auth/sign-in', { email: 'cookie@acme.example', password: PASSWORD });
      let setCookie = res.headers.get('set-cookie') ?? '';
      for (const day of [25, 50, 75]) {
        clock = start + day * 86_400_000;
        const cookie = setCookie.split(';')[0]!;
        const next = await server.api().request('POST', '/api/auth/refresh', {}, { cookie });
        expect(next.status, `day ${day}`).toBe(200);
        setCookie = next.headers.get('set-cookie') ?? '';
      }
      const expires = /Expires=([^;]+)/.exec(setCookie)?.[1];
      // Not 30 days after the refresh (day 105): the session's end, day 90 (the cookie has whole seconds).
      expect(Math.abs(new Date(expires!).getTime() - (start + 90 * 86_400_000))).toBeLessThan(1000);
    } finally {
      clock = Date.now();
    }
  });
});
