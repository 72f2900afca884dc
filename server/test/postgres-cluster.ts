/**
 * Vitest global setup for the PostgreSQL project: a throwaway cluster from the local PostgreSQL
 * binaries on a free port, removed afterwards. PostgreSQL refuses to run as root, so as root the
 * cluster runs as the unprivileged "postgres" user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/engine.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** A database migrated to the latest version, copied by every test that asks for a migrated one. */
    pgTemplate: string;
  }
}

/** The template every migrated test database is created from (server/test/harness.ts). */
export const MIGRATED_TEMPLATE = 'tb_migrated';

function findBinary(name: string): string {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  // Debian's postgresql package keeps the server binaries off the PATH.
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort().reverse()) {
      const candidate = path.join(base, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(
    `PostgreSQL's ${name} was not found: install PostgreSQL (apt-get install postgresql) to run the tests.`,
  );
}

export type PostgresCluster = { adminUrl: string; stop: () => void };

/**
 * Starts a throwaway cluster (trust authentication, fsync off) on a free loopback port; `stop` ends it
 * and removes its files. Also used by the benchmarks (tools/bench/feedback.ts).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  const root = mkdtempSync(path.join(tmpdir(), 'teambeat-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  run(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  run(pgCtl, ['-D', dataDir, '-l', path.join(root, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Migrates one database to the latest version, once per run: each test's `create database … template` copies it
 * in a fraction of a second, where migrating every test's own database took 1-2.5 s (about a hundred of them).
 */
async function createMigratedTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${MIGRATED_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${MIGRATED_TEMPLATE}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqliteFile: '', poolSize: 1 });
  try {
    await migrateToLatest(handle.db, handle.engine);
  } finally {
    // A template may have no open connection while it is copied.
    await handle.close();
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  try {
    await createMigratedTemplate(cluster.adminUrl);
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgTemplate', MIGRATED_TEMPLATE);
  return cluster.stop;
}
