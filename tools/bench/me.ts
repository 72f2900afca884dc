/**
 * Benchmark of GET /api/me: requests per second and p99 latency under load from this process, against
 * the real server in a child process (SQLite by default, PostgreSQL with DATABASE_URL), beside a bare
 * Fastify route returning a constant in another child process, measured in the same run. The ratio is
 * the figure to compare across machines; peak server memory is the child's VmHWM.
 *
 *   npm run bench:me -- [--duration 10] [--connections 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../../server/test/free-port.js';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, '../..');

async function startChild(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(`${url}/api/health`);
      return { child, url };
    } catch {
      try {
        await fetch(`${url}/constant`);
        return { child, url };
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

function peakMemoryMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-'));
const api = await startChild('server/src/main.ts', {
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  DEMO_PASSWORD: 'Bench!Pass1',
  RENDERER_DIR: '/nonexistent',
});
const baseline = await startChild('tools/bench/baseline-server.ts', {});
try {
  const signIn = await fetch(`${api.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@northwind.example', password: 'Bench!Pass1', client: 'desktop' }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const base = await load(`${baseline.url}/constant`);
  const me = await load(`${api.url}/api/me`, { authorization: `Bearer ${accessToken}` });
  const engine = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
  console.log(
    `GET /api/me benchmark (${engine}, ${connections} connections, ${duration}s, load from a separate process)`,
  );
  console.log(`  baseline constant route: ${base.rps.toFixed(0)} req/s, p50 ${base.p50} ms, p99 ${base.p99} ms`);
  console.log(`  GET /api/me:             ${me.rps.toFixed(0)} req/s, p50 ${me.p50} ms, p99 ${me.p99} ms`);
  console.log(
    `  ratio /api/me ÷ baseline: throughput ${(me.rps / base.rps).toFixed(3)}, p99 latency ×${(me.p99 / Math.max(base.p99, 1)).toFixed(1)}`,
  );
  console.log(`  peak server memory (VmHWM): ${peakMemoryMiB(api.child.pid).toFixed(1)} MiB`);
} finally {
  api.child.kill('SIGTERM');
  baseline.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
