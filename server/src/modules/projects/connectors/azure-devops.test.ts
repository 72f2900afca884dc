/**
 * The Azure DevOps connector against the Azure DevOps stand-in (tools/tracker-sim/azure-devops.ts) over real
 * HTTP: reading sprints and items across batches and pages, Azure's states as Teambeat statuses and metrics,
 * and each failure told as the TrackerError a person can act on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { statusFromTrackerState, taskMetrics, type StatusChange } from '../../../../../shared/projects.js';
import { azureDevOpsDemoData, startAzureDevOpsSim } from '../../../../../tools/tracker-sim/azure-devops.js';
import type { SimControls, SimData, SimItem } from '../../../../../tools/tracker-sim/model.js';
import { createAzureDevOpsConnector } from './azure-devops.js';
import { trackerHttp, type TrackerHttp, type TrackerRequest } from './http.js';
import { failure } from './test-kit.js';
import type { TrackerConnection, TrackerItem } from './types.js';

const PAT = 'azure-demo-pat';
let sim: SimControls | null = null;

afterEach(async () => {
  await sim?.close();
  sim = null;
});

/** trackerHttp with waits recorded instead of slept, and every request it was given. */
function client(wrap: (request: TrackerRequest) => TrackerRequest = (request) => request) {
  const waits: number[] = [];
  const sent: TrackerRequest[] = [];
  const inner = trackerHttp({ allowPrivateAddresses: true, sleep: async (ms) => void waits.push(ms) });
  const http: TrackerHttp = <T>(request: TrackerRequest) => {
    sent.push(request);
    return inner<T>(wrap(request));
  };
  return { http, waits, sent };
}

function connection(url: string, overrides: Partial<TrackerConnection> = {}): TrackerConnection {
  return { tool: 'azure-devops', baseUrl: url, projectKey: 'Mobile App', user: '', token: PAT, ...overrides };
}

/** What the history of a fixture item must read as: its states as statuses, repeats dropped. */
function expectedHistory(item: SimItem): StatusChange[] {
  const changes = item.history.map((step) => ({
    at: new Date(step.at).toISOString(),
    to: statusFromTrackerState(step.state),
  }));
  return changes.filter((change, index) => index === 0 || changes[index - 1]!.to !== change.to);
}

