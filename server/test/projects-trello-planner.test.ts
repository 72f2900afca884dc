/**
 * The Project Hub with trackers that have no sprints (docs/projects.md, "Trello", "Microsoft Planner"): a
 * project connected to the Trello and Planner stand-ins (tools/tracker-sim) through the API, synced, and read
 * back as Teambeat's sprints, PBIs, tasks with their metrics, and people. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannerDemoData, startPlannerSim, type PlannerSim } from '../../tools/tracker-sim/planner.js';
import { startTrelloSim, trelloDemoData, type TrelloSim } from '../../tools/tracker-sim/trello.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let trello: TrelloSim;
let planner: PlannerSim;

beforeAll(async () => {
  trello = await startTrelloSim(trelloDemoData(), { pageSize: 2 });
  planner = await startPlannerSim(plannerDemoData(), { pageSize: 2 });
  server = await startServer({ TRACKER_ALLOW_PRIVATE_URLS: 'true' });
  ({ tenantId, admin } = await companyWithAdmin(server));
});
afterAll(async () => {
  await server.close();
  await Promise.all([trello.close(), planner.close()]);
});

async function project(name: string, url: string, key: string) {
  const res = await admin.post('/api/projects', { name, url, key, type: 'fixed-scope' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

async function syncAndWait(projectId: number) {
  const started = await admin.post(`/api/projects/${projectId}/syncs`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await server.deps.projectSync.idle();
  return (await admin.get(`/api/projects/${projectId}/syncs/latest`)).body;
}

type Task = {
  name: string;
  status: string;
  trackerStatus: string;
  devCycleTime: number | null;
  qaKickbacks: number;
  qaCycleTime: number | null;
  assignee: { id: number | null; name: string } | null;
  link: string;
  pbi: { name: string } | null;
  sprint: { name: string } | null;
};
const tasksOf = async (projectId: number) =>
  (await admin.get(`/api/projects/${projectId}/tasks?pageSize=25&orderKey=name`)).body as {
    total: number;
    items: Task[];
  };

describe('projects on Trello and Microsoft Planner', () => {
  it('stores no tracker link a page must not open: a card whose url is javascript: has no link', async () => {
    const data = trelloDemoData();
    data.projects[0]!.items.find((i) => i.title === 'Sign in with a magic link')!.link = 'javascript:alert(1)';
    data.projects[0]!.items.find((i) => i.title === 'Download invoices as PDF')!.link = 'data:text/html,hi';
    const hostile = await startTrelloSim(data);
    try {
      const p = await project('Hostile board', hostile.url, 'Qx7Lm2Pa');
      const connected = await admin.put(`/api/projects/${p.id}/connection`, {
        tool: 'trello',
        user: 'trello-demo-key',
        token: 'trello-demo-token',
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      expect(await syncAndWait(p.id)).toMatchObject({ state: 'done', items: 5, errorCode: null });
      const links = (await tasksOf(p.id)).items.map((t) => [t.name, t.link]);
      expect(links).toEqual([
        ['Download invoices as PDF', ''],
        ['Password reset e-mail copy', expect.stringMatching(/^https:\/\/trello\.com\/c\/[A-Za-z0-9]{8}\/4-password/)],
        ['Sign in with a magic link', ''],
        ['Usage charts on the dashboard', expect.stringMatching(/^https:\/\/trello\.com\/c\/[A-Za-z0-9]{8}\/5-usage/)],
      ]);
    } finally {
      await hostile.close();
    }
  });

  it('connects a Trello board with the API key and token, and syncs its cards with their moves as metrics', async () => {
    const p = await project('Customer Portal', trello.url, 'Qx7Lm2Pa');
    const noKey = await admin.put(`/api/projects/${p.id}/connection`, { tool: 'trello', token: 'trello-demo-token' });
    expect(noKey.status).toBe(400);
    expect(JSON.stringify(noKey.body)).toContain('Enter the Trello API key the token was made for');
    const wrong = await admin.put(`/api/projects/${p.id}/connection`, {
      tool: 'trello',
      user: 'trello-demo-key',
      token: 'not-the-token',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      'Failed to connect the project: The tracker refused the credentials (401): invalid token',
    );

    const ok = await admin.put(`/api/projects/${p.id}/connection`, {
      tool: 'trello',
      user: 'trello-demo-key',
      token: 'trello-demo-token',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.connection).toMatchObject({
      tool: 'trello',
      user: 'trello-demo-key',
      trackerName: 'Customer Portal',
    });
    expect(JSON.stringify(ok.body)).not.toContain('trello-demo-token');

    expect(await syncAndWait(p.id)).toMatchObject({ state: 'done', total: 1, done: 1, items: 5, errorCode: null });
    const sprints = (await admin.get(`/api/projects/${p.id}/sprints`)).body.items;
    expect(
      sprints.map(
        (s: { name: string; status: string; startDate: string | null; pbiCount: number; taskCount: number }) => [
          s.name,
          s.status,
          s.startDate,
          s.pbiCount,
          s.taskCount,
        ],
      ),
    ).toEqual([['Customer Portal', 'active', null, 5, 4]]);

    // Every assigned card is its member's task; the unassigned one in the backlog is not.
    const tasks = await tasksOf(p.id);
    expect(tasks.total).toBe(4);
    expect(
      tasks.items.map((t) => [t.name, t.status, t.trackerStatus, t.devCycleTime, t.qaKickbacks, t.assignee?.name]),
    ).toEqual([
      ['Download invoices as PDF', 'done', 'Done', 53, 0, 'Ayesha Fischer'],
      ['Password reset e-mail copy', 'testing', 'Code Review', 25, 0, 'Grace Castillo'],
      ['Sign in with a magic link', 'done', 'Done', 30, 1, 'Omar Iqbal'],
      ['Usage charts on the dashboard', 'testing', 'QA', 24, 0, 'Chen Okafor'],
    ]);
    const magic = tasks.items.find((t) => t.name === 'Sign in with a magic link')!;
    expect(magic).toMatchObject({
      qaCycleTime: 95,
      pbi: { name: 'Sign in with a magic link' },
      sprint: { name: 'Customer Portal' },
      link: expect.stringMatching(/^https:\/\/trello\.com\/c\/[A-Za-z0-9]{8}\/2-sign-in-with-a-magic-link$/),
    });

    // Trello hides members' e-mails: nobody is matched until mapped by hand, and the mapping outlives a sync.
    const people = (await admin.get(`/api/projects/${p.id}/participants`)).body.items as {
      id: number;
      name: string;
      email: string | null;
      employee: unknown;
    }[];
    expect(people.map((x) => [x.name, x.email, x.employee]).sort()).toEqual([
      ['Ayesha Fischer', null, null],
      ['Chen Okafor', null, null],
      ['Grace Castillo', null, null],
      ['Omar Iqbal', null, null],
    ]);
    const omar = await server.factories(tenantId).employee({ name: 'Omar Iqbal', email: 'omar@acme.example' });
    const mapped = await admin.put(
      `/api/projects/${p.id}/participants/${people.find((x) => x.name === 'Omar Iqbal')!.id}`,
      {
        employeeId: omar.id,
      },
    );
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(await syncAndWait(p.id)).toMatchObject({ state: 'done', items: 5 });
    const again = await tasksOf(p.id);
    expect(again.total).toBe(4);
    expect(again.items.find((t) => t.name === 'Sign in with a magic link')!.assignee).toEqual({
      id: omar.id,
      name: 'Omar Iqbal',
    });
  });

  it('connects a Planner plan with an access token alone, and syncs its tasks without made-up metrics', async () => {
    const ayesha = await server
      .factories(tenantId)
      .employee({ name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' });
    const p = await project('Partner Onboarding', planner.url, 'Nw7pR2kqLUe5s0Xz-9AaC2QAHrTb');
    const ok = await admin.put(`/api/projects/${p.id}/connection`, { tool: 'planner', token: 'planner-demo-token' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.connection).toMatchObject({ tool: 'planner', user: '', trackerName: 'Partner Onboarding' });

    expect(await syncAndWait(p.id)).toMatchObject({ state: 'done', total: 1, done: 1, items: 4, errorCode: null });
    const tasks = await tasksOf(p.id);
    expect(
      tasks.items.map((t) => [t.name, t.status, t.trackerStatus, t.devCycleTime, t.qaKickbacks, t.qaCycleTime]),
    ).toEqual([
      ['Draft the partner agreement', 'done', 'Completed (Done)', null, 0, null],
      ['Order the welcome packs', 'in-progress', 'In progress (In progress)', null, 0, null],
      ['Set up the partner portal accounts', 'testing', 'In progress (Review)', null, 0, null],
    ]);
    // Graph gives e-mails: the assignee is matched to the employee with hers.
    expect(tasks.items.find((t) => t.name === 'Set up the partner portal accounts')!.assignee).toEqual({
      id: ayesha.id,
      name: 'Ayesha Fischer',
    });

    // An access token that expired ends the next sync as refused credentials.
    planner.expire('planner-demo-token');
    expect(await syncAndWait(p.id)).toMatchObject({ state: 'failed', errorCode: 'credentials' });
  });
});
