// The Microsoft Planner connector against the Graph stand-in (tools/tracker-sim/planner.ts) over real HTTP on
// loopback: the plan as one sprint, tasks with statuses from progress and bucket, paging by nextLink, people
// from the directory, and every error a person can meet.
import { describe, expect, it } from 'vitest';
import { taskMetrics } from '../../../../../shared/projects.js';
import type { SimData } from '../../../../../tools/tracker-sim/model.js';
import {
  plannerDemoData,
  startPlannerSim,
  type PlannerSim,
  type PlannerSimOptions,
} from '../../../../../tools/tracker-sim/planner.js';
import type { TrackerHttp, TrackerHttpOptions } from './http.js';
import { at, connectorTestKit, failure, servedPaths } from './test-kit.js';
import { createPlannerConnector, plannerStatus } from './planner.js';
import type { TrackerConnection } from './types.js';

const PLAN = 'Nw7pR2kqLUe5s0Xz-9AaC2QAHrTb';
const kit = connectorTestKit();
const { waits } = kit;

async function start(data: SimData = plannerDemoData(), options: PlannerSimOptions = {}): Promise<PlannerSim> {
  return kit.track(await startPlannerSim(data, options));
}

function connect(sim: PlannerSim, connection: Partial<TrackerConnection> = {}, http: Partial<TrackerHttpOptions> = {}) {
  return createPlannerConnector(
    {
      tool: 'planner',
      // Graph's address as people copy it from the documentation, with the version.
      baseUrl: `${sim.url}/v1.0/`,
      projectKey: PLAN,
      user: '',
      token: 'planner-demo-token',
      ...connection,
    },
    kit.http(http),
  );
}

const paths = servedPaths;

