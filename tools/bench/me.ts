/**
 * Benchmark of GET /api/me: requests per second and p99 latency under load from this process, against
 * the real server in a child process (SQLite by default, PostgreSQL with DATABASE_URL), beside a bare
 * Fastify route returning a constant in another child process, measured in the same run. The ratio is
 * the figure to compare across machines, with each server's CPU microseconds per request (from /proc,
 * which other load on the machine distorts less); peak server memory is the child's VmHWM. `--profile
 * DIR` writes a V8 CPU profile of the API process there (open it in Chrome's DevTools).
 *
 *   npm run bench:me -- [--duration 10] [--connections 20] [--profile DIR]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flags, load, peakMemoryMiB, signIn, startChild } from './harness.js';

// `profile`: a directory for a V8 CPU profile of the API process; empty for none.
const { duration, connections, profile } = flags({ duration: 10, connections: 20, profile: '' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-'));
const api = await startChild(
  'server/src/main.ts',
  { DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_PASSWORD: 'Bench!Pass1', RENDERER_DIR: '/nonexistent' },
  '/api/health',
  profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profile)] : [],
);
const baseline = await startChild('tools/bench/baseline-server.ts', {}, '/constant');
try {
  const accessToken = await signIn(api.url, 'admin@northwind.example', 'Bench!Pass1');
  const base = await load(`${baseline.url}/constant`, { connections, duration, serverPid: baseline.child.pid });
  const me = await load(`${api.url}/api/me`, {
    connections,
    duration,
    serverPid: api.child.pid,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const engine = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
  console.log(
    `GET /api/me benchmark (${engine}, ${connections} connections, ${duration}s, load from a separate process)`,
  );
  const line = (r: typeof me) =>
    `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuPerRequest.toFixed(0)} µs CPU/request`;
  console.log(`  baseline constant route: ${line(base)}`);
  console.log(`  GET /api/me:             ${line(me)}`);
  console.log(
    `  ratio /api/me ÷ baseline: throughput ${(me.rps / base.rps).toFixed(3)}, p99 latency ×${(me.p99 / Math.max(base.p99, 1)).toFixed(1)}, CPU per request ×${(me.cpuPerRequest / base.cpuPerRequest).toFixed(1)}`,
  );
  console.log(`  peak server memory (VmHWM): ${peakMemoryMiB(api.child.pid).toFixed(1)} MiB`);
} finally {
  await api.stop();
  await baseline.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
