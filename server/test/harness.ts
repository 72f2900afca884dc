/**
 * Starts the real API over real HTTP on a free port, on a fresh database of the engine under test
 * (TEST_DB=sqlite or postgres; the PostgreSQL cluster comes from postgres-cluster.ts), and cleans up.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PermissionName, ActivityKey } from '../../shared/permissions.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Deps } from '../src/deps.js';
import { openDatabase, type DatabaseHandle, type Engine } from '../src/db/engine.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTenantWithRoles } from '../src/seed/tenant.js';
import { testClient, type TestClient } from './client.js';
import { factories, PASSWORD, type Factories } from './factories.js';

export const ENGINE: Engine = process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'sqlite';
export { PASSWORD };

/**
 * SQLite's migrated template: one file per worker (test files of a worker share this module), migrated once and
 * copied for each test database that asks for a migrated one, as PostgreSQL's tests copy the template database
 * their global setup migrated (postgres-cluster.ts).
 */
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teambeat-template-'));
    const file = path.join(dir, 'migrated.sqlite');
    const handle = openDatabase({ sqliteFile: file });
    try {
      await migrateToLatest(handle.db, handle.engine);
    } finally {
      // Closing checkpoints the write-ahead log into the file, so the file alone is the whole database.
      await handle.close();
    }
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return file;
  })();
  return sqliteTemplate;
}

/** A fresh database of the engine under test, migrated to the latest version unless `migrate` is false. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<{
  handle: DatabaseHandle;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const migrate = options.migrate !== false;
  if (ENGINE === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `tb_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(migrate ? `create database ${name} template ${inject('pgTemplate')}` : `create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase({ databaseUrl: url.toString(), sqliteFile: '', poolSize: 5 });
    return {
      handle,
      env: { DATABASE_URL: url.toString() },
      drop: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'teambeat-test-'));
  const file = path.join(dir, 'teambeat.sqlite');
  if (migrate) copyFileSync(await migratedSqliteFile(), file);
  const handle = openDatabase({ sqliteFile: file });
  return {
    handle,
    env: { DATA_DIR: dir },
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first bytes of a streamed answer, then the stream is closed. */
async function firstChunk(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

export type Reply<T = unknown> = { status: number; body: T; headers: Headers };

export type Api = {
  get: <T = any>(url: string) => Promise<Reply<T>>;
  post: <T = any>(url: string, body?: unknown) => Promise<Reply<T>>;
  patch: <T = any>(url: string, body?: unknown) => Promise<Reply<T>>;
  put: <T = any>(url: string, body?: unknown) => Promise<Reply<T>>;
  delete: <T = any>(url: string) => Promise<Reply<T>>;
  request: <T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<Reply<T>>;
};

export type TestServer = {
  url: string;
  deps: Deps;
  db: Deps['db'];
  /** PostgreSQL: the test database's URL, for a second process on it (a listener of its own). */
  databaseUrl: string | undefined;
  /** The server's clock (the test's, when it gave one). */
  now: () => Date;
  app: FastifyInstance;
  /** Calls endpoints of the map in-process, typed by their contracts (client.ts). */
  client: TestClient;
  /** Row factories for one tenant, stamped with the server's clock (factories.ts). */
  factories: (tenantId: number) => Factories;
  api: (token?: string) => Api;
  tenant: (name: string, emailDomain: string) => Promise<{ id: number; roleIds: Map<string, number> }>;
  /** An employee with the given seeded roles, or a fresh role holding exactly `grants`. */
  user: (
    tenantId: number,
    options: { email: string; name?: string; roles?: string[]; grants?: PermissionName[]; activities?: ActivityKey[] },
  ) => Promise<{ id: number; email: string }>;
  signIn: (email: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
};

export async function startServer(env: Record<string, string> = {}, now?: () => Date): Promise<TestServer> {
  const { handle, drop, env: databaseEnv } = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RENDERER_DIR: '/nonexistent',
    // zod checks every answer against its contract, and the served text must be the one it writes.
    VALIDATE_RESPONSES: 'true',
    ...env,
  });
  const { app, deps } = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    ...(databaseEnv['DATABASE_URL'] ? { databaseUrl: databaseEnv['DATABASE_URL'] } : {}),
    ...(now ? { now } : {}),
  });
  const clock = now ?? (() => new Date());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const api = (token?: string): Api => {
    const request = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const init: RequestInit = { method, headers: { ...headers } };
      if (token) (init.headers as Record<string, string>)['authorization'] = `Bearer ${token}`;
      if (body !== undefined) {
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      const res = await fetch(`${address}${url}`, init);
      // A live stream never ends: its answer here is what it sends first (the notifications' counts).
      const text = res.headers.get('content-type')?.startsWith('text/event-stream')
        ? await firstChunk(res)
        : await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as any, headers: res.headers };
    };
    return {
      request,
      get: (url) => request('GET', url),
      post: (url, body) => request('POST', url, body),
      patch: (url, body) => request('PATCH', url, body),
      put: (url, body) => request('PUT', url, body),
      delete: (url) => request('DELETE', url),
    };
  };

  const server: TestServer = {
    url: address,
    deps,
    db: handle.db,
    databaseUrl: databaseEnv['DATABASE_URL'],
    now: clock,
    app,
    client: testClient(app),
    factories: (tenantId) => factories(handle.db, tenantId, { now: clock }),
    api,
    async tenant(name, emailDomain) {
      const { tenantId, roleIds } = await createTenantWithRoles(handle.db, { name, emailDomain }, clock());
      return { id: tenantId, roleIds };
    },
    async user(tenantId, options) {
      const row = await server.factories(tenantId).employee({
        email: options.email,
        name: options.name ?? options.email.split('@')[0]!,
        roles: options.roles ?? [],
        ...(options.grants || options.activities
          ? { grants: options.grants ?? [], activities: options.activities }
          : {}),
      });
      return { id: row.id, email: row.email };
    },
    async signIn(email, password = PASSWORD) {
      const res = await api().post<{ accessToken: string }>('/api/auth/sign-in', {
        email,
        password,
        client: 'desktop',
      });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.accessToken;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
  return server;
}

/** The newest e-mail in the outbox for an address: how tests read the codes users receive. */
export async function lastEmail(server: TestServer, to: string) {
  return server.db
    .selectFrom('outboxEmails')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function codeFrom(body: string | undefined): string {
  const match = /(\d{6})/.exec(body ?? '');
  if (!match) throw new Error(`no code in e-mail: ${body}`);
  return match[1]!;
}

/** Sets a new password with a reset code, typed twice as the form does; answers the API's reply. */
export function resetPassword(server: TestServer, email: string, code: string, password: string) {
  return server.api().post('/api/auth/reset-password', { email, code, password, confirmPassword: password });
}

/** A company on `domain` with its administrator, admin@<domain>, signed in: where most suites start. */
export async function companyWithAdmin(server: TestServer, name = 'Acme', domain = 'acme.example') {
  const { id: tenantId, roleIds } = await server.tenant(name, domain);
  const { id: adminId } = await server.user(tenantId, { email: `admin@${domain}`, roles: ['Administrator'] });
  const adminToken = await server.signIn(`admin@${domain}`);
  return { tenantId, roleIds, adminId, adminToken, admin: server.api(adminToken) };
}