describe('Microsoft Planner connector', () => {
  it('reads the plan as one sprint and every task across pages, with its assignee from the directory', async () => {
    const sim = await start(plannerDemoData(), { pageSize: 1 });
    const planner = connect(sim);

    expect(await planner.verify()).toEqual({ name: 'Partner Onboarding' });
    expect(await planner.sprints()).toEqual([
      { ref: PLAN, name: 'Partner Onboarding', goal: null, startDate: null, endDate: null, state: 'active' },
    ]);

    const items = await planner.items(PLAN);
    expect(items.map((i) => [i.title, i.kind, i.type, i.trackerStatus, i.status, i.assignee])).toEqual([
      [
        'Draft the partner agreement',
        'pbi',
        'Task',
        'Completed (Done)',
        'done',
        { name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' },
      ],
      [
        'Set up the partner portal accounts',
        'pbi',
        'Task',
        'In progress (Review)',
        'testing',
        { name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
      ],
      // No mailbox: the sign-in name is the address.
      [
        'Order the welcome packs',
        'pbi',
        'Task',
        'In progress (In progress)',
        'in-progress',
        { name: 'Grace Castillo', email: 'grace.castillo@northwind.onmicrosoft.com' },
      ],
      ['Plan the kick-off meeting', 'pbi', 'Task', 'Not started (To do)', 'new', null],
    ]);
    expect(items[0]).toMatchObject({
      ref: expect.stringMatching(/^[A-Za-z0-9_-]{28}$/),
      parentRef: null,
      url: `https://tasks.office.com/Home/Task/${items[0]!.ref}`,
      createdAt: at('06-03', '09:00'),
      startedAt: null,
      finishedAt: at('06-07', '15:00'),
      history: [],
    });
    // Planner keeps no history: no metrics, and nothing made up.
    expect(items.every((i) => i.history.length === 0 && i.startedAt === null)).toBe(true);
    expect(taskMetrics(items[1]!.history, at('06-12', '12:00'))).toEqual({
      devCycleHours: null,
      qaKickbacks: 0,
      qaCycleHours: null,
    });

    // One a page: four buckets and four tasks, each page by its nextLink; each person asked for once.
    expect(paths(sim, /\/buckets/)).toHaveLength(4);
    expect(paths(sim, /\/tasks/)).toHaveLength(4);
    expect(paths(sim, /\/tasks\?\$skiptoken=/)).toHaveLength(3);
    expect(paths(sim, /^\/v1\.0\/users\//)).toHaveLength(3);
    expect(paths(sim, /^\/v1\.0\/users\//)[0]).toContain('%24select=id%2CdisplayName%2Cmail%2CuserPrincipalName');
    expect(sim.requests.every((r) => r.status === 200)).toBe(true);
  });

  it('takes the status from progress, and from the bucket only where it names a state past development', () => {
    expect(plannerStatus(0, 'To do')).toBe('new');
    expect(plannerStatus(0, 'Marketing')).toBe('new');
    expect(plannerStatus(0, 'Doing')).toBe('new');
    expect(plannerStatus(50, 'Design')).toBe('in-progress');
    expect(plannerStatus(25, null)).toBe('in-progress');
    expect(plannerStatus(50, 'QA')).toBe('testing');
    expect(plannerStatus(0, 'In review')).toBe('testing');
    expect(plannerStatus(50, 'UAT')).toBe('uat');
    expect(plannerStatus(100, 'Review')).toBe('done');
    expect(plannerStatus(100, 'Released')).toBe('completed');
    expect(plannerStatus(100, null)).toBe('done');
  });

  it('names by id an assignee deleted from the directory since', async () => {
    const data = plannerDemoData();
    data.people = data.people.filter((p) => p.name !== 'Omar Iqbal');
    const sim = await start(data);
    const items = await connect(sim).items(PLAN);
    expect(items[0]!.assignee).toEqual({ name: '0f1c2d3e-4b5a-4c6d-8e7f-000000000001', email: null });
  });

  it('says the credentials were refused: a wrong token, or one that expired', async () => {
    const sim = await start();
    const wrong = await failure(connect(sim, { token: 'not-the-token' }).verify());
    expect(wrong.code).toBe('credentials');
    expect(wrong.message).toContain('CompactToken parsing failed');

    const planner = connect(sim);
    await planner.verify();
    sim.expire('planner-demo-token');
    const expired = await failure(planner.sprints());
    expect(expired.code).toBe('credentials');
    expect(expired.message).toContain('the token is expired');
    expect(sim.requests.map((r) => r.status)).toEqual([401, 200, 401]);
  });

  it('says what is missing: an unknown plan, a key that is no plan id', async () => {
    const sim = await start();
    const unknown = await failure(connect(sim, { projectKey: 'NoSuchPlan0000000000000000000' }).verify());
    expect(unknown.code).toBe('not-found');
    expect(unknown.message).toContain('no plan NoSuchPlan');
    expect((await failure(connect(sim).items('NoSuchPlan0000000000000000000'))).code).toBe('not-found');

    const typo = await failure(connect(sim, { projectKey: 'Partner Onboarding' }).sprints());
    expect(typo.code).toBe('not-found');
    expect(sim.requests).toHaveLength(2);
  });

  it('honours Retry-After, and gives up with the wait Graph asks when it is too long', async () => {
    const sim = await start();
    sim.limitNext(2, 1);
    expect((await connect(sim).sprints()).map((s) => s.ref)).toEqual([PLAN]);
    expect(sim.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(waits).toEqual([1000, 1000]);

    sim.limitNext(1, 120);
    const limited = await failure(connect(sim, {}, { maxWaitSeconds: 30 }).items(PLAN));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(120);
  });

  it('refuses answers Graph does not give, and never follows a next page to another address', async () => {
    const asked: string[] = [];
    const answering =
      (answer: (url: URL) => unknown): TrackerHttp =>
      async <T>(request: Parameters<TrackerHttp>[0]) => {
        const url = new URL(request.url);
        asked.push(url.href);
        return { status: 200, headers: {}, body: answer(url) as T };
      };
    const connection: TrackerConnection = {
      tool: 'planner',
      baseUrl: 'https://graph.microsoft.com',
      projectKey: PLAN,
      user: '',
      token: 'planner-demo-token',
    };

    const elsewhere = createPlannerConnector(
      connection,
      answering(() => ({ value: [], '@odata.nextLink': 'https://collector.example/v1.0/next' })),
    );
    expect((await failure(elsewhere.items(PLAN))).code).toBe('bad-answer');
    expect(asked).toEqual([`https://graph.microsoft.com/v1.0/planner/plans/${PLAN}/buckets`]);

    const noProgress = createPlannerConnector(
      connection,
      answering((url) => ({ value: url.pathname.endsWith('/tasks') ? [{ id: 'task', title: 'Task' }] : [] })),
    );
    expect((await failure(noProgress.items(PLAN))).code).toBe('bad-answer');

    const untitled = createPlannerConnector(
      connection,
      answering(() => ({ id: PLAN })),
    );
    expect((await failure(untitled.verify())).code).toBe('bad-answer');
  });
});

describe('Microsoft Planner stand-in', () => {
  const auth = { authorization: 'Bearer planner-demo-token' };

  it('answers in Graph’s shapes: error bodies, absolute next links, $select and Retry-After', async () => {
    const sim = await start(plannerDemoData(), { pageSize: 3 });
    const refused = await fetch(`${sim.url}/v1.0/planner/plans/${PLAN}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await refused.json()).toEqual({
      error: {
        code: 'InvalidAuthenticationToken',
        message: 'Access token is empty.',
        innerError: {
          date: expect.any(String),
          'request-id': expect.any(String),
          'client-request-id': expect.any(String),
        },
      },
    });
    const missing = await fetch(`${sim.url}/v1.0/planner/plans/NoSuchPlan`, { headers: auth });
    expect([missing.status, ((await missing.json()) as any).error.code]).toEqual([404, 'itemNotFound']);
    const segment = await fetch(`${sim.url}/v1.0/planner/nothing`, { headers: auth });
    expect([segment.status, ((await segment.json()) as any).error.code]).toEqual([400, 'BadRequest']);

    const first = (await (await fetch(`${sim.url}/v1.0/planner/plans/${PLAN}/tasks`, { headers: auth })).json()) as any;
    expect(first.value).toHaveLength(3);
    expect(first['@odata.nextLink']).toMatch(
      new RegExp(`^${sim.url}/v1\\.0/planner/plans/${PLAN}/tasks\\?\\$skiptoken=`),
    );
    const rest = (await (await fetch(first['@odata.nextLink'], { headers: auth })).json()) as any;
    expect(rest.value.map((t: any) => t.percentComplete)).toEqual([0]);
    expect(rest['@odata.nextLink']).toBeUndefined();
    expect(first.value[0]).toMatchObject({ percentComplete: 100, completedDateTime: at('06-07', '15:00') });

    const user = (await (
      await fetch(`${sim.url}/v1.0/users/0f1c2d3e-4b5a-4c6d-8e7f-000000000002?$select=displayName,mail`, {
        headers: auth,
      })
    ).json()) as any;
    expect(Object.keys(user)).toEqual(['@odata.context', 'displayName', 'mail']);

    sim.limitNext(1, 90);
    const limited = await fetch(`${sim.url}/v1.0/me`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('90');
    expect(((await limited.json()) as any).error.code).toBe('TooManyRequests');
  });
});
