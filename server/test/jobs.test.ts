/**
 * The job runner on the engine under test: two API processes (two apps, each with its own connection
 * pool, on one database) never run a job at the same time; every tenant's run is recorded with its
 * outcome and counts; a failing tenant does not stop the others; administrators list their own
 * company's runs, nobody else's.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/engine.js';
import type { Deps } from '../src/deps.js';
import { createJobRunner, type JobDefinition } from '../src/jobs/runner.js';
import { createTenantWithRoles } from '../src/seed/tenant.js';
import { createTestDatabase, startServer, type TestServer } from './harness.js';

const config = loadConfig({ LOG_LEVEL: 'silent', RENDERER_DIR: '/nonexistent' });

/** A second process's view of the same database: its own pool, its own app and deps. */
async function processOn(handle: DatabaseHandle): Promise<Deps> {
  const { deps } = await buildApp({ config, db: handle.db, engine: handle.engine });
  return deps;
}

function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('job runner across processes', () => {
  let first: Deps;
  let second: Deps;
  let secondHandle: DatabaseHandle;
  let drop: () => Promise<void>;
  let tenants: number[];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    secondHandle = database.env['DATABASE_URL']
      ? openDatabase({ databaseUrl: database.env['DATABASE_URL'], sqliteFile: '', poolSize: 5 })
      : openDatabase({ sqliteFile: path.join(database.env['DATA_DIR']!, 'teambeat.sqlite') });
    first = await processOn(database.handle);
    second = await processOn(secondHandle);
    const now = new Date();
    tenants = [
      (await createTenantWithRoles(database.handle.db, { name: 'Acme', emailDomain: 'acme.example' }, now)).tenantId,
      (await createTenantWithRoles(database.handle.db, { name: 'Bolt', emailDomain: 'bolt.example' }, now)).tenantId,
    ];
  });
  afterAll(async () => {
    await secondHandle.close();
    await drop();
  });

  it('runs a job in one process at a time: the other skips the tick while the first holds it', async () => {
    const inside = latch();
    const release = latch();
    let concurrent = 0;
    let most = 0;
    const job: JobDefinition = {
      name: 'exclusive',
      everyMs: 60_000,
      run: async () => {
        concurrent += 1;
        most = Math.max(most, concurrent);
        inside.open();
        await release.opened;
        concurrent -= 1;
        return { touched: 1 };
      },
    };
    const a = createJobRunner(first, [job]);
    const b = createJobRunner(second, [job]);
    const running = a.tick('exclusive');
    await inside.opened;
    // Both the other process and a second tick of the same process are refused while it runs.
    expect(await b.tick('exclusive')).toEqual({ ran: false });
    expect(await a.tick('exclusive')).toEqual({ ran: false });
    release.open();
    const done = await running;
    expect(most).toBe(1);
    expect(done.ran && done.runs.map((r) => [r.outcome, r.counts])).toEqual(
      tenants.map(() => ['succeeded', { touched: 1 }]),
    );
    // Released: the other process may run it now.
    const next = await b.tick('exclusive');
    expect(next.ran).toBe(true);
    const rows = await first.db
      .selectFrom('jobRuns')
      .select(['tenantId', 'outcome'])
      .where('job', '=', 'exclusive')
      .execute();
    expect(rows).toHaveLength(tenants.length * 2);
  });

  it('records a failing tenant as failed and still runs the others', async () => {
    const job: JobDefinition = {
      name: 'fragile',
      everyMs: 60_000,
      run: async (_deps, tenantId) => {
        if (tenantId === tenants[0]) throw new Error('the first tenant breaks');
        return { touched: 2 };
      },
    };
    const result = await createJobRunner(first, [job]).tick('fragile');
    expect(result.ran && result.runs.map((r) => r.outcome)).toEqual(['failed', 'succeeded']);
    const failed = await first.db
      .selectFrom('jobRuns')
      .select(['error', 'finishedAt'])
      .where('job', '=', 'fragile')
      .where('outcome', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(failed.error).toBe('Error: the first tenant breaks');
    expect(failed.finishedAt).not.toBeNull();
  });

  it('waits for the runs in flight when stopped', async () => {
    const release = latch();
    let finished = false;
    const job: JobDefinition = {
      name: 'slow',
      everyMs: 3_600_000,
      run: async () => {
        await release.opened;
        finished = true;
        return {};
      },
    };
    const runner = createJobRunner(first, [job]);
    runner.start();
    const stopping = runner.stop();
    setTimeout(() => release.open(), 50);
    await stopping;
    expect(finished).toBe(true);
  });
});

describe('the registered jobs and their list', () => {
  let server: TestServer;
  let tenantId: number;
  let otherTenantId: number;

  beforeAll(async () => {
    server = await startServer();
    tenantId = (await server.tenant('Acme', 'acme.example')).id;
    otherTenantId = (await server.tenant('Bolt', 'bolt.example')).id;
    await server.user(tenantId, { email: 'admin@acme.example', roles: ['Administrator'] });
    await server.user(tenantId, { email: 'ann@acme.example', roles: ['Employee'] });
    await server.user(otherTenantId, { email: 'admin@bolt.example', roles: ['Administrator'] });
  });
  afterAll(() => server.close());

  it('runs the leave jobs for every tenant and lists each company only its own runs, newest first', async () => {
    const scheduled = await server.deps.jobs.tick('leave-statuses');
    expect(scheduled.ran).toBe(true);
    const manual = await server.deps.jobs.runNow('leave-statuses', tenantId);
    expect(manual.ran && manual.runs[0]?.trigger).toBe('manual');

    const admin = server.api(await server.signIn('admin@acme.example'));
    const list = await admin.get('/api/jobs/runs');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((r: { trigger: string }) => r.trigger)).toEqual(['manual', 'schedule']);
    expect(list.body.items[0]).toMatchObject({
      job: 'leave-statuses',
      outcome: 'succeeded',
      counts: { created: 0, autoRejected: 0 },
    });
    expect(list.body.items[0]).not.toHaveProperty('error');

    const other = server.api(await server.signIn('admin@bolt.example'));
    const theirs = await other.get('/api/jobs/runs');
    expect(theirs.body.total).toBe(1);
    expect(
      theirs.body.items.every((r: { id: number }) => !list.body.items.some((m: { id: number }) => m.id === r.id)),
    ).toBe(true);
  });

  it('runs the leave jobs now from the auto-leave settings through the runner, recorded as manual', async () => {
    const admin = server.api(await server.signIn('admin@acme.example'));
    const before = (await admin.get('/api/jobs/runs')).body.total as number;
    const run = await admin.post('/api/leave/auto-leaves/run');
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ created: 0, autoRejected: 0, cancellationsRefused: 0, autoCancelled: 0 });
    const after = await admin.get('/api/jobs/runs');
    expect(after.body.total).toBe(before + 1);
    expect(after.body.items[0]).toMatchObject({ job: 'leave-statuses', trigger: 'manual', outcome: 'succeeded' });
  });

  it('is for those who may see the company settings', async () => {
    const employee = server.api(await server.signIn('ann@acme.example'));
    const refused = await employee.get('/api/jobs/runs');
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.permission).toBe('view-tenant-settings');
  });

  it('filters by job and refuses an unknown one, naming the field', async () => {
    const admin = server.api(await server.signIn('admin@acme.example'));
    const all = (await admin.get('/api/jobs/runs')).body.total as number;
    expect((await admin.get('/api/jobs/runs?job=leave-statuses')).body.total).toBe(all);
    const bad = await admin.get('/api/jobs/runs?job=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toContain('job');
  });
});
