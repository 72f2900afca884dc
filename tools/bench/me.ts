/**
 * Benchmark of GET /api/me: requests per second and p99 latency under load from this process, against
 * the real server in a child process (SQLite by default, PostgreSQL with DATABASE_URL), beside a bare
 * Fastify route returning a constant in another child process, measured in the same run. The ratio is
 * the figure to compare across machines; peak server memory is the child's VmHWM.
 *
 *   npm run bench:me -- [--duration 10] [--connections 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flags, load, peakMemoryMiB, signIn, startChild } from './harness.js';

const { duration, connections } = flags({ duration: 10, connections: 20 });

const dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-'));
const api = await startChild(
  'server/src/main.ts',
  { DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_PASSWORD: 'Bench!Pass1', RENDERER_DIR: '/nonexistent' },
  '/api/health',
);
const baseline = await startChild('tools/bench/baseline-server.ts', {}, '/constant');
try {
  const accessToken = await signIn(api.url, 'admin@northwind.example', 'Bench!Pass1');
  const base = await load(`${baseline.url}/constant`, { connections, duration });
  const me = await load(`${api.url}/api/me`, {
    connections,
    duration,
    headers: { authorization: `Bearer ${accessToken}` },
  });
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
  await api.stop();
  await baseline.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
