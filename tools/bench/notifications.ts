/**
 * Benchmark of notifications (issue #14, docs/notifications.md "Speed"), on SQLite and PostgreSQL in one run:
 *
 *   - reads: one person with 10,000 notifications (most read, some open action items, some closed); the
 *     count poll (`GET /api/notification/v2?limit=1`: the counts) and the bell's first page (`limit=10`)
 *     under load, beside a bare indexed lookup of that person's newest ten on the same database
 *     (tools/bench/lookup-server.ts); the issue asks for p99 within ×10 of the lookup;
 *   - live: 1,000 open streams (100 people × 10 sessions) on the API; notifications written from this
 *     process (another process, as a second API server or a job would) with the module's own `notify`;
 *     for each, the time until every stream of its recipient has the `notification` event. The issue asks
 *     for p99 under 200 ms.
 *
 *   npm run bench:notifications -- [--engine both|sqlite|postgres] [--duration 10] [--connections 10]
 *     [--streams 1000] [--events 200]
 *
 * SQLite in a fresh temporary DATA_DIR; PostgreSQL in a throwaway local cluster, or DATABASE_URL when set.
 */
import { sql } from 'kysely';
import { createParser } from 'eventsource-parser';
import type { openDatabase } from '../../server/src/db/engine.js';
import { notify } from '../../server/src/modules/notifications/writer.js';
import {
  benchStorage,
  flags,
  load,
  openEmptyDatabase,
  peakMemoryMiB,
  signIn,
  startChild,
  type LoadResult,
} from './harness.js';
import { buildBenchPeople } from './workforce-data.js';

