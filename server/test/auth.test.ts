import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { consumeCode, createCode } from '../src/modules/auth/codes.js';
import { codeFrom, lastEmail, PASSWORD, resetPassword, startServer, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
beforeAll(async () => {
  server = await startServer({ LOCKOUT_THRESHOLD: '3', LOCKOUT_MINUTES: '15' });
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
  await server.user(tenantId, { email: 'ann@acme.example', roles: ['Employee'] });
});
afterAll(() => server.close());

const signIn = (body: Record<string, unknown>) => server.api().post('/api/auth/sign-in', body);

describe('tenant lookup', () => {
  it('finds the tenant by the domain after @', async () => {
    const res = await server.api().get('/api/auth/tenant?email=someone@ACME.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tenantId,
      name: 'Acme',
      emailDomain: 'acme.example',
      logo: null,
      ssoEnabled: false,
      providerName: null,
      ssoType: null,
    });
  });

  it.each(['someone@other.example', 'no-at-sign', ''])('refuses %j with the spec message', async (email) => {
    const res = await server.api().get(`/api/auth/tenant?email=${encodeURIComponent(email)}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'EMAIL_DOMAIN_UNAUTHORIZED', message: 'Failed to authorize email domain' });
  });
});

describe('sign-in', () => {
  it('signs a browser in with an httpOnly SameSite=Strict refresh cookie and no token in the body', async () => {
    const res = await signIn({ email: 'ann@acme.example', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 900 });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tb_refresh=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
  });

  it('gives the desktop its refresh token in the body and sets no cookie', async () => {
    const res = await signIn({ email: 'ann@acme.example', password: PASSWORD, client: 'desktop' });
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('stores argon2id hashes', async () => {
    const row = await server.db
      .selectFrom('employees')
      .select('passwordHash')
      .where('email', '=', 'ann@acme.example')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    await server.user(tenantId, { email: 'bob@acme.example', roles: ['Employee'] });
    const wrong = await signIn({ email: 'bob@acme.example', password: 'Wrong!Pass1' });
    const unknown = await signIn({ email: 'nobody@acme.example', password: 'Wrong!Pass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe('E-mail or password is incorrect');
  });

  it('refuses an e-mail of another domain', async () => {
    const res = await signIn({ email: 'ann@other.example', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Failed to authorize email domain');
  });

  it('refuses inactive accounts only after the right password', async () => {
    const { id } = await server.user(tenantId, { email: 'dora@acme.example', roles: ['Employee'] });
    await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', id).execute();
    expect((await signIn({ email: 'dora@acme.example', password: 'Bad!pass1' })).body.error.code).toBe(
      'INVALID_CREDENTIALS',
    );
    const res = await signIn({ email: 'dora@acme.example', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('sessions', () => {
  const desktop = async () => (await signIn({ email: 'ann@acme.example', password: PASSWORD, client: 'desktop' })).body;
  const refresh = (refreshToken: string) => server.api().post('/api/auth/refresh', { refreshToken, client: 'desktop' });

  it('rotates the refresh token, and a reused one revokes the whole family', async () => {
    const first = await desktop();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(second.body.refreshToken);
    expect(third.status).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.message).toBe('Failed to sign in');
    // The thief's reuse also kills the legitimate newest token.
    expect((await refresh(third.body.refreshToken)).status).toBe(401);
  });

  it('refreshes a browser session from its cookie and rotates the cookie', async () => {
    const res = await signIn({ email: 'ann@acme.example', password: PASSWORD });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const next = await server.api().request('POST', '/api/auth/refresh', {}, { cookie });
    expect(next.status).toBe(200);
    expect(next.body.refreshToken).toBeUndefined();
    const rotated = (next.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(rotated).not.toBe(cookie);
    expect((await server.api().request('POST', '/api/auth/refresh', {}, { cookie })).status).toBe(401);
  });

  it('signs out by revoking the family', async () => {
    const s = await desktop();
    expect((await server.api().post('/api/auth/sign-out', { refreshToken: s.refreshToken })).status).toBe(204);
    expect((await refresh(s.refreshToken)).status).toBe(401);
  });

  it('verifies access tokens for the 3-minute re-check and refuses forged or missing ones', async () => {
    const s = await desktop();
    const ok = await server.api(s.accessToken).get('/api/auth/verify');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true, employeeId: expect.any(Number), expiresAt: expect.any(String) });
    const [h, p] = s.accessToken.split('.');
    expect((await server.api(`${h}.${p}.forged`).get('/api/auth/verify')).status).toBe(401);
    expect((await server.api().get('/api/auth/verify')).status).toBe(401);
  });

  it('refuses expired access tokens', async () => {
    const later = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '30' });
    try {
      const t = await later.tenant('Later', 'later.example');
      await later.user(t.id, { email: 'x@later.example', roles: ['Employee'] });
      const token = await later.signIn('x@later.example');
      const claims = await later.deps.tokens.verifyAccessToken(token);
      expect(claims!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30_000);
      // A token signed with the same key but already expired.
      const { SignJWT } = await import('jose');
      const secret = await later.db
        .selectFrom('serverSecrets')
        .select('value')
        .where('name', '=', 'jwt')
        .executeTakeFirstOrThrow();
      const expired = await new SignJWT({ tid: t.id, sid: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims!.employeeId))
        .setIssuer('teambeat')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
        .sign(new TextEncoder().encode(secret.value));
      const res = await later.api(expired).get('/api/me');
      expect(res.status).toBe(401);
    } finally {
      await later.close();
    }
  });
});

describe('sign-up, reset and change password', () => {
  it('signs up a newcomer with the e-mailed code and gives them the default role', async () => {
    const body = {
      email: 'newbie@acme.example',
      name: 'New Bie',
      password: 'Nu!Passw0rd',
      confirmPassword: 'Nu!Passw0rd',
    };
    const res = await server.api().post('/api/auth/sign-up', body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ codeSent: true, expiresInMinutes: 15 });
    // Not usable before confirmation.
    expect((await signIn({ email: body.email, password: body.password })).status).toBe(401);
    const mail = await lastEmail(server, body.email);
    const wrong = await server.api().post('/api/auth/sign-up/confirm', {
      email: body.email,
      code: codeFrom(mail?.body) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_CODE');
    expect(
      (await server.api().post('/api/auth/sign-up/confirm', { email: body.email, code: codeFrom(mail?.body) })).status,
    ).toBe(204);
    const token = (await signIn({ email: body.email, password: body.password })).body.accessToken;
    const me = await server.api(token).get('/api/me');
    expect(me.body.employee.name).toBe('New Bie');
    expect(me.body.permissions).toContain('give-feedback');
    expect(me.body.permissions).not.toContain('view-employees');
    // The code is single-use.
    expect(
      (await server.api().post('/api/auth/sign-up/confirm', { email: body.email, code: codeFrom(mail?.body) })).status,
    ).toBe(400);
  });

  it('applies the password rules of the spec', async () => {
    const base = { email: 'rules@acme.example', name: 'R' };
    for (const password of ['Sh0rt!', 'nouppercase1!', 'NOLOWERCASE1!', 'NoDigits!!', 'NoSpecial12', 'Has Space1!']) {
      const res = await server.api().post('/api/auth/sign-up', { ...base, password, confirmPassword: password });
      expect(res.status, password).toBe(400);
      expect(res.body.error.details.fields).toContainEqual({ path: 'body.password', message: MESSAGES.WEAK_PASSWORD });
    }
    const mismatch = await server
      .api()
      .post('/api/auth/sign-up', { ...base, password: 'Good!Pass1', confirmPassword: 'Good!Pass2' });
    expect(mismatch.body.error.details.fields).toContainEqual({
      path: 'body.confirmPassword',
      message: 'Passwords do not match',
    });
    const count = await server.db
      .selectFrom('verificationCodes')
      .select('id')
      .where('email', '=', 'rules@acme.example')
      .execute();
    expect(count).toHaveLength(0);
  });

  it('refuses the most common breached passwords, in any case and with digits or symbols appended', async () => {
    await server.user(tenantId, { email: 'ivy@acme.example', roles: ['Employee'] });
    const token = await server.signIn('ivy@acme.example');
    await server.api().post('/api/auth/forgot-password', { email: 'ivy@acme.example' });
    const code = codeFrom((await lastEmail(server, 'ivy@acme.example'))?.body);
    for (const password of ['P@ssw0rd', 'Password1!', 'Summer2024!', 'qWERTY123!', 'Iloveyou#1']) {
      const fields = { password, confirmPassword: password };
      const answers = [
        await server.api().post('/api/auth/sign-up', { email: 'common@acme.example', name: 'C', ...fields }),
        await server.api().post('/api/auth/reset-password', { email: 'ivy@acme.example', code, ...fields }),
        await server.api(token).post('/api/auth/change-password', { currentPassword: PASSWORD, ...fields }),
      ];
      for (const res of answers) {
        expect(res.status, password).toBe(400);
        expect(res.body.error.code).toBe('COMMON_PASSWORD');
        expect(res.body.error.details.fields).toEqual([{ path: 'body.password', message: MESSAGES.COMMON_PASSWORD }]);
      }
    }
    // Nothing changed: no pending sign-up, the reset code still works, the password is the old one.
    const codes = await server.db
      .selectFrom('verificationCodes')
      .where('email', '=', 'common@acme.example')
      .selectAll()
      .execute();
    expect(codes).toHaveLength(0);
    expect((await signIn({ email: 'ivy@acme.example', password: PASSWORD })).status).toBe(200);
    const reset = await resetPassword(server, 'ivy@acme.example', code, 'Uncommon!Pass7');
    expect(reset.status).toBe(204);
  });

  it('answers a sign-up for an existing or inactive account exactly like a new one, and tells the owner instead', async () => {
    const { id } = await server.user(tenantId, { email: 'quit@acme.example', roles: ['Employee'] });
    await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', id).execute();
    const attempt = (email: string) =>
      server
        .api()
        .post('/api/auth/sign-up', { email, name: 'X', password: 'Good!Pass1', confirmPassword: 'Good!Pass1' });
    const fresh = await attempt('fresh@acme.example');
    expect(fresh.status).toBe(202);
    for (const email of ['ann@acme.example', 'quit@acme.example']) {
      const res = await attempt(email);
      expect(res.status, email).toBe(fresh.status);
      expect(res.body, email).toEqual(fresh.body);
      // The owner gets a notice, not a code, and nothing about the account changed.
      const mail = await lastEmail(server, email);
      expect(mail?.body).toMatch(/already have an account|inactive/);
      expect(mail?.body).not.toMatch(/\d{6}/);
      const resend = await server.api().post('/api/auth/sign-up/resend', { email });
      expect(resend.status, email).toBe(202);
      expect(resend.body).toEqual(fresh.body);
    }
    expect((await signIn({ email: 'ann@acme.example', password: PASSWORD })).status).toBe(200);
    expect((await signIn({ email: 'ann@acme.example', password: 'Good!Pass1' })).status).toBe(401);
    const confirm = await server.api().post('/api/auth/sign-up/confirm', { email: 'ann@acme.example', code: '123456' });
    expect(confirm.body.error.code).toBe('INVALID_CODE');
  });

  it('answers a reset for an unknown address exactly like a wrong code', async () => {
    await server.user(tenantId, { email: 'hal@acme.example', roles: ['Employee'] });
    await server.api().post('/api/auth/forgot-password', { email: 'hal@acme.example' });
    const code = codeFrom((await lastEmail(server, 'hal@acme.example'))?.body);
    const body = {
      code: code === '123456' ? '654321' : '123456',
      password: 'Fresh!Pass9',
      confirmPassword: 'Fresh!Pass9',
    };
    const known = await server.api().post('/api/auth/reset-password', { ...body, email: 'hal@acme.example' });
    const unknown = await server.api().post('/api/auth/reset-password', { ...body, email: 'ghost@acme.example' });
    expect(known.status).toBe(400);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('resets a forgotten password with the code and signs every session out', async () => {
    await server.user(tenantId, { email: 'eve@acme.example', roles: ['Employee'] });
    const before = (await signIn({ email: 'eve@acme.example', password: PASSWORD, client: 'desktop' })).body;
    const unknown = await server.api().post('/api/auth/forgot-password', { email: 'ghost@acme.example' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No user found with this email address');
    expect((await server.api().post('/api/auth/forgot-password', { email: 'eve@acme.example' })).status).toBe(202);
    const code = codeFrom((await lastEmail(server, 'eve@acme.example'))?.body);
    const reset = await resetPassword(server, 'eve@acme.example', code, 'Fresh!Pass9');
    expect(reset.status).toBe(204);
    expect((await signIn({ email: 'eve@acme.example', password: PASSWORD })).status).toBe(401);
    expect((await signIn({ email: 'eve@acme.example', password: 'Fresh!Pass9' })).status).toBe(200);
    expect(
      (await server.api().post('/api/auth/refresh', { refreshToken: before.refreshToken, client: 'desktop' })).status,
    ).toBe(401);
  });

  it('gives up on a code after five wrong guesses', async () => {
    await server.user(tenantId, { email: 'finn@acme.example', roles: ['Employee'] });
    await server.api().post('/api/auth/forgot-password', { email: 'finn@acme.example' });
    const code = codeFrom((await lastEmail(server, 'finn@acme.example'))?.body);
    const wrong = code === '123456' ? '654321' : '123456';
    const attempt = (c: string) =>
      server.api().post('/api/auth/reset-password', {
        email: 'finn@acme.example',
        code: c,
        password: 'Fresh!Pass9',
        confirmPassword: 'Fresh!Pass9',
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt(wrong)).status).toBe(400);
    expect((await attempt(code)).body.error.code).toBe('INVALID_CODE');
  });

  it('compares no more than five of 20 parallel guesses at a code', async () => {
    // Called directly: over HTTP each guess here finishes before the next is read, so none would overlap.
    const email = 'gil@acme.example';
    const code = await createCode(server.deps, tenantId, email, 'reset-password');
    const guess = (c: string) => consumeCode(server.deps, tenantId, email, 'reset-password', c);
    const compared = vi.spyOn(server.deps.tokens, 'hashCode');
    try {
      const answers = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => guess(String((Number(code.value) + 1 + i) % 1_000_000).padStart(6, '0'))),
      );
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 'rejected', reason: { code: 'INVALID_CODE' } });
      expect(compared.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      compared.mockRestore();
    }
    await expect(guess(code.value)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    await server.user(tenantId, { email: 'gus@acme.example', roles: ['Employee'] });
    const here = (await signIn({ email: 'gus@acme.example', password: PASSWORD, client: 'desktop' })).body;
    const other = (await signIn({ email: 'gus@acme.example', password: PASSWORD, client: 'desktop' })).body;
    const api = server.api(here.accessToken);
    const bad = await api.post('/api/auth/change-password', {
      currentPassword: 'Nope!123',
      password: 'Next!Pass1',
      confirmPassword: 'Next!Pass1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('CURRENT_PASSWORD_INCORRECT');
    const ok = await api.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      password: 'Next!Pass1',
      confirmPassword: 'Next!Pass1',
    });
    expect(ok.status).toBe(204);
    expect(
      (await server.api().post('/api/auth/refresh', { refreshToken: here.refreshToken, client: 'desktop' })).status,
    ).toBe(200);
    expect(
      (await server.api().post('/api/auth/refresh', { refreshToken: other.refreshToken, client: 'desktop' })).status,
    ).toBe(401);
  });
});

describe('rate limits', () => {
  it('throttles sign-in attempts with 429 (per address and per account: auth-lockout.test.ts)', async () => {
    const limited = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await limited.api().post('/api/auth/sign-in', { email: 'x@nowhere.example', password: 'x' })).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([403, 403, 403]);
      const last = await limited.api().post('/api/auth/sign-in', { email: 'x@nowhere.example', password: 'x' });
      expect(last.status).toBe(429);
      expect(last.body.error.code).toBe('RATE_LIMITED');
      expect(last.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
