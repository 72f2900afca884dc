/**
 * What the HTTP benchmarks share: child servers on free ports, autocannon load, the server's CPU time per
 * request, peak memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/src/db/engine.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { freePort } from '../../server/test/free-port.js';
import { startPostgresCluster, type PostgresCluster } from '../../server/test/postgres-cluster.js';

export const root = path.resolve(import.meta.dirname, '../..');

type Flags<T> = { [K in keyof T]: T[K] extends number ? number : string };

/**
 * A benchmark's flags, `--name <value>` for each default given (the README lists them): a flag whose default
 * is a number is answered as a number.
 */
export function flags<T extends Record<string, string | number>>(defaults: T): Flags<T> {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => [name, { type: 'string' as const, default: String(value) }]),
    ),
  });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'number' ? Number(values[name]) : values[name],
    ]),
  ) as Flags<T>;
}

/**
 * The benchmark's database, migrated: PostgreSQL at `databaseUrl`, else SQLite in `dataDir`. One that holds
 * data already is refused, so a benchmark never builds its tenant into a database someone uses.
 */
export async function openEmptyDatabase(databaseUrl: string | undefined, dataDir: string) {
  const handle = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'teambeat.sqlite') });
  await migrateToLatest(handle.db, handle.engine);
  if ((await handle.db.selectFrom('tenants').select('id').limit(1).execute()).length > 0) {
    await handle.close();
    throw new Error('DATABASE_URL must point at an empty database');
  }
  return handle;
}

/**
 * Where one engine's run keeps its data: a fresh temporary DATA_DIR, and for PostgreSQL DATABASE_URL or a
 * throwaway local cluster (server/test/postgres-cluster.ts). `dispose` stops the cluster and removes the dir.
 */
export async function benchStorage(
  engine: 'sqlite' | 'postgres',
): Promise<{ dataDir: string; databaseUrl: string | undefined; dispose: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-'));
  let cluster: PostgresCluster | undefined;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    databaseUrl = process.env['DATABASE_URL'];
    if (!databaseUrl) {
      cluster = await startPostgresCluster();
      databaseUrl = cluster.adminUrl;
    }
  }
  return {
    dataDir,
    databaseUrl,
    dispose: () => {
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Child = { child: ChildProcess; url: string; stop: () => Promise<void> };

/**
 * Runs a TypeScript entry point with tsx on a free port and waits until `readyPath` answers. `nodeArgs`
 * go to node itself (`--cpu-prof` to profile the server).
 */
export async function startChild(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: readonly string[] = [],
): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${url}${readyPath}`);
      return { child, url, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`${script} did not start`);
}

export function peakMemoryMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** User and system CPU time a process has used so far, in microseconds (Linux /proc, clock ticks of 10 ms). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are
  // the 14th and 15th fields of the line, the 12th and 13th after the parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/**
 * `timeouts`: requests unanswered after autocannon's 10 s (counted only with `tolerateTimeouts`).
 * `cpuPerRequest`: microseconds of the server process's CPU per answered request during the measured
 * run (NaN without `serverPid`). Load from other processes distorts it far less than latency.
 */
export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  timeouts: number;
  cpuPerRequest: number;
};

/**
 * A warm-up, then `duration` seconds of load. `nextPath`, when given, picks the path of every request
 * (so a benchmark can spread requests over many employees and months instead of one cached answer);
 * `nextRequest` picks its path and headers (so requests can come from several signed-in people).
 * Errors end the benchmark, but with `tolerateTimeouts` requests that time out are counted instead (a
 * "before" measurement may be that slow).
 */
export async function load(
  url: string,
  options: {
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    nextPath?: () => string;
    nextRequest?: () => { path: string; headers?: Record<string, string> };
    tolerateTimeouts?: boolean;
    /** The server's process, whose CPU time per request is measured. */
    serverPid?: number | undefined;
  },
): Promise<LoadResult> {
  const { nextPath, nextRequest } = options;
  const requests: autocannon.Request[] | undefined = nextRequest
    ? [
        {
          setupRequest: (request) => {
            const { path, headers } = nextRequest();
            return { ...request, path, headers: { ...request.headers, ...headers } };
          },
        },
      ]
    : nextPath
      ? [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }]
      : undefined;
  const common = {
    url,
    connections: options.connections,
    headers: options.headers ?? {},
    ...(requests ? { requests } : {}),
  };
  await autocannon({ ...common, duration: 2 });
  const { serverPid } = options;
  const cpuBefore = serverPid ? cpuMicros(serverPid) : NaN;
  const result = await autocannon({ ...common, duration: options.duration });
  const cpu = serverPid ? cpuMicros(serverPid) - cpuBefore : NaN;
  const errors = options.tolerateTimeouts ? result.errors - result.timeouts : result.errors;
  if (result.non2xx > 0 || errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    timeouts: options.tolerateTimeouts ? result.timeouts : 0,
    cpuPerRequest: cpu / result.requests.total,
  };
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, client: 'desktop' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
