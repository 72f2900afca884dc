/**
 * Benchmark of the workforce reads on a large tenant (2,000 employees, two years of attendance by
 * default): the month view of a random employee and month, and the productivity overview of a random
 * team over the default 90 days and of the whole company. Each is measured as p50/p99 latency and
 * requests per second under load, beside a bare indexed lookup on the same database in the same run
 * (tools/bench/lookup-server.ts: one employee's month of attendance rows through the unique index, no
 * authentication or shaping). The ratios are the figures to compare across machines.
 *
 *   npm run bench:workforce -- [--employees 2000] [--years 2] [--duration 10] [--connections 10]
 *
 * SQLite by default (a fresh temporary DATA_DIR). With DATABASE_URL it runs on PostgreSQL; that database
 * must be empty (the benchmark creates the tables and leaves them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, formatISO } from 'date-fns';
import { sql } from 'kysely';
import { flags, load, openEmptyDatabase, peakMemoryMiB, signIn, startChild, type LoadResult } from './harness.js';
import { buildBenchTenant } from './workforce-data.js';

const values = flags({ employees: 2000, years: 2, duration: 10, connections: 10 });
const { duration, connections } = values;
const PASSWORD = 'Bench!Pass1';
const engine = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
const log = (line: string) => console.log(line);

/** A deterministic sequence, so the same requests are made in every run. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-'));
const now = new Date();
log(`Workforce benchmark (${engine}): building ${values.employees} employees × ${values.years} years of attendance`);
const building = Date.now();
const handle = await openEmptyDatabase(process.env['DATABASE_URL'], dataDir);
const tenant = await buildBenchTenant(handle.db, {
  employees: values.employees,
  years: values.years,
  password: PASSWORD,
  now,
  log,
});
// As autovacuum would soon after such a load: without statistics PostgreSQL reads a team's days through the
// tenant's whole date range (attendance_days_tenant_day) instead of their key.
if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
await handle.close();
log(
  `  ${tenant.attendanceRows} attendance rows (${tenant.firstDate} … ${tenant.lastDate}) with a break each, built in ${((Date.now() - building) / 1000).toFixed(0)}s`,
);

const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', RENDERER_DIR: '/nonexistent' };
const api = await startChild('server/src/main.ts', env, '/api/health');
const lookup = await startChild('tools/bench/lookup-server.ts', env, '/plan');
try {
  const headers = { authorization: `Bearer ${await signIn(api.url, tenant.adminEmail, PASSWORD)}` };
  const months: string[] = [];
  for (let d = new Date(`${tenant.firstDate}T12:00:00Z`); d <= now; d = addDays(d, 28)) {
    const month = formatISO(d, { representation: 'date' }).slice(0, 7);
    if (!months.includes(month)) months.push(month);
  }
  const pick = sequence(42);
  const randomEmployee = () => tenant.employeeIds[pick(tenant.employeeIds.length)]!;
  const randomMonth = () => months[pick(months.length)]!;
  const today = formatISO(now, { representation: 'date' });
  const ninetyDaysBack = formatISO(addDays(now, -90), { representation: 'date' });

  const plan = (await (await fetch(`${lookup.url}/plan`)).json()) as { plan: string };
  log(`  baseline query plan: ${plan.plan}`);

  const results: [string, LoadResult][] = [];
  const run = async (label: string, url: string, nextPath: () => string, withAuth: boolean) => {
    const probe = await fetch(`${url}${nextPath()}`, withAuth ? { headers } : {});
    if (!probe.ok) throw new Error(`${label}: ${probe.status} ${await probe.text()}`);
    const result = await load(url, { connections, duration, nextPath, ...(withAuth ? { headers } : {}) });
    results.push([label, result]);
  };
  await run(
    'baseline: indexed lookup of a month',
    lookup.url,
    () => {
      const month = randomMonth();
      return `/lookup?tenantId=${tenant.tenantId}&employeeId=${randomEmployee()}&from=${month}-01&to=${month}-31`;
    },
    false,
  );
  await run(
    'GET /api/attendance/month',
    api.url,
    () => `/api/attendance/month?employeeId=${randomEmployee()}&month=${randomMonth()}`,
    true,
  );
  await run(
    'GET /api/productivity/overview (a team, 90 days)',
    api.url,
    () =>
      `/api/productivity/overview?startDate=${ninetyDaysBack}&endDate=${today}&teamId=${tenant.teamIds[pick(tenant.teamIds.length)]}`,
    true,
  );
  await run(
    'GET /api/productivity/overview (company, 90 days)',
    api.url,
    () => `/api/productivity/overview?startDate=${ninetyDaysBack}&endDate=${today}`,
    true,
  );

  const base = results[0]![1];
  log(`\n  ${connections} connections, ${duration}s each after a 2s warm-up, load from this process`);
  const width = Math.max(...results.map(([label]) => label.length));
  for (const [label, r] of results) {
    const ratio =
      r === base
        ? ''
        : `   p50 ×${(r.p50 / Math.max(base.p50, 0.1)).toFixed(1)}, p99 ×${(r.p99 / Math.max(base.p99, 0.1)).toFixed(1)} of baseline`;
    log(
      `  ${label.padEnd(width)}  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  ${r.rps.toFixed(0).padStart(6)} req/s${ratio}`,
    );
  }
  log(`  peak API memory (VmHWM): ${peakMemoryMiB(api.child.pid).toFixed(1)} MiB`);
} finally {
  await api.stop();
  await lookup.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
