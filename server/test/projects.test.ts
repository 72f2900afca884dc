/**
 * The Project Hub (docs/projects.md): projects and their rules, members, the scope of those who see only
 * their own projects, the tracker connection (checked at the tracker, token sealed) and the sync against the
 * Jira stand-in (tools/tracker-sim): sprints, PBIs, tasks with their metrics, people matched by e-mail,
 * idempotence, one sync at a time, the tracker's refusals and rate limits, the schedule. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionName } from '../../shared/permissions.js';
import { jiraDemoData, startJiraSim, type JiraSim } from '../../tools/tracker-sim/jira.js';
import { violatedIndex } from '../src/db/errors.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let jira: JiraSim;
const omarEmail = 'omar.iqbal@northwind.example';
let omar: { id: number };

beforeAll(async () => {
  jira = await startJiraSim(jiraDemoData(), { pageSize: 2 });
  server = await startServer({ TRACKER_ALLOW_PRIVATE_URLS: 'true' });
  ({ tenantId, admin } = await companyWithAdmin(server));
  omar = await server.factories(tenantId).employee({ name: 'Omar Iqbal', email: omarEmail });
});
const sims: JiraSim[] = [];
afterAll(async () => {
  await server.close();
  await Promise.all([jira, ...sims].map((sim) => sim.close()));
});

/** A Jira site of its own: a project's address and key are unique in the company. */
async function anotherJira() {
  const sim = await startJiraSim(jiraDemoData(), { pageSize: 2 });
  sims.push(sim);
  return sim;
}

async function as(email: string, grants: PermissionName[]) {
  const user = await server.user(tenantId, { email, grants });
  return { ...user, api: server.api(await server.signIn(email)) };
}

const projectCount = async () =>
  (await server.db.selectFrom('projects').select('id').where('tenantId', '=', tenantId).execute()).length;

