/**
 * Benchmark of the feedback reads on a large tenant (2,000 employees, two years of feedback, about
 * 500,000 rows by default; tools/bench/feedback-data.ts), on SQLite and on PostgreSQL in one run: one
 * employee's Received list (page 1), the same with a category filter, one employee's list read by the
 * administrator, a lead's My team list, one employee's overview and 6-month trend, a team's overview
 * (a lead's), and each Home widget (one employee's), each as p50/p99 latency and requests per second under load
 * from this process, beside a bare indexed lookup on the same database in the same run
 * (tools/bench/lookup-server.ts `/feedback-lookup`: the newest 10 feedback of one receiver through the
 * (tenant_id, receiver_id, created_at) index, no authentication or shaping). The ratios are the figures
 * to compare across machines.
 *
 *   npm run bench:feedback -- [--engine both|sqlite|postgres] [--employees 2000] [--years 2]
 *                             [--duration 10] [--connections 10] [--people 20]
 *
 * SQLite in a fresh temporary DATA_DIR; PostgreSQL in a throwaway local cluster (server/test/postgres-cluster.ts),
 * or in DATABASE_URL when set (that database must be empty). `--people` is how many employees and leads
 * sign in to spread the requests over.
 */
import { sql } from 'kysely';
import { random } from '../../server/src/seed/random.js';
import { buildFeedbackBenchTenant } from './feedback-data.js';
import {
  benchStorage,
  flags,
  load,
  openEmptyDatabase,
  peakMemoryMiB,
  signIn,
  startChild,
  type Child,
  type LoadResult,
} from './harness.js';

const values = flags({ engine: 'both', employees: 2000, years: 2, duration: 10, connections: 10, people: 20 });
const { duration, connections, people } = values;
const engines = values.engine === 'both' ? (['sqlite', 'postgres'] as const) : [values.engine];
if (!engines.every((e) => e === 'sqlite' || e === 'postgres')) throw new Error('--engine: both, sqlite or postgres');
const PASSWORD = 'Bench!Pass1';
const log = (line: string) => console.log(line);

