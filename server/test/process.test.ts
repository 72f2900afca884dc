/** The real entry point as a process: configuration errors, start-up banner, graceful shutdown. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.js';
import { freePort } from './free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', RENDERER_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(predicate: () => boolean, ms = 30_000, pollMs = 50) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('server process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const p = run({ ...db.env, PORT: 'eighty', CORS_ORIGINS: 'not a url' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT: must be a whole number from 0 to 65535');
    expect(p.output()).toContain('CORS_ORIGINS: "not a url" is not an origin');
  });

  it('seeds the demo, prints the sign-in, and finishes an in-flight request on SIGTERM', async () => {
    const port = await freePort();
    const p = run({ ...db.env, PORT: String(port), HOST: '127.0.0.1', DEMO_PASSWORD: 'Demo!Pass1', LOG_LEVEL: 'info' });
    await waitFor(() => p.output().includes('Demo sign-in'));
    // A password set in DEMO_PASSWORD is a secret: the banner names the variable, not the value.
    expect(p.output()).toContain('Demo sign-in: admin@northwind.example with the password set in DEMO_PASSWORD');
    expect(p.output()).not.toContain('Demo!Pass1');
    // Sign-in spends tens of milliseconds hashing: the signal arrives while it is in flight.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@northwind.example', password: 'Demo!Pass1', client: 'desktop' }),
    });
    // Signal once the server has the request (it logs "incoming request"), before it answers.
    await waitFor(() => p.output().includes('"url":"/api/auth/sign-in"'), 30_000, 1);
    p.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await p.exited).toBe(0);
    // The request was still being handled when the shutdown began.
    const log = p.output();
    expect(log.indexOf('shutting down')).toBeGreaterThan(-1);
    expect(log.indexOf('shutting down')).toBeLessThan(log.indexOf('request completed'));
    // The database was closed cleanly and the data is there for the next start.
    const rows = await db.handle.db.selectFrom('employees').select('id').execute();
    expect(rows.length).toBe(60);
  });

  it('never prints a credential: not the database password in the banner, not a token in a request log line', async () => {
    const port = await freePort();
    const secret = 'Sup3rS3cretPw';
    // On PostgreSQL the test cluster trusts local connections, so a password in the URL is carried but
    // not checked: the server starts with it. On SQLite the location is a file; the request log still counts.
    const env: Record<string, string> = { ...db.env };
    if (env['DATABASE_URL']) {
      const url = new URL(env['DATABASE_URL']);
      url.username = 'postgres';
      url.password = secret;
      // libpq and pg also take the password as a query parameter, which the location printed whole.
      url.searchParams.set('password', secret);
      env['DATABASE_URL'] = url.toString();
    }
    const p = run({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false' });
    await waitFor(() => p.output().includes('Teambeat is running at'));
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIz';
    await fetch(`http://127.0.0.1:${port}/api/health?token=${secret}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await waitFor(() => p.output().includes('request completed'));
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const output = p.output();
    if (env['DATABASE_URL']) expect(output).toMatch(/Database: postgres at postgres:\/\/\S*\?password=\*\*\*\n/);
    expect(output).toContain('/api/health?token=***');
    expect(output).not.toContain(secret);
    expect(output).not.toContain(token);
  });
});