let serial = 0;
async function project(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const res = await admin.post('/api/projects', {
    name: `Project ${serial}`,
    url: `https://p${serial}.example`,
    key: `P${serial}`,
    type: 'monthly',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; url: string; key: string };
}

async function connectToJira(projectId: number) {
  const res = await admin.put(`/api/projects/${projectId}/connection`, {
    tool: 'jira',
    user: 'po@northwind.example',
    token: 'jira-demo-token',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

async function syncAndWait(projectId: number, body: Record<string, unknown> = {}, api: Api = admin) {
  const started = await api.post(`/api/projects/${projectId}/syncs`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await server.deps.projectSync.idle();
  return (await api.get(`/api/projects/${projectId}/syncs/latest`)).body as {
    state: string;
    total: number;
    done: number;
    items: number;
    errorCode: string | null;
    errorMessage: string | null;
    retryAt: string | null;
  };
}

describe('projects', () => {
  it('adds a project with its address normalised, refusing a taken name or address and key in any case', async () => {
    const res = await admin.post('/api/projects', {
      name: ' Web Platform ',
      url: 'Acme.Atlassian.net/',
      key: 'WEB',
      type: 'fixed-scope',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Web Platform',
      url: 'https://acme.atlassian.net',
      key: 'WEB',
      type: 'fixed-scope',
      isActive: true,
      connection: null,
      lastSync: null,
      members: [],
    });
    const before = await projectCount();
    const taken = [
      [
        { name: 'web platform', url: 'https://other.example', key: 'X' },
        'body.name',
        'A project with this name already exists.',
      ],
      [
        { name: 'Other', url: 'https://ACME.atlassian.net', key: 'web' },
        'body.key',
        'Another project already has this address and key.',
      ],
    ] as const;
    for (const [body, path, message] of taken) {
      const dup = await admin.post('/api/projects', { ...body, type: 'monthly' });
      expect(dup.status, JSON.stringify(body)).toBe(409);
      expect(dup.body.error.details.fields).toEqual([{ path, message }]);
    }
    for (const [body, path] of [
      [{ name: '', url: 'a.example', key: 'K', type: 'monthly' }, 'body.name'],
      [{ name: 'N', url: 'ftp://a.example', key: 'K', type: 'monthly' }, 'body.url'],
      [{ name: 'N', url: 'not a url', key: 'K', type: 'monthly' }, 'body.url'],
      [{ name: 'N', url: 'a.example', key: '', type: 'monthly' }, 'body.key'],
      [{ name: 'N', url: 'a.example', key: 'K', type: 'hourly' }, 'body.type'],
      [{ name: 'N', url: 'a.example', key: 'K', type: 'monthly', tool: 'jira' }, 'body.tool'],
    ] as const) {
      const bad = await admin.post('/api/projects', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await projectCount()).toBe(before);
  });

  it('names the address and key when a concurrent add wins the race past the check', async () => {
    // Both engines name the index a write broke; the repository reads it to name the right field.
    const first = await project();
    const row = await server.db.selectFrom('projects').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    const copy = { ...row, id: undefined, name: `${row.name} copy` };
    const refused = await server.db
      .insertInto('projects')
      .values(copy)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(violatedIndex(refused)).toBe('projects_tenant_url_key');

    serial += 1;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        admin.post('/api/projects', {
          name: `Racer ${serial}-${n}`,
          url: `r${serial}.example`,
          key: 'R',
          type: 'monthly',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(['body.key']);
  });

  it('counts the projects one sees by status and type, for the team dashboard', async () => {
    const counts = async (api: Api) => (await api.get('/api/projects/counts')).body;
    const before = await counts(admin);
    expect(before.total).toBe(await projectCount());
    await project({ type: 'fixed-scope' });
    const monthly = await project({ type: 'monthly' });
    await project({ type: 'non-billable' });
    expect((await admin.put(`/api/projects/${monthly.id}/status`, { isActive: false })).status).toBe(200);
    const after = await counts(admin);
    expect(after).toEqual({
      total: before.total + 3,
      active: before.active + 2,
      inactive: before.inactive + 1,
      billable: before.billable + 2,
      nonBillable: before.nonBillable + 1,
      fixedScope: before.fixedScope + 1,
      monthly: before.monthly + 1,
    });
    // Without view-all-projects, only the projects one is a member of.
    const member = await as('counted@acme.example', ['view-projects']);
    await admin.put(`/api/projects/${monthly.id}/members`, {
      members: [{ employeeId: member.id, role: 'member', allocation: 50 }],
    });
    expect(await counts(member.api)).toEqual({
      total: 1,
      active: 0,
      inactive: 1,
      billable: 1,
      nonBillable: 0,
      fixedScope: 0,
      monthly: 1,
    });
  });

  it('replaces members with roles and allocations, refusing an employee twice or unknown', async () => {
    const p = await project();
    const f = server.factories(tenantId);
    const dev = await f.employee({ name: 'Dev One', email: 'dev1@acme.example' });
    const res = await admin.put(`/api/projects/${p.id}/members`, {
      members: [
        { employeeId: dev.id, role: 'member', allocation: 50 },
        { employeeId: omar.id, role: 'product-owner', allocation: 20 },
      ],
    });
    expect(res.status).toBe(200);
    expect(
      res.body.members.map((m: { name: string; role: string; allocation: number }) => [m.name, m.role, m.allocation]),
    ).toEqual([
      ['Omar Iqbal', 'product-owner', 20],
      ['Dev One', 'member', 50],
    ]);
    expect(res.body).toMatchObject({
      productOwners: [{ id: omar.id, name: 'Omar Iqbal' }],
      memberCount: 2,
      developerCount: 1,
    });
    for (const members of [
      [
        { employeeId: dev.id, role: 'member', allocation: 50 },
        { employeeId: dev.id, role: 'member', allocation: 10 },
      ],
      [{ employeeId: 999_999, role: 'member', allocation: 10 }],
      [{ employeeId: dev.id, role: 'member', allocation: 101 }],
    ]) {
      const bad = await admin.put(`/api/projects/${p.id}/members`, { members });
      expect(bad.status, JSON.stringify(members)).toBe(400);
    }
    expect((await admin.get(`/api/projects/${p.id}`)).body.memberCount).toBe(2);

    const report = await admin.get('/api/projects/allocation-report');
    expect(report.status).toBe(200);
    expect(String(report.body)).toContain('Dev One,dev1@acme.example,');
  });

  it('shows someone without view-all-projects only their projects, and makes them owner of what they add', async () => {
    const other = await project();
    const po = await as('po1@acme.example', ['view-projects', 'add-project', 'edit-project']);
    const mine = await po.api.post('/api/projects', {
      name: 'Mine',
      url: 'mine.example',
      key: 'M',
      type: 'non-billable',
    });
    expect(mine.status).toBe(201);
    expect(mine.body.productOwners).toEqual([{ id: po.id, name: expect.any(String) }]);
    const list = await po.api.get('/api/projects');
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(['Mine']);
    for (const [method, path, body] of [
      ['get', `/api/projects/${other.id}`, undefined],
      ['patch', `/api/projects/${other.id}`, { name: 'Taken over' }],
      ['get', `/api/projects/${other.id}/tasks`, undefined],
    ] as const) {
      const res = method === 'get' ? await po.api.get(path) : await po.api.patch(path, body);
      expect(res.status, path).toBe(404);
    }
    const elsewhere = await server.tenant('Other', 'other.example');
    const stranger = await server.user(elsewhere.id, {
      email: 'x@other.example',
      grants: ['view-projects', 'view-all-projects', 'edit-project'],
    });
    const strangerApi = server.api(await server.signIn(stranger.email));
    expect((await strangerApi.get(`/api/projects/${other.id}`)).status).toBe(404);
    expect((await strangerApi.patch(`/api/projects/${other.id}`, { name: 'Mine now' })).status).toBe(404);
  });

  it('connects only after the tracker accepts the token, keeps it sealed and never answers it', async () => {
    const p = await project({ url: jira.url, key: 'WEB' });
    const wrong = await admin.put(`/api/projects/${p.id}/connection`, {
      tool: 'jira',
      user: 'po@northwind.example',
      token: 'not-the-token',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'PROJECT_CONNECT_FAILED', details: { tracker: 'credentials' } });
    expect(wrong.body.error.message).toMatch(/^Failed to connect the project: /);
    const noUser = await admin.put(`/api/projects/${p.id}/connection`, { tool: 'jira', token: 'jira-demo-token' });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error.details.fields[0].path).toBe('body.user');
    expect((await admin.get(`/api/projects/${p.id}`)).body.connection).toBeNull();

    const ok = await connectToJira(p.id);
    expect(ok.body.connection).toMatchObject({
      tool: 'jira',
      user: 'po@northwind.example',
      trackerName: 'Web Platform',
    });
    expect(JSON.stringify(ok.body)).not.toContain('jira-demo-token');
    const stored = await server.db
      .selectFrom('projects')
      .select('trackerToken')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(stored.trackerToken).toMatch(/^v1\./);
    expect(stored.trackerToken).not.toContain('jira-demo-token');
    // Saved again without the token: the stored one is kept (and checked again at the tracker).
    const again = await admin.put(`/api/projects/${p.id}/connection`, { tool: 'jira', user: 'po@northwind.example' });
    expect(again.status).toBe(200);
    // Another account needs its own token.
    const otherUser = await admin.put(`/api/projects/${p.id}/connection`, {
      tool: 'jira',
      user: 'else@northwind.example',
    });
    expect(otherUser.status).toBe(400);
    expect(otherUser.body.error.details.fields[0].path).toBe('body.token');

    // Moving the project elsewhere forgets the token: it goes only where it was checked.
    const moved = await admin.patch(`/api/projects/${p.id}`, { url: 'https://elsewhere.example' });
    expect(moved.body.connection).toBeNull();
    const forgotten = await server.db
      .selectFrom('projects')
      .select('trackerToken')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(forgotten.trackerToken).toBeNull();
    expect((await admin.post(`/api/projects/${p.id}/syncs`, {})).body.error.code).toBe('PROJECT_NOT_CONNECTED');

    const unknownKey = await project({ url: jira.url, key: 'NOPE' });
    const missing = await admin.put(`/api/projects/${unknownKey.id}/connection`, {
      tool: 'jira',
      user: 'po@northwind.example',
      token: 'jira-demo-token',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.tracker).toBe('not-found');
  });

  it('syncs every sprint with its PBIs and tasks, idempotently, keeping what Teambeat added', async () => {
    const site = await anotherJira();
    const p = await project({ url: site.url, key: 'WEB' });
    await connectToJira(p.id);
    const sync = await syncAndWait(p.id);
    expect(sync).toMatchObject({ state: 'done', total: 2, done: 2, errorCode: null });

    const sprints = (await admin.get(`/api/projects/${p.id}/sprints`)).body.items;
    expect(
      sprints.map((s: { name: string; status: string; pbiCount: number; taskCount: number }) => [
        s.name,
        s.status,
        s.pbiCount,
        s.taskCount,
      ]),
    ).toEqual([
      ['WEB Sprint 2', 'active', 3, 3],
      ['WEB Sprint 1', 'closed', 2, 4],
    ]);
    const tasks = await admin.get(`/api/projects/${p.id}/tasks?pageSize=25`);
    expect(tasks.body.total).toBe(7);
    const api = tasks.body.items.find((t: { name: string }) => t.name === 'Guest checkout API');
    expect(api).toMatchObject({
      issueId: 'WEB-3',
      status: 'done',
      qaKickbacks: 1,
      devCycleTime: 29,
      sprint: { name: 'WEB Sprint 1' },
      pbi: { refId: 'WEB-2', name: 'Guest checkout' },
      plan: { id: p.id },
      assignee: { id: omar.id, name: 'Omar Iqbal' },
      link: `${site.url}/browse/WEB-3`,
    });
    // The bug worked on without sub-tasks is its assignee's task too; the unassigned story is not a task.
    expect(tasks.body.items.map((t: { issueId: string }) => t.issueId)).toContain('WEB-11');
    expect(tasks.body.items.map((t: { issueId: string }) => t.issueId)).not.toContain('WEB-12');
    const pbis = await admin.get(`/api/projects/${p.id}/pbis?pageSize=25&searchText=checkout`);
    expect(pbis.body.items).toEqual([
      expect.objectContaining({
        refId: 'WEB-2',
        name: 'Guest checkout',
        taskCount: 2,
        participants: expect.arrayContaining([
          { id: omar.id, name: 'Omar Iqbal' },
          { id: null, name: 'Ayesha Fischer' },
        ]),
      }),
    ]);

    // What Teambeat adds stays through the next sync.
    const closed = sprints.find((s: { status: string }) => s.status === 'closed');
    const points = await admin.put(`/api/projects/${p.id}/sprints/${closed.id}`, {
      name: closed.name,
      goal: 'Checkout for the beta',
      startDate: closed.startDate,
      endDate: closed.endDate,
      status: 'closed',
      qaKickback: 20,
      uatKickback: 0,
      carryOvers: 10,
      qualityResult: 'passed',
    });
    expect(points.status, JSON.stringify(points.body)).toBe(200);
    const ignored = await admin.post(`/api/projects/${p.id}/tasks/ignore`, { taskIds: [api.id], reason: 'low-impact' });
    expect(ignored.body).toEqual({ changed: 1 });
    const people = (await admin.get(`/api/projects/${p.id}/participants`)).body.items;
    const ayesha = people.find((x: { name: string }) => x.name === 'Ayesha Fischer');
    expect(ayesha).toMatchObject({ email: 'ayesha.fischer20@northwind.example', employee: null, taskCount: 2 });
    const dev = await server.factories(tenantId).employee({ name: 'Ayesha F.', email: 'ayesha@acme.example' });
    const mapped = await admin.put(`/api/projects/${p.id}/participants/${ayesha.id}`, { employeeId: dev.id });
    expect(mapped.body).toMatchObject({ employee: { id: dev.id }, mappedByHand: true });

    const counts = async () =>
      Promise.all(
        (['projectSprints', 'projectPbis', 'projectTasks', 'trackerPeople'] as const).map(
          async (table) =>
            (await server.db.selectFrom(table).select('id').where('projectId', '=', p.id).execute()).length,
        ),
      );
    const before = await counts();
    expect(await syncAndWait(p.id)).toMatchObject({ state: 'done' });
    expect(await counts()).toEqual(before);
    const after = (await admin.get(`/api/projects/${p.id}/sprints`)).body.items.find(
      (s: { id: number }) => s.id === closed.id,
    );
    // The tracker's goal wins where it has one; the data points are Teambeat's.
    expect(after).toMatchObject({ qaKickback: 20, uatKickback: 0, carryOvers: 10, qualityResult: 'passed' });
    const ignoredNow = await admin.get(`/api/projects/${p.id}/tasks?status=ignored`);
    expect(ignoredNow.body.items.map((t: { id: number; ignoredReason: string }) => [t.id, t.ignoredReason])).toEqual([
      [api.id, 'low-impact'],
    ]);
    const peopleAfter = (await admin.get(`/api/projects/${p.id}/participants`)).body.items;
    expect(peopleAfter.find((x: { id: number }) => x.id === ayesha.id).employee).toEqual({
      id: dev.id,
      name: 'Ayesha F.',
    });

    // Tasks of another project are refused, and nothing changes.
    const other = await project();
    const foreign = await admin.post(`/api/projects/${other.id}/tasks/ignore`, {
      taskIds: [api.id],
      reason: 'outside-scope',
    });
    expect(foreign.status).toBe(400);
    const restored = await admin.post(`/api/projects/${p.id}/tasks/restore`, { taskIds: [api.id] });
    expect(restored.body).toEqual({ changed: 1 });
  });

  it('refuses sprint data points out of range, naming the field', async () => {
    const p = await project();
    const base = {
      name: 'Sprint A',
      goal: 'Ship it',
      startDate: '2030-06-01',
      endDate: '2030-06-14',
      status: 'active',
    };
    const made = await admin.post(`/api/projects/${p.id}/sprints`, base);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fromTracker: false, qualityResult: 'none' });
    for (const [body, path] of [
      [{ ...base, qaKickback: 101 }, 'body.qaKickback'],
      [{ ...base, carryOvers: -1 }, 'body.carryOvers'],
      [{ ...base, goal: '' }, 'body.goal'],
      [{ ...base, endDate: '2030-05-01' }, 'body.endDate'],
      [{ ...base, qualityResult: 'great' }, 'body.qualityResult'],
    ] as const) {
      const bad = await admin.put(`/api/projects/${p.id}/sprints/${made.body.id}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    const synced = await admin.post(`/api/projects/${p.id}/syncs`, {});
    expect(synced.status).toBe(400);
    expect(synced.body.error.code).toBe('PROJECT_NOT_CONNECTED');
  });

  it('syncs one sprint with edit-project, every sprint only with sync-all-sprints', async () => {
    const p = await project({ url: (await anotherJira()).url, key: 'WEB' });
    await connectToJira(p.id);
    expect((await syncAndWait(p.id)).state).toBe('done');
    const po = await as('po2@acme.example', ['view-projects', 'edit-project']);
    await admin.put(`/api/projects/${p.id}/members`, {
      members: [{ employeeId: po.id, role: 'product-owner', allocation: 0 }],
    });
    const all = await po.api.post(`/api/projects/${p.id}/syncs`, {});
    expect(all.status).toBe(403);
    const sprint = (await po.api.get(`/api/projects/${p.id}/sprints`)).body.items[0];
    const one = await syncAndWait(p.id, { sprintId: sprint.id }, po.api);
    expect(one).toMatchObject({ state: 'done', total: 1, done: 1 });
  });

  it('runs one sync per project at a time, and fails clearly on expired credentials and long rate limits', async () => {
    const jira = await anotherJira();
    const p = await project({ url: jira.url, key: 'WEB' });
    await connectToJira(p.id);
    // The tracker asks to wait a second: the sync waits, and a second start meanwhile is refused.
    jira.limitNext(1, 1);
    const first = await admin.post(`/api/projects/${p.id}/syncs`, {});
    expect(first.status).toBe(202);
    const second = await admin.post(`/api/projects/${p.id}/syncs`, {});
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('PROJECT_SYNC_RUNNING');
    await server.deps.projectSync.idle();
    expect((await admin.get(`/api/projects/${p.id}/syncs/latest`)).body.state).toBe('done');

    // A wait longer than the client holds on for ends the sync, saying when to come back.
    jira.limitNext(1, 3600);
    const limited = await syncAndWait(p.id);
    expect(limited).toMatchObject({ state: 'failed', errorCode: 'rate-limited' });
    expect(Date.parse(limited.retryAt!)).toBeGreaterThan(Date.now() + 3000_000);
    // The schedule does not start it before then (it does start the projects connected and never synced).
    await server.deps.projectSync.runScheduled(tenantId);
    expect((await admin.get(`/api/projects/${p.id}/syncs/latest`)).body).toEqual(limited);

    jira.expire('jira-demo-token');
    try {
      const expired = await syncAndWait(p.id);
      expect(expired).toMatchObject({ state: 'failed', errorCode: 'credentials' });
      expect(expired.errorMessage).toMatch(/refused the credentials/);
    } finally {
      jira.data.accounts[0]!.expired = false;
    }
  });
  it('runs again on schedule a sync that stopped without finishing, and leaves a live one alone', async () => {
    const p = await project({ url: (await anotherJira()).url, key: 'WEB' });
    await connectToJira(p.id);
    expect((await syncAndWait(p.id)).state).toBe('done');
    // The server went down mid-sync: its row stays unfinished, its heartbeat stopped 11 minutes ago.
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const unfinished = async (minutesAgo: number) =>
      (
        await server.db
          .insertInto('projectSyncs')
          .values({ tenantId, projectId: p.id, state: 'running', startedAt: at(12), heartbeatAt: at(minutesAgo) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const syncsOf = () =>
      server.db
        .selectFrom('projectSyncs')
        .select(['id', 'state', 'finishedAt'])
        .where('projectId', '=', p.id)
        .orderBy('id')
        .execute();

    const live = await unfinished(1);
    await server.deps.projectSync.runScheduled(tenantId);
    await server.deps.projectSync.idle();
    expect((await syncsOf()).at(-1)).toEqual({ id: live, state: 'running', finishedAt: null });
    await server.db.deleteFrom('projectSyncs').where('id', '=', live).execute();

    const crashed = await unfinished(11);
    await server.deps.projectSync.runScheduled(tenantId);
    await server.deps.projectSync.idle();
    const after = await syncsOf();
    expect(after.find((s) => s.id === crashed)).toMatchObject({ state: 'failed' });
    expect(after.at(-1)).toMatchObject({ state: 'done' });
    expect(after.at(-1)!.id).toBeGreaterThan(crashed);
  });
  it('tells the product owners once when a scheduled sync fails, and nobody when a person’s own sync fails', async () => {
    const jira = await anotherJira();
    const p = await project({ url: jira.url, key: 'WEB' });
    const owner = await as('owner-told@acme.example', ['view-projects']);
    const member = await as('member-untold@acme.example', ['view-projects']);
    await admin.put(`/api/projects/${p.id}/members`, {
      members: [
        { employeeId: owner.id, role: 'product-owner', allocation: 50 },
        { employeeId: member.id, role: 'member', allocation: 50 },
      ],
    });
    await connectToJira(p.id);
    const told = async (api: Api) =>
      (await api.get('/api/notification/v2?limit=50')).body.notifications.filter(
        (n: { type: string }) => n.type === 'project-sync-failed',
      ) as { body: string }[];
    const scheduled = async () => {
      await server.deps.projectSync.start({
        tenantId,
        projectId: p.id,
        sprintId: null,
        requestedBy: null,
        scheduled: true,
      });
      await server.deps.projectSync.idle();
    };

    jira.expire('jira-demo-token');
    try {
      // Someone syncing sees the failure on the page: nobody is told.
      expect((await syncAndWait(p.id)).errorCode).toBe('credentials');
      expect(await told(owner.api)).toHaveLength(0);

      await scheduled();
      const [notice] = await told(owner.api);
      expect(JSON.parse(notice!.body)).toMatchObject({
        params: { project: expect.stringMatching(/^Project \d+$/) },
        link: `/project/management/${p.id}/overview`,
      });
      expect(await told(member.api)).toHaveLength(0);
      // The same cause again is not news.
      await scheduled();
      expect(await told(owner.api)).toHaveLength(1);
    } finally {
      jira.data.accounts[0]!.expired = false;
    }
    // A success, then a failure again, is.
    await scheduled();
    jira.expire('jira-demo-token');
    try {
      await scheduled();
      expect(await told(owner.api)).toHaveLength(2);
    } finally {
      jira.data.accounts[0]!.expired = false;
    }
  });
});