type Row = { label: string; result: LoadResult };

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { dataDir, databaseUrl, dispose } = await benchStorage(engine);
  try {
    const now = new Date();
    log(`\nFeedback benchmark (${engine}): building ${values.employees} employees × ${values.years} years of feedback`);
    const building = Date.now();
    const handle = await openEmptyDatabase(databaseUrl, dataDir);
    const tenant = await buildFeedbackBenchTenant(handle.db, {
      employees: values.employees,
      years: values.years,
      password: PASSWORD,
      now,
      log,
    });
    // What autovacuum does after a bulk load: statistics for the planner, and the visibility map that lets
    // PostgreSQL answer from an index alone. SQLite keeps no statistics (the app never runs ANALYZE).
    if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
    await handle.close();
    log(
      `  ${tenant.feedbackRows} feedback rows, ${tenant.ratingRows} ratings, built in ${((Date.now() - building) / 1000).toFixed(0)}s`,
    );

    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RENDERER_DIR: '/nonexistent',
      // The benchmark signs in a few dozen people at once from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const api = await startChild('server/src/main.ts', env, '/api/health');
    const lookup = await startChild('tools/bench/lookup-server.ts', env, '/plan');
    try {
      const next = random(42);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const admin = bearer(await signIn(api.url, tenant.adminEmail, PASSWORD));
      // Signed-in employees (not leads) and leads, spread over the tenant.
      const leads = new Set(tenant.leadIds);
      const plain = tenant.employeeIds.map((id, i) => ({ id, i })).filter(({ id, i }) => i > 0 && !leads.has(id));
      const employees: Record<string, string>[] = [];
      for (let k = 0; k < Math.min(people, plain.length); k += 1) {
        const { i } = plain[Math.floor((k * plain.length) / Math.min(people, plain.length))]!;
        employees.push(bearer(await signIn(api.url, tenant.emailOf(i), PASSWORD)));
      }
      const teamLeads: Record<string, string>[] = [];
      for (let k = 0; k < Math.min(people, tenant.leadIds.length); k += 1) {
        const leadId =
          tenant.leadIds[Math.floor((k * tenant.leadIds.length) / Math.min(people, tenant.leadIds.length))]!;
        teamLeads.push(bearer(await signIn(api.url, tenant.emailOf(tenant.employeeIds.indexOf(leadId)), PASSWORD)));
      }

      const plan = (await (await fetch(`${lookup.url}/plan?of=feedback`)).json()) as { plan: string };
      log(`  baseline query plan: ${plan.plan}`);

      const rows: Row[] = [];
      const run = async (
        label: string,
        server: Child,
        nextRequest: () => { path: string; headers?: Record<string, string> },
      ) => {
        const { url } = server;
        const probe = nextRequest();
        const answer = await fetch(`${url}${probe.path}`, probe.headers ? { headers: probe.headers } : {});
        if (!answer.ok) throw new Error(`${label}: ${answer.status} ${await answer.text()}`);
        const body = (await answer.json()) as Record<string, unknown>;
        // The first list the answer holds (or its count): an empty answer measures nothing. A streak is a figure.
        const list = ['items', 'months', 'entries', 'weeks', 'teams'].map((k) => body[k]).find(Array.isArray);
        const size =
          list?.length ??
          (typeof body['feedbackCount'] === 'number' ? body['feedbackCount'] : undefined) ??
          (typeof body['weeks'] === 'number' ? 1 : 0);
        if (size === 0) throw new Error(`${label}: an empty answer measures nothing`);
        const result = await load(url, {
          connections,
          duration,
          nextRequest,
          tolerateTimeouts: true,
          serverPid: server.child.pid,
        });
        rows.push({ label, result });
        log(`  ${label}: ${format(result, rows[0]!.result)}`);
      };
      await run('baseline: indexed lookup, 10 newest received', lookup, () => ({
        path: `/feedback-lookup?tenantId=${tenant.tenantId}&receiverId=${pick(tenant.employeeIds)}`,
      }));
      await run('received, page 1 (own)', api, () => ({
        path: '/api/feedback?direction=received',
        headers: pick(employees),
      }));
      await run('received, a category (own)', api, () => ({
        path: `/api/feedback?direction=received&categoryId=${pick(tenant.categoryIds)}`,
        headers: pick(employees),
      }));
      await run("received, one employee's (admin)", api, () => ({
        path: `/api/feedback?direction=received&employeeId=${pick(tenant.employeeIds)}`,
        headers: admin,
      }));
      await run('received, My team (a lead)', api, () => ({
        path: '/api/feedback?direction=received&team=true',
        headers: pick(teamLeads),
      }));
      await run('overview (own, 90 days)', api, () => ({
        path: '/api/feedback/overview',
        headers: pick(employees),
      }));
      await run('6-month trend (own)', api, () => ({
        path: '/api/feedback/overview/trend',
        headers: pick(employees),
      }));
      await run("a team's overview (a lead, 90 days)", api, () => ({
        path: '/api/feedback/overview?team=true',
        headers: pick(teamLeads),
      }));

      // The Home widgets (docs/recognition.md "Home"), as one of the 20 employees: company-wide sums from
      // the stored snapshot plus what came after it, one's own streak, frequency and team target.
      const home = (label: string, path: string) =>
        run(`home: ${label}`, api, () => ({ path: `/api/home/${path}`, headers: pick(employees) }));
      await home('leaderboard', 'leaderboard');
      await home('streak', 'streak');
      await home('frequency', 'frequency');
      await home('top hashtags', 'hashtags');
      await home('hashtag search', 'hashtags/search?q=t');
      await home('top attributes', 'top-attributes');
      await home('employee ranking (given)', 'employee-ranking');
      await home('employee ranking (received)', 'employee-ranking?type=received');
      await home('team ranking', 'team-ranking');
      await home('team percentage', 'team-percentage');

      printTable(engine, rows);
      log(`  peak API memory (VmHWM): ${peakMemoryMiB(api.child.pid).toFixed(1)} MiB`);
      return rows;
    } finally {
      await api.stop();
      await lookup.stop();
    }
  } finally {
    dispose();
  }
}

function ratio(value: number, base: number): string {
  return `×${(value / Math.max(base, 0.1)).toFixed(1)}`;
}

function format(r: LoadResult, base: LoadResult): string {
  if (r.requests === 0) return `none finished within the ${duration} s`;
  const against = r === base ? '' : `   p50 ${ratio(r.p50, base.p50)}, p99 ${ratio(r.p99, base.p99)} of baseline`;
  const timeouts = r.timeouts > 0 ? `, ${r.timeouts} timed out (10 s)` : '';
  const cpu = `${r.cpuPerRequest.toFixed(0).padStart(6)} µs CPU`;
  return `p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  ${r.rps.toFixed(0).padStart(6)} req/s ${cpu}${against}${timeouts}`;
}

function printTable(engine: string, rows: Row[]) {
  const base = rows[0]!.result;
  log(`\n  ${engine}: ${connections} connections, ${duration}s each after a 2s warm-up, load from this process`);
  const width = Math.max(...rows.map((r) => r.label.length));
  for (const { label, result } of rows) log(`  ${label.padEnd(width)}  ${format(result, base)}`);
}

const results = new Map<string, Row[]>();
for (const engine of engines) results.set(engine, await benchEngine(engine as 'sqlite' | 'postgres'));

if (results.size > 1) {
  const labels = [...results.values()][0]!.map((r) => r.label);
  const width = Math.max(...labels.map((l) => l.length));
  log(`\nRatio of p99 to the baseline's p99 (${connections} connections; the issue asks for at most ×10)`);
  log(`  ${''.padEnd(width)}  ${[...results.keys()].map((e) => e.padStart(9)).join('')}`);
  for (const [k, label] of labels.entries()) {
    if (k === 0) continue;
    const cells = [...results.values()].map((rows) =>
      (rows[k]!.result.requests === 0 ? 'none' : ratio(rows[k]!.result.p99, rows[0]!.result.p99)).padStart(9),
    );
    log(`  ${label.padEnd(width)}  ${cells.join('')}`);
  }
}
