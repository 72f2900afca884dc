/**
 * The job runner: each scheduled job is registered once (name, how often, what it does for one tenant).
 * Every tick runs the job for every tenant, under the job's lock (locks.ts), so several API processes on
 * one database never run the same job at once: the others skip that tick. Each tenant's run is recorded
 * in job_runs (trigger, outcome, counts, start and end) and listed for that tenant's administrators. A
 * failing tenant is recorded as failed and logged; the other tenants still run, and so does the next tick.
 *
 * Jobs registered here: jobs.ts. Reminders, notification digests and AI summaries join them there.
 */
import { randomUUID } from 'node:crypto';
import type { JobRun } from '../../../shared/contracts/jobs.js';
import type { Db } from '../db/engine.js';
import type { Deps } from '../deps.js';
import { withJobLock } from './locks.js';
import { jobRunView } from './repository.js';

export type JobCounts = Record<string, number>;

export type JobDefinition = {
  readonly name: string;
  /** How often it runs; the first run is at start. */
  readonly everyMs: number;
  /** One tenant's run; answers what it changed. */
  readonly run: (deps: Deps, tenantId: number) => Promise<JobCounts>;
};

export type TickResult = { ran: false } | { ran: true; runs: JobRun[] };

export type JobRunner = {
  /** Runs every job now, then on its schedule. */
  start(): void;
  /** Stops the schedule and waits for the runs in flight. */
  stop(): Promise<void>;
  /** Runs a job for every tenant now, as the schedule would; `ran: false` when another process holds it. */
  tick(name: string): Promise<TickResult>;
  /** Runs a job for one tenant now, at an administrator's request. */
  runNow(name: string, tenantId: number): Promise<TickResult>;
};

export type RunnerOptions = {
  /** How long a SQLite lock lasts without renewal (renewed every third of it while a run goes on). */
  lockTtlMs?: number;
};

const ERROR_TEXT_LIMIT = 500;

export function createJobRunner(deps: Deps, jobs: readonly JobDefinition[], options: RunnerOptions = {}): JobRunner {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error('Two jobs share a name');
  const owner = randomUUID();
  const lock = { engine: deps.engine, db: deps.db, owner, now: deps.now, ttlMs: options.lockTtlMs ?? 10 * 60_000 };
  const timers: ReturnType<typeof setInterval>[] = [];
  const inFlight = new Set<Promise<unknown>>();

  function jobNamed(name: string): JobDefinition {
    const job = byName.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    return job;
  }

  async function runForTenant(db: Db, job: JobDefinition, tenantId: number, trigger: JobRun['trigger']) {
    const startedAt = deps.now().toISOString();
    const row = await db
      .insertInto('jobRuns')
      .values({ tenantId, job: job.name, trigger, outcome: 'running', startedAt, finishedAt: null, error: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    let outcome: 'succeeded' | 'failed' = 'succeeded';
    let counts: JobCounts = {};
    let error: string | null = null;
    try {
      counts = await job.run(deps, tenantId);
    } catch (failure) {
      outcome = 'failed';
      error = (failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)).slice(
        0,
        ERROR_TEXT_LIMIT,
      );
      deps.log.error({ err: failure, job: job.name, tenantId, runId: row.id }, 'job run failed');
    }
    const finishedAt = deps.now().toISOString();
    await db
      .updateTable('jobRuns')
      .set({ outcome, counts: JSON.stringify(counts), error, finishedAt })
      .where('id', '=', row.id)
      .execute();
    if (Object.values(counts).some((n) => n > 0))
      deps.log.info({ job: job.name, tenantId, ...counts }, 'job changed data');
    return jobRunView({
      id: row.id,
      job: job.name,
      trigger,
      outcome,
      counts: JSON.stringify(counts),
      startedAt,
      finishedAt,
    });
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  async function tick(name: string): Promise<TickResult> {
    const job = jobNamed(name);
    return track(
      (async () => {
        const result = await withJobLock(lock, `job:${job.name}`, async (db) => {
          const tenants = await db.selectFrom('tenants').select('id').orderBy('id').execute();
          const runs: JobRun[] = [];
          for (const t of tenants) runs.push(await runForTenant(db, job, t.id, 'schedule'));
          return runs;
        });
        return result.ran ? { ran: true as const, runs: result.value } : { ran: false as const };
      })(),
    );
  }

  async function runNow(name: string, tenantId: number): Promise<TickResult> {
    const job = jobNamed(name);
    return track(
      (async () => {
        const result = await withJobLock(lock, `job:${job.name}`, (db) => runForTenant(db, job, tenantId, 'manual'));
        return result.ran ? { ran: true as const, runs: [result.value] } : { ran: false as const };
      })(),
    );
  }

  return {
    start() {
      for (const job of jobs) {
        const safeTick = () =>
          void tick(job.name).catch((error: unknown) =>
            deps.log.error({ err: error, job: job.name }, 'job tick failed; it runs again at the next one'),
          );
        safeTick();
        const timer = setInterval(safeTick, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
    tick,
    runNow,
  };
}