/** A sprint of 205 items (41 PBIs with four tasks each), each PBI's child links added between its states. */
function bigSprint(): SimData {
  const at = (day: number, hour: number) =>
    `2030-07-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
  const items: SimItem[] = [];
  let id = 5000;
  for (let p = 0; p < 41; p++) {
    const pbi = ++id;
    items.push({
      id: pbi,
      sprintId: 7,
      type: 'Product Backlog Item',
      title: `Story ${p}`,
      assignee: 'omar',
      createdAt: at(1, 9),
      history: [
        { state: 'New', at: at(1, 9) },
        { state: 'Approved', at: at(1, 10) },
        { state: 'Committed', at: at(2, 9) },
        { state: p % 2 ? 'Done' : 'Committed', at: at(9, 17) },
      ].slice(0, p % 2 ? 4 : 3),
    });
    for (let k = 0; k < 4; k++)
      items.push({
        id: ++id,
        sprintId: 7,
        parentId: pbi,
        type: 'Task',
        title: `Task ${p}.${k}`,
        assignee: 'ayesha',
        createdAt: at(3, 9 + k),
        history: [
          { state: 'To Do', at: at(3, 9 + k) },
          { state: 'In Progress', at: at(4, 9 + k) },
          { state: 'Done', at: at(5 + k, 12) },
        ],
      });
  }
  return {
    people: [
      { id: 'omar', name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' },
      { id: 'ayesha', name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
    ],
    accounts: [{ user: '', token: PAT }],
    projects: [
      {
        key: 'Fabrikam Fiber',
        name: 'Fabrikam Fiber',
        sprints: [{ id: 7, name: 'Sprint 7', startDate: '2030-07-01', endDate: '2030-07-12', state: 'active' }],
        items,
      },
    ],
  };
}

const byRef = (items: TrackerItem[]) => new Map(items.map((item) => [item.ref, item]));
const query = (path: string) => new URL(path, 'http://sim').searchParams;

describe('Azure DevOps connector', () => {
  it('reads a sprint of 205 items in batches of 200 and every page of every history', async () => {
    const data = bigSprint();
    sim = await startAzureDevOpsSim(data, { pageSize: 2, collectionPath: 'tfs/DefaultCollection' });
    const { http, sent } = client();
    // A Server's collection address, given with a trailing slash.
    const azure = createAzureDevOpsConnector(connection(`${sim.url}/`, { projectKey: 'Fabrikam Fiber' }), http);

    expect(await azure.verify()).toEqual({ name: 'Fabrikam Fiber' });
    const [sprint] = await azure.sprints();
    expect(sprint).toMatchObject({ name: 'Sprint 7', state: 'active', startDate: '2030-07-01', endDate: '2030-07-12' });
    const items = await azure.items(sprint!.ref);

    expect(items).toHaveLength(205);
    const batches = sent.filter((r) => String(r.url).includes('/_apis/wit/workitemsbatch'));
    expect(batches.map((r) => (r.body as { ids: number[] }).ids.length)).toEqual([200, 5]);
    const log = sim.requests.filter((r) => r.path.includes('/updates?'));
    expect(sim.requests.filter((r) => r.method === 'POST' && r.path.includes('/workitemsbatch'))).toHaveLength(2);
    expect(log.every((r) => r.status === 200 && r.path.startsWith('/tfs/DefaultCollection/Fabrikam%20Fiber/'))).toBe(
      true,
    );
    // A PBI's four states sit among its four child-link updates: with two a page, its fourth page has the last.
    const done = log.filter((r) => r.path.includes('/workItems/5006/updates'));
    expect(done.map((r) => query(r.path).get('$skip'))).toEqual(['0', '2', '4', '6']);

    const read = byRef(items);
    for (const item of data.projects[0]!.items) {
      const got = read.get(String(item.id))!;
      expect(got.history).toEqual(expectedHistory(item));
      expect(got.parentRef).toBe(item.parentId === undefined ? null : String(item.parentId));
      expect(got.kind).toBe(item.type === 'Task' ? 'task' : 'pbi');
    }
    expect(read.get('5006')).toMatchObject({ status: 'done', finishedAt: '2030-07-09T17:00:00.000Z' });
    expect(read.get('5001')).toMatchObject({ status: 'in-progress', trackerStatus: 'Committed', finishedAt: null });
  });

  it("tells Azure's Scrum and Agile states as Teambeat statuses, with history good for the metrics", async () => {
    sim = await startAzureDevOpsSim(azureDevOpsDemoData(), { pageSize: 3 });
    const azure = createAzureDevOpsConnector(connection(sim.url), client().http);

    expect(await azure.verify()).toEqual({ name: 'Mobile App' });
    const sprints = await azure.sprints();
    expect(
      sprints.map(({ name, state, startDate, endDate, goal }) => ({ name, state, startDate, endDate, goal })),
    ).toEqual([
      { name: 'Sprint 1', state: 'closed', startDate: '2030-06-03', endDate: '2030-06-14', goal: null },
      { name: 'Sprint 2', state: 'active', startDate: '2030-06-17', endDate: '2030-06-28', goal: null },
    ]);
    expect(sprints[0]!.ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const past = byRef(await azure.items(sprints[0]!.ref));
    expect([...past.keys()].sort()).toEqual(['101', '102', '103', '104', '105', '106']);
    expect(past.get('101')).toMatchObject({
      kind: 'pbi',
      parentRef: null,
      type: 'Product Backlog Item',
      status: 'done',
      trackerStatus: 'Done',
      assignee: { name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' },
      url: `${sim.url}/Mobile%20App/_workitems/edit/101`,
      createdAt: '2030-05-28T10:00:00.000Z',
      startedAt: '2030-06-03T09:00:00.000Z',
      finishedAt: '2030-06-12T16:00:00.000Z',
      // New and Approved are both new: one change.
      history: [
        { at: '2030-05-28T10:00:00.000Z', to: 'new' },
        { at: '2030-06-03T09:00:00.000Z', to: 'in-progress' },
        { at: '2030-06-12T16:00:00.000Z', to: 'done' },
      ],
    });
    expect(past.get('102')).toMatchObject({ kind: 'task', parentRef: '101', status: 'done', trackerStatus: 'Done' });
    expect(past.get('105')).toMatchObject({
      kind: 'task',
      parentRef: '104',
      status: 'completed',
      trackerStatus: 'Closed',
    });
    expect(past.get('106')).toMatchObject({ kind: 'pbi', type: 'Bug', status: 'completed' });

    // Active -> Resolved -> Active -> Resolved -> Closed: one kickback from testing.
    const story = past.get('104')!;
    expect(story).toMatchObject({ type: 'User Story', status: 'completed', trackerStatus: 'Closed' });
    expect(story.history.map((change) => change.to)).toEqual([
      'new',
      'in-progress',
      'testing',
      'in-progress',
      'testing',
      'completed',
    ]);
    expect(taskMetrics(story.history, '2030-07-01T00:00:00Z')).toEqual({
      devCycleHours: 80,
      qaKickbacks: 1,
      qaCycleHours: 110,
    });

    const current = byRef(await azure.items(sprints[1]!.ref));
    // 208 was Removed: cut from the sprint, not part of its work.
    expect([...current.keys()].sort()).toEqual(['201', '202', '203', '204', '205', '206', '207']);
    expect(current.get('201')).toMatchObject({ status: 'in-progress', trackerStatus: 'Committed', finishedAt: null });
    expect(current.get('203')).toMatchObject({ status: 'in-progress', trackerStatus: 'In Progress' });
    expect(current.get('204')).toMatchObject({
      status: 'new',
      trackerStatus: 'To Do',
      assignee: null,
      startedAt: null,
    });
    expect(current.get('206')).toMatchObject({ kind: 'pbi', status: 'new', trackerStatus: 'New' });
    // Its story stayed in Sprint 1: the parent comes from System.Parent, not from the iteration's links.
    expect(current.get('207')).toMatchObject({ kind: 'task', parentRef: '104', status: 'in-progress' });
    const testing = current.get('205')!;
    expect(testing).toMatchObject({ status: 'testing', trackerStatus: 'Resolved', finishedAt: null });
    expect(taskMetrics(testing.history, '2030-06-25T11:00:00Z')).toEqual({
      devCycleHours: 77,
      qaKickbacks: 1,
      qaCycleHours: 42,
    });
  });

  it('tells a wrong PAT as refused credentials, whether Azure answers 401 or its sign-in page', async () => {
    sim = await startAzureDevOpsSim(azureDevOpsDemoData());
    const wrong = await failure(
      createAzureDevOpsConnector(connection(sim.url, { token: 'nope' }), client().http).verify(),
    );
    expect(wrong.code).toBe('credentials');
    expect(wrong.message).toContain('TF400813');
    expect(sim.requests.at(-1)!.status).toBe(401);

    // A server or proxy that drops X-TFS-FedAuthRedirect: Azure then answers 203 with an HTML sign-in page.
    const { http } = client((request) => ({
      ...request,
      headers: Object.fromEntries(
        Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'x-tfs-fedauthredirect'),
      ),
    }));
    const page = await failure(createAzureDevOpsConnector(connection(sim.url, { token: 'nope' }), http).sprints());
    expect(sim.requests.at(-1)!.status).toBe(203);
    expect(page.code).toBe('credentials');
    expect(page.message).toContain('sign-in page');
  });

  it('tells an expired PAT as refused credentials', async () => {
    sim = await startAzureDevOpsSim(azureDevOpsDemoData());
    const azure = createAzureDevOpsConnector(connection(sim.url), client().http);
    const [sprint] = await azure.sprints();
    sim.expire(PAT);
    const error = await failure(azure.items(sprint!.ref));
    expect(error.code).toBe('credentials');
    expect(error.message).toContain('The Personal Access Token used has expired');
  });

  it('tells an unknown project or iteration as not found', async () => {
    sim = await startAzureDevOpsSim(azureDevOpsDemoData());
    const unknown = createAzureDevOpsConnector(connection(sim.url, { projectKey: 'Web Shop' }), client().http);
    const error = await failure(unknown.verify());
    expect(error.code).toBe('not-found');
    expect(error.message).toContain('TF200016');
    expect((await failure(unknown.sprints())).code).toBe('not-found');

    const azure = createAzureDevOpsConnector(connection(sim.url), client().http);
    expect((await failure(azure.items('00000000-0000-0000-0000-000000000000'))).code).toBe('not-found');
  });

  it("waits what Azure's Retry-After asks and reads on", async () => {
    sim = await startAzureDevOpsSim(azureDevOpsDemoData(), { pageSize: 2 });
    const { http, waits } = client();
    const azure = createAzureDevOpsConnector(connection(sim.url), http);
    const [sprint] = await azure.sprints();
    sim.limitNext(2, 1);
    const items = await azure.items(sprint!.ref);

    expect(items).toHaveLength(6);
    expect(waits).toEqual([1000, 1000]);
    expect(sim.requests.filter((r) => r.status === 429)).toHaveLength(2);
    expect(byRef(items).get('104')!.history).toHaveLength(6);
  });

  it('gives up on too long a Retry-After, saying when to come back', async () => {
    sim = await startAzureDevOpsSim(azureDevOpsDemoData());
    const { http, waits } = client();
    sim.limitNext(5, 120);
    const error = await failure(createAzureDevOpsConnector(connection(sim.url), http).sprints());
    expect(error.code).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.message).toContain('TF400733');
    expect(waits).toEqual([]);
  });
});
