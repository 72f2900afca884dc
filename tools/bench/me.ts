/**
 * Benchmark of GET /api/me: requests per second and p99 latency under load from this process, against
 * the real server in a child process (SQLite by default; `--engine postgres` in DATABASE_URL, which must
 * be empty, or else in a throwaway local cluster), beside a bare Fastify route returning a constant in
 * another child process, measured in the same run. The ratio is the figure to compare across machines,
 * with each server's CPU microseconds per request (from /proc, which other load on the machine distorts
 * less); peak server memory is the child's VmHWM. `--profile DIR` writes a V8 CPU profile of the API
 * process there (open it in Chrome's DevTools).
 *
 *   npm run bench:me -- [--engine sqlite|postgres] [--duration 10] [--connections 20] [--profile DIR]
 */
import path from 'node:path';
import { benchStorage, flags, load, peakMemoryMiB, signIn, startChild } from './harness.js';

// `profile`: a directory for a V8 CPU profile of the API process; empty for none. The engine is PostgreSQL
// by default when DATABASE_URL is set, as before the flag.
const { duration, connections, profile, engine } = flags({
  duration: 10,
  connections: 20,
  profile: '',
  engine: process.env['DATABASE_URL'] ? 'postgres' : 'sqlite',
});
if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--engine: sqlite or postgres, not ${engine}`);

const storage = await benchStorage(engine);
const api = await startChild(
  'server/src/main.ts',
  {
    DATA_DIR: storage.dataDir,
    // Empty for SQLite: not the DATABASE_URL this process may have been given.
    DATABASE_URL: storage.databaseUrl ?? '',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: 'Bench!Pass1',
    RENDERER_DIR: '/nonexistent',
  },
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
  storage.dispose();
}
