/**
 * Lockout and sign-in limits under attack: parallel guesses at one account, and guesses at one account
 * spread over many client addresses. The argon2 library is wrapped (not replaced) to count how many
 * guesses were really checked against an account's hash; everything else is the real server.
 */
import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from './harness.js';

const checkedHashes = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (hash: string | Uint8Array, password: string | Uint8Array, ...rest: unknown[]) => {
      checkedHashes.push(String(hash));
      return (real.verify as (...args: unknown[]) => Promise<boolean>)(hash, password, ...rest);
    },
  };
});

// The API suite shares one module graph between test files (vitest `isolate: false`), so the server may
// already be loaded with the real library: load it again, with the wrapper, for this file.
vi.resetModules();
const { lastEmail, PASSWORD, startServer } = await import('./harness.js');

const THRESHOLD = 3;
let server: TestServer;
let tenantId: number;
beforeAll(async () => {
  server = await startServer({ LOCKOUT_THRESHOLD: String(THRESHOLD), LOCKOUT_MINUTES: '15' });
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
});
afterAll(() => server.close());

const signIn = (body: Record<string, unknown>) => server.api().post('/api/auth/sign-in', body);
const hashOf = async (email: string) =>
  (await server.db.selectFrom('employees').select('passwordHash').where('email', '=', email).executeTakeFirstOrThrow())
    .passwordHash!;

describe('lockout', () => {
  it('checks no more than the threshold of 20 parallel wrong guesses, and then the account is locked', async () => {
    const email = 'par@acme.example';
    await server.user(tenantId, { email, roles: ['Employee'] });
    const hash = await hashOf(email);
    checkedHashes.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn({ email, password: `Wrong!Guess${i}` })),
    );
    const checked = checkedHashes.filter((h) => h === hash).length;
    // At least one: the wrapper above is in place (a test that counted nothing would prove nothing).
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THRESHOLD);
    // Every one of them, checked or refused by the lock, answers exactly like a wrong password.
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.error.code).toBe('INVALID_CREDENTIALS');
    // Locked: even the right password does not sign in now.
    expect((await signIn({ email, password: PASSWORD })).status).not.toBe(200);
    const row = await server.db
      .selectFrom('employees')
      .select(['lockedUntil'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(new Date(row.lockedUntil!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('answers a locked account exactly like a wrong password, tells the owner by e-mail, and unlocks later', async () => {
    const email = 'lock@acme.example';
    await server.user(tenantId, { email, roles: ['Employee'] });
    const wrongBeforeLock = await signIn({ email, password: 'Bad!pass1' });
    for (let i = 1; i < THRESHOLD; i += 1) await signIn({ email, password: 'Bad!pass1' });
    const wrongWhileLocked = await signIn({ email, password: 'Bad!pass1' });
    const rightWhileLocked = await signIn({ email, password: PASSWORD });
    for (const answer of [wrongWhileLocked, rightWhileLocked]) {
      expect(answer.status).toBe(wrongBeforeLock.status);
      expect(answer.body).toEqual(wrongBeforeLock.body);
      expect(answer.headers.get('retry-after')).toBeNull();
    }
    // Only the mailbox owner learns of the lock, and how to get in sooner.
    await expect.poll(async () => (await lastEmail(server, email))?.subject).toMatch(/locked/i);
    expect((await lastEmail(server, email))!.body).toMatch(/Forgot password/);
    await server.db
      .updateTable('employees')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await signIn({ email, password: PASSWORD })).status).toBe(200);
  });

  it('counts failures again from zero after a lock lapses and after a successful sign-in', async () => {
    const email = 'again@acme.example';
    await server.user(tenantId, { email, roles: ['Employee'] });
    for (let i = 1; i < THRESHOLD; i += 1) await signIn({ email, password: 'Bad!pass1' });
    expect((await signIn({ email, password: PASSWORD })).status).toBe(200);
    for (let i = 1; i < THRESHOLD; i += 1) await signIn({ email, password: 'Bad!pass1' });
    expect((await signIn({ email, password: PASSWORD })).status).toBe(200);
  });
});

describe('sign-in limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
    const t = await limited.tenant('Limited', 'limited.example');
    await limited.user(t.id, { email: 'target@limited.example', roles: ['Employee'] });
  });
  afterAll(() => limited.close());
  const from = (ip: string, body: unknown, url = '/api/auth/sign-in') =>
    limited.api().request('POST', url, body, { 'x-forwarded-for': ip });

  it('limits guesses at one account however many client addresses they come from', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // The same account, written differently each time.
      const email = i % 2 ? 'TARGET@limited.example' : ' target@Limited.Example';
      statuses.push((await from(`198.51.100.${i + 1}`, { email, password: `Wrong!Guess${i}` })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const last = await from('198.51.100.99', { email: 'target@limited.example', password: PASSWORD });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits one client address however many accounts it tries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await from('203.0.113.7', { email: `user${i}@limited.example`, password: 'Wrong!1a' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits each e-mailed-code route per account too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const body = {
        email: 'target@limited.example',
        code: '123456',
        password: 'Fresh!Pass9',
        confirmPassword: 'Fresh!Pass9',
      };
      statuses.push((await from(`192.0.2.${i + 1}`, body, '/api/auth/reset-password')).status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
