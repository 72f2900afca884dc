// The Monday connector against the monday.com stand-in (tools/tracker-sim/monday.ts) over real HTTP on
// loopback: groups as sprints, cursor paging, statuses and their activity-log history, logs past retention,
// and every error a person can meet, including those monday sends with HTTP 200.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { taskMetrics } from '../../../../../shared/projects.js';
import type { SimData, SimItem } from '../../../../../tools/tracker-sim/model.js';
import {
  mondayDemoData,
  startMondaySim,
  type MondaySim,
  type MondaySimOptions,
} from '../../../../../tools/tracker-sim/monday.js';
import type { TrackerHttp, TrackerHttpOptions } from './http.js';
import { at, connectorTestKit, failure } from './test-kit.js';
import { createMondayConnector } from './monday.js';
import type { TrackerConnection } from './types.js';

const NOW = '2030-06-12T12:00:00.000Z';
const BOARD = '1802551123';
const SUBITEMS_BOARD = '1802551124';
const kit = connectorTestKit();
const { waits } = kit;

async function start(data: SimData = mondayDemoData(), options: MondaySimOptions = {}): Promise<MondaySim> {
  return kit.track(await startMondaySim(data, options));
}

function connect(
  url: string,
  connection: Partial<TrackerConnection> = {},
  options: Partial<TrackerHttpOptions> = {},
  wrap: (http: TrackerHttp) => TrackerHttp = (h) => h,
) {
  return createMondayConnector(
    {
      tool: 'monday',
      // An address as people paste it, with a trailing slash.
      baseUrl: `${url}/`,
      projectKey: BOARD,
      user: '',
      token: 'monday-demo-token',
      ...connection,
    },
    wrap(kit.http(options)),
  );
}

const id = (n: number) => String(5_100_000_000 + n);
const named = (sim: MondaySim, name: string) => sim.operations.filter((o) => o.name === name);