const values = flags({ engine: 'both', duration: 10, connections: 10, streams: 1000, events: 200 });
const { duration, connections } = values;
const engines = values.engine === 'both' ? (['sqlite', 'postgres'] as const) : [values.engine];
if (!engines.every((e) => e === 'sqlite' || e === 'postgres')) throw new Error('--engine: both, sqlite or postgres');
const PASSWORD = 'Bench!Pass1';
const PEOPLE = 100;
const HISTORY = 10_000;
const log = (line: string) => console.log(line);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** One person's history: 10,000 notifications, newest last, most read, 200 open action items, 300 closed. */
async function writeHistory(
  db: ReturnType<typeof openDatabase>['db'],
  tenantId: number,
  recipientId: number,
  actorId: number,
) {
  const start = Date.now() - HISTORY * 60_000;
  const rows = Array.from({ length: HISTORY }, (_, i) => {
    const action = i % 50 === 0;
    const at = new Date(start + i * 60_000).toISOString();
    return {
      tenantId,
      recipientId,
      type: action ? ('leave-approval' as const) : ('feedback-received' as const),
      kind: action ? ('action' as const) : ('enable' as const),
      suggestionType: null,
      subject: action ? `leave:${i}` : null,
      actorId,
      body: JSON.stringify({
        params: { requester: 'Person', leaveType: 'Annual', startDate: '2026-01-05', endDate: '2026-01-05' },
        link: '/leave',
        metaData: null,
      }),
      createdAt: at,
      readAt: i < HISTORY - 40 ? at : null,
      closedAt: !action && i % 33 === 0 ? at : null,
      delivery: 'done' as const,
      deliveryAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + 500))
      .execute();
}

type Stream = { recipientId: number; controller: AbortController; arrivals: Map<number, number> };

/** Opens a stream as one session and records when each notification (by its params' `mark`) arrives. */
async function openStream(url: string, token: string, recipientId: number): Promise<Stream> {
  const controller = new AbortController();
  const stream: Stream = { recipientId, controller, arrivals: new Map() };
  const response = await fetch(`${url}/api/notification/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const parser = createParser({
    onEvent(event) {
      if (event.event !== 'notification') return;
      const data = JSON.parse(event.data) as { body: string };
      const mark = (JSON.parse(data.body) as { params: { mark?: number } }).params.mark;
      if (mark !== undefined) stream.arrivals.set(mark, performance.now());
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return stream;
}

type Result = { reads: [string, LoadResult][]; latencies: number[]; memory: number };

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Result> {
  const { dataDir, databaseUrl, dispose } = await benchStorage(engine);
  try {
    log(`\nNotifications benchmark (${engine}): ${PEOPLE} people, one with ${HISTORY} notifications`);
    const handle = await openEmptyDatabase(databaseUrl, dataDir);
    const people = await buildBenchPeople(handle.db, {
      employees: PEOPLE + 1,
      years: 1,
      password: PASSWORD,
      now: new Date(),
    });
    const heavy = people.employeeIds[1]!;
    await writeHistory(handle.db, people.tenantId, heavy, people.employeeIds[2]!);
    if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);

    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RENDERER_DIR: '/nonexistent',
      // A hundred people sign in at once from this one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const api = await startChild('server/src/main.ts', env, '/api/health');
    const lookup = await startChild('tools/bench/lookup-server.ts', env, '/plan');
    const streams: Stream[] = [];
    try {
      const plan = (await (await fetch(`${lookup.url}/plan?of=notifications`)).json()) as { plan: string };
      log(`  baseline query plan: ${plan.plan}`);
      const heavyToken = await signIn(api.url, people.emailOf(1), PASSWORD);
      const headers = { authorization: `Bearer ${heavyToken}` };
      const reads: [string, LoadResult][] = [];
      const run = async (label: string, url: string, route: string, withAuth: boolean) => {
        const probe = await fetch(`${url}${route}`, withAuth ? { headers } : {});
        if (!probe.ok) throw new Error(`${label}: ${probe.status} ${await probe.text()}`);
        reads.push([
          label,
          await load(url, {
            connections,
            duration,
            nextPath: () => route,
            ...(withAuth ? { headers } : {}),
            serverPid: api.child.pid,
          }),
        ]);
      };
      await run(
        'baseline: indexed lookup of the newest 10',
        lookup.url,
        `/notification-lookup?tenantId=${people.tenantId}&recipientId=${heavy}`,
        false,
      );
      await run('GET /api/notification/v2?limit=1 (the counts)', api.url, '/api/notification/v2?limit=1', true);
      await run('GET /api/notification/v2?limit=10 (first page)', api.url, '/api/notification/v2?limit=10', true);

      // 1,000 streams: 100 people, 10 sessions each (a sign-in each: one session per token family).
      const perPerson = Math.max(1, Math.round(values.streams / PEOPLE));
      const listeners = people.employeeIds.slice(1, PEOPLE + 1);
      for (const [k, id] of listeners.entries()) {
        const token = await signIn(api.url, people.emailOf(k + 1), PASSWORD);
        for (let s = 0; s < perPerson; s += 1) streams.push(await openStream(api.url, token, id));
      }
      await new Promise((r) => setTimeout(r, 1_000));
      log(`  ${streams.length} streams open; writing ${values.events} notifications from this process`);
      const latencies: number[] = [];
      for (let mark = 0; mark < values.events; mark += 1) {
        const recipientId = listeners[(mark * 37) % listeners.length]!;
        const sent = performance.now();
        await notify(
          handle.db,
          people.tenantId,
          {
            type: 'feedback-received',
            recipientIds: [recipientId],
            actorId: people.employeeIds[0]!,
            params: { mark },
            link: '/received',
          },
          new Date(),
        );
        const mine = streams.filter((s) => s.recipientId === recipientId);
        const deadline = sent + 5_000;
        while (mine.some((s) => !s.arrivals.has(mark)) && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 2));
        for (const s of mine) latencies.push((s.arrivals.get(mark) ?? Number.POSITIVE_INFINITY) - sent);
        await new Promise((r) => setTimeout(r, 20));
      }
      latencies.sort((a, b) => a - b);
      return { reads, latencies, memory: peakMemoryMiB(api.child.pid) };
    } finally {
      for (const s of streams) s.controller.abort();
      await handle.close();
      await api.stop();
      await lookup.stop();
    }
  } finally {
    dispose();
  }
}

const ratio = (value: number, base: number) => `×${(value / Math.max(base, 0.1)).toFixed(1)}`;

for (const engine of engines) {
  const { reads, latencies, memory } = await benchEngine(engine as 'sqlite' | 'postgres');
  const base = reads[0]![1];
  log(`\n  ${engine}: ${connections} connections, ${duration}s each after a 2s warm-up, load from this process`);
  const width = Math.max(...reads.map(([label]) => label.length));
  for (const [label, r] of reads) {
    const against =
      r === base
        ? ''
        : `   p50 ${ratio(r.p50, base.p50)}, p99 ${ratio(r.p99, base.p99)} of baseline (the issue: p99 ≤ ×10)`;
    log(
      `  ${label.padEnd(width)}  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  ${r.rps.toFixed(0).padStart(6)} req/s${against}`,
    );
  }
  const lost = latencies.filter((l) => !Number.isFinite(l)).length;
  log(
    `  a written notification to each of its recipient's open streams (${latencies.length} arrivals): p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms${lost ? `, ${lost} not within 5 s` : ''} (the issue: p99 < 200 ms)`,
  );
  log(`  peak API memory (VmHWM): ${memory.toFixed(1)} MiB`);
}