/** A server answering each request with the next of `answers` (status and raw body), for shapes monday should not send. */
async function scripted(answers: [status: number, body: string][]) {
  const server = http.createServer((request, response) => {
    request.resume();
    const [status, body] = answers.shift() ?? [500, '{}'];
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sim = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return kit.track(sim);
}

describe('Monday connector', () => {
  it('reads the board, its groups as sprints and every item and subitem of a group across cursor pages', async () => {
    const sim = await start(mondayDemoData(), { pageSize: 1 });
    const monday = connect(sim.url);

    expect(await monday.verify()).toEqual({ name: 'Mobile Launch' });
    expect(await monday.sprints()).toEqual([
      { ref: 'sprint_14', name: 'Sprint 14', goal: null, startDate: null, endDate: null, state: 'closed' },
      { ref: 'sprint_15', name: 'Sprint 15', goal: null, startDate: null, endDate: null, state: 'active' },
    ]);

    const items = await monday.items('sprint_14');
    expect(items.map((i) => [i.ref, i.kind, i.parentRef, i.type])).toEqual([
      [id(1), 'pbi', null, 'Item'],
      [id(2), 'task', id(1), 'Subitem'],
      [id(3), 'task', id(1), 'Subitem'],
      [id(4), 'pbi', null, 'Item'],
      [id(5), 'task', id(4), 'Subitem'],
    ]);
    expect(items.find((i) => i.ref === id(3))).toEqual({
      ref: id(3),
      kind: 'task',
      parentRef: id(1),
      title: 'Sign-up form',
      type: 'Subitem',
      status: 'done',
      trackerStatus: 'Done',
      assignee: { name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
      url: `${sim.url}/boards/${SUBITEMS_BOARD}/pulses/${id(3)}`,
      createdAt: at('05-26', '10:20'),
      startedAt: at('05-28', '09:00'),
      finishedAt: at('06-02', '16:00'),
      history: [
        { at: at('05-26', '10:20'), to: 'new' },
        { at: at('05-28', '09:00'), to: 'in-progress' },
        { at: at('05-29', '11:00'), to: 'testing' },
        { at: at('05-30', '09:30'), to: 'testing' },
        { at: at('06-02', '16:00'), to: 'done' },
      ],
    });

    // One item a page: the group's first page, then next_items_page with each cursor until it is null.
    const pages = sim.operations.filter((o) => o.name === 'GroupItems' || o.name === 'NextItems');
    expect(pages.map((o) => [o.name, typeof o.variables['cursor']])).toEqual([
      ['GroupItems', 'undefined'],
      ['NextItems', 'string'],
    ]);
    expect(named(sim, 'GroupItems')[0]!.variables).toEqual({ board: [BOARD], group: ['sprint_14'], limit: 100 });
    // The history comes from each board's activity log: the items' board and their subitems board.
    expect(
      named(sim, 'StatusLogs').map((o) => [o.variables['board'], o.variables['columns'], o.variables['page']]),
    ).toEqual([
      [[BOARD], ['status'], 1],
      [[SUBITEMS_BOARD], ['status'], 1],
    ]);
    expect(named(sim, 'Users')).toHaveLength(1);
    expect(sim.operations.every((o) => o.status === 200 && o.version === '2025-04')).toBe(true);
    expect(sim.requests.every((r) => r.method === 'POST' && r.path === '/v2')).toBe(true);
  });

  it('maps Status labels (not Priority) and the activity log into metrics with QA kickbacks', async () => {
    const data = mondayDemoData();
    // A label monday teams use for shipped work, and monday's blank label.
    data.projects[0]!.items.push(
      {
        id: 11,
        type: 'Item',
        title: 'Store listing',
        sprintId: 15,
        createdAt: at('06-09', '10:00'),
        history: [
          { at: at('06-09', '10:00'), state: '' },
          { at: at('06-10', '09:00'), state: 'Working on it' },
          { at: at('06-11', '09:00'), state: 'Deployed' },
        ],
      },
      {
        id: 12,
        type: 'Item',
        title: 'Release notes',
        sprintId: 15,
        createdAt: at('06-09', '11:00'),
        history: [{ at: at('06-09', '11:00'), state: '' }],
      },
    );
    const monday = connect((await start(data)).url);

    const closed = await monday.items('sprint_14');
    const carousel = closed.find((i) => i.ref === id(2))!;
    expect(carousel.history.map((c) => c.to)).toEqual([
      'new',
      'in-progress',
      'testing',
      'testing',
      'in-progress',
      'testing',
      'testing',
      'done',
    ]);
    expect(taskMetrics(carousel.history, NOW)).toEqual({ devCycleHours: 29, qaKickbacks: 1, qaCycleHours: 118.5 });
    expect(taskMetrics(closed.find((i) => i.ref === id(3))!.history, NOW)).toEqual({
      devCycleHours: 26,
      qaKickbacks: 0,
      qaCycleHours: 101,
    });

    const active = await monday.items('sprint_15');
    expect(active.map((i) => [i.ref, i.trackerStatus, i.status])).toEqual([
      [id(6), 'In Review', 'testing'],
      [id(7), 'In Review', 'testing'],
      [id(8), 'Working on it', 'in-progress'],
      [id(9), 'Stuck', 'in-progress'],
      [id(10), 'Not Started', 'new'],
      [id(11), 'Deployed', 'completed'],
      [id(12), '', 'new'],
    ]);
    const untouched = active.find((i) => i.ref === id(10))!;
    expect(untouched.history).toEqual([{ at: at('06-09', '09:30'), to: 'new' }]);
    expect(untouched.assignee).toBeNull();
    expect(untouched.startedAt).toBeNull();
    const shipped = active.find((i) => i.ref === id(11))!;
    expect(shipped.history).toEqual([
      { at: at('06-09', '10:00'), to: 'new' },
      { at: at('06-10', '09:00'), to: 'in-progress' },
      { at: at('06-11', '09:00'), to: 'completed' },
    ]);
    expect([shipped.startedAt, shipped.finishedAt]).toEqual([at('06-10', '09:00'), at('06-11', '09:00')]);
    expect(active.find((i) => i.ref === id(12))!.history).toEqual([{ at: at('06-09', '11:00'), to: 'new' }]);
  });

  it('reads every page of a long activity log, and keeps no history the log no longer holds', async () => {
    const data = mondayDemoData();
    const moves = Array.from({ length: 128 }, (_, i) => ({
      at: new Date(Date.parse(at('06-10', '09:00')) + (i + 1) * 600_000).toISOString(),
      state: i % 2 === 0 ? 'Working on it' : 'QA',
    }));
    const busy: SimItem = {
      id: 20,
      type: 'Item',
      title: 'Flaky payment retries',
      sprintId: 15,
      createdAt: at('06-10', '09:00'),
      history: [
        { at: at('06-10', '09:00'), state: 'Not Started' },
        ...moves,
        { at: at('06-12', '09:00'), state: 'Done' },
      ],
    };
    data.projects[0]!.items.push(busy);
    // The account's log holds nothing before June 4th at noon: most of the closed sprint's changes are gone.
    const sim = await start(data, { logsKeptSince: at('06-04', '12:00') });
    const monday = connect(sim.url);

    const item = (await monday.items('sprint_15')).find((i) => i.ref === id(20))!;
    expect(item.history).toHaveLength(130);
    expect(item.history[0]).toEqual({ at: at('06-10', '09:00'), to: 'new' });
    expect(item.history[1]).toEqual({ at: moves[0]!.at, to: 'in-progress' });
    expect(item.history.at(-1)).toEqual({ at: at('06-12', '09:00'), to: 'done' });
    expect(taskMetrics(item.history, NOW).qaKickbacks).toBe(63);
    // 129 changes of that item and 4 of the others on the board: two pages of a hundred.
    expect(named(sim, 'StatusLogs').map((o) => [o.variables['board'], o.variables['page']])).toEqual([
      [[BOARD], 1],
      [[BOARD], 2],
      [[SUBITEMS_BOARD], 1],
    ]);

    const closed = await monday.items('sprint_14');
    // Every change of the sign-up form is older than the log: no history, so no metrics, rather than wrong ones.
    const form = closed.find((i) => i.ref === id(3))!;
    expect(form).toMatchObject({ status: 'done', history: [], startedAt: null, finishedAt: null });
    expect(taskMetrics(form.history, NOW)).toEqual({ devCycleHours: null, qaKickbacks: 0, qaCycleHours: null });
    // Only the onboarding item's last change is kept, from QA: its history starts there, nothing guessed before.
    const onboarding = closed.find((i) => i.ref === id(1))!;
    expect(onboarding.history).toEqual([{ at: at('06-04', '15:00'), to: 'done' }]);
    expect([onboarding.startedAt, onboarding.finishedAt]).toEqual([null, at('06-04', '15:00')]);
  });

  it('keeps no item link a page must not open: a javascript: url is no link', async () => {
    const data = mondayDemoData();
    data.projects[0]!.items.find((i) => i.id === 1)!.link = 'javascript:alert(document.cookie)';
    data.projects[0]!.items.find((i) => i.id === 2)!.link = 'https://acme.monday.com/boards/1802551124/pulses/2';
    const sim = await start(data);
    const items = await connect(sim.url).items('sprint_14');
    expect(items.slice(0, 3).map((i) => [i.ref, i.url])).toEqual([
      [id(1), null],
      [id(2), 'https://acme.monday.com/boards/1802551124/pulses/2'],
      [id(3), `${sim.url}/boards/${SUBITEMS_BOARD}/pulses/${id(3)}`],
    ]);
  });

  it('says the token was refused: a wrong one, or one that expired, and monday’s own refusal with 200', async () => {
    const sim = await start();
    const wrong = await failure(connect(sim.url, { token: 'not-the-token' }).verify());
    expect(wrong.code).toBe('credentials');
    expect(wrong.message).toContain('Not Authenticated');

    const monday = connect(sim.url);
    await monday.verify();
    sim.expire('monday-demo-token');
    expect((await failure(monday.sprints())).code).toBe('credentials');
    expect(sim.requests.map((r) => r.status)).toEqual([401, 200, 401]);

    const denied = await scripted([
      [
        200,
        JSON.stringify({
          data: { boards: null },
          errors: [
            {
              message: 'User unauthorized to perform action',
              path: ['boards'],
              extensions: { code: 'UserUnauthorizedException', error_data: {}, status_code: 403 },
            },
          ],
        }),
      ],
    ]);
    const refused = await failure(connect(denied.url).verify());
    expect(refused.code).toBe('credentials');
    expect(refused.message).toBe('monday.com refused the token: User unauthorized to perform action');
  });

  it('says what is missing: an unknown board, a board id that is not one, a group, a board deleted meanwhile', async () => {
    const sim = await start(mondayDemoData(), { pageSize: 1 });

    const unknown = await failure(connect(sim.url, { projectKey: '999' }).verify());
    expect(unknown.code).toBe('not-found');
    expect(unknown.message).toContain('no board 999');
    expect((await failure(connect(sim.url, { projectKey: '999' }).items('sprint_14'))).code).toBe('not-found');

    const before = sim.requests.length;
    const key = await failure(connect(sim.url, { projectKey: 'WEB' }).sprints());
    expect(key.code).toBe('not-found');
    expect(key.message).toContain('board ids are numbers');
    expect(sim.requests.length).toBe(before);

    const group = await failure(connect(sim.url).items('sprint_99'));
    expect(group.code).toBe('not-found');
    expect(group.message).toContain('no group sprint_99');

    // The board is deleted after the first page: its cursor then answers InvalidBoardIdException with 200.
    const deleting = (inner: TrackerHttp): TrackerHttp =>
      (async (request) => {
        const response = await inner(request);
        sim.data.projects.splice(0, 1);
        return response;
      }) as TrackerHttp;
    const gone = await failure(connect(sim.url, {}, {}, deleting).items('sprint_14'));
    expect(gone.code).toBe('not-found');
    expect(gone.message).toContain('The board does not exist');
    expect(sim.operations.at(-1)).toMatchObject({ name: 'NextItems', status: 200 });
  });

  it('honours Retry-After and retry_in_seconds, and gives up with the wait monday asks when it is too long', async () => {
    const sim = await start();
    sim.limitNext(2, 1);
    expect((await connect(sim.url).sprints()).map((s) => s.ref)).toEqual(['sprint_14', 'sprint_15']);
    expect(sim.requests.slice(0, 3).map((r) => r.status)).toEqual([429, 429, 200]);
    expect(waits).toEqual([1000, 1000]);

    // A spent complexity budget comes with 200, an error and retry_in_seconds, without Retry-After.
    waits.length = 0;
    sim.exhaustComplexityNext(1, 4);
    expect(await connect(sim.url).verify()).toEqual({ name: 'Mobile Launch' });
    expect(waits).toEqual([4000]);

    sim.exhaustComplexityNext(1, 90);
    const budget = await failure(connect(sim.url, {}, { maxWaitSeconds: 30 }).items('sprint_15'));
    expect(budget.code).toBe('rate-limited');
    expect(budget.retryAfterSeconds).toBe(90);
    expect(budget.message).toContain('Complexity budget exhausted');

    sim.limitNext(1, 120);
    const limited = await failure(connect(sim.url, {}, { maxWaitSeconds: 30 }).items('sprint_15'));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(120);
  });

  it('tells answers monday does not document as bad answers, keeping its message', async () => {
    const legacyBudget = JSON.stringify({
      error_code: 'ComplexityException',
      status_code: 429,
      error_message:
        'Complexity budget exhausted, query cost 30001 budget remaining 19986 out of 1000000 reset in 3 seconds',
    });
    const server = await scripted([
      [200, 'not json'],
      [200, JSON.stringify({ account_id: 1 })],
      [200, JSON.stringify({ data: { boards: [{ id: BOARD, state: 'active' }] } })],
      [
        200,
        JSON.stringify({
          errors: [{ message: 'Field "nope" does not exist', extensions: { code: 'undefinedField' } }],
        }),
      ],
      [200, legacyBudget],
      [200, JSON.stringify({ data: { boards: [{ id: BOARD, name: 'Legacy', state: 'active' }] } })],
      [200, JSON.stringify({ data: { boards: [{ id: BOARD, groups: [{ id: 'topics' }] }] } })],
    ]);
    const monday = connect(server.url);
    expect((await failure(monday.verify())).message).toContain('other than JSON');
    expect((await failure(monday.verify())).code).toBe('bad-answer');
    expect((await failure(monday.verify())).code).toBe('bad-answer');
    const refused = await failure(monday.verify());
    expect(refused.code).toBe('bad-answer');
    expect(refused.message).toBe('monday.com refused the query: Field "nope" does not exist');
    // The older error form still says how long to wait.
    expect(await monday.verify()).toEqual({ name: 'Legacy' });
    expect(waits).toEqual([3000]);
    expect((await failure(monday.sprints())).message).toContain('a group in a shape');
  });
});

describe('monday.com stand-in', () => {
  const post = (sim: MondaySim, query: string, authorization = 'monday-demo-token') =>
    fetch(`${sim.url}/v2`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it('answers in monday’s shapes: refusals, unknown boards, application errors and rate limits', async () => {
    const sim = await start();
    const refused = await post(sim, '{ me { id } }', 'wrong');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      errors: [{ message: 'Not Authenticated', extensions: { code: 'Unauthorized', status_code: 401 } }],
    });
    expect(await (await post(sim, '{ me { name email } }', 'Bearer monday-demo-token')).json()).toMatchObject({
      data: { me: { email: 'po@northwind.example' } },
    });
    expect(await (await post(sim, '{ boards(ids: [42]) { id } }')).json()).toMatchObject({ data: { boards: [] } });

    const invalid = await post(sim, '{ boards { nope } }');
    expect(invalid.status).toBe(200);
    expect(((await invalid.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain('nope');

    const cursor = await post(sim, '{ next_items_page(cursor: "x") { cursor } }');
    expect(await cursor.json()).toMatchObject({
      data: null,
      errors: [{ path: ['next_items_page'], extensions: { code: 'CursorException', status_code: 200 } }],
    });

    const logs = (await (
      await post(sim, `{ boards(ids: [${BOARD}]) { activity_logs(limit: 1) { event data created_at } } }`)
    ).json()) as { data: { boards: { activity_logs: { event: string; data: string; created_at: string }[] }[] } };
    const [latest] = logs.data.boards[0]!.activity_logs;
    expect(latest!.event).toBe('update_column_value');
    expect(latest!.created_at).toMatch(/^\d{17}$/);
    expect(JSON.parse(latest!.data)).toMatchObject({ column_id: 'status', value: { label: { text: 'In Review' } } });

    sim.limitNext(1, 90);
    const limited = await post(sim, '{ me { id } }');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('90');
    expect(await limited.json()).toMatchObject({
      errors: [{ extensions: { code: 'RATE_LIMIT_EXCEEDED', retry_in_seconds: 90, status_code: 429 } }],
    });
  });
});
