/**
 * A project on monday.com, end to end through the API (docs/projects.md, "Monday"): connect with the API
 * token alone (refused when wrong), sync the board's groups as sprints against the monday.com stand-in
 * (tools/tracker-sim), and read the tasks with the metrics their activity log gives. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mondayDemoData, startMondaySim, type MondaySim } from '../../tools/tracker-sim/monday.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let monday: MondaySim;
let omar: { id: number };

beforeAll(async () => {
  // Two items a page: the sync reads every group through next_items_page.
  monday = await startMondaySim(mondayDemoData(), { pageSize: 2 });
  server = await startServer({ TRACKER_ALLOW_PRIVATE_URLS: 'true' });
  ({ tenantId, admin } = await companyWithAdmin(server));
  omar = await server.factories(tenantId).employee({ name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' });
});
afterAll(async () => {
  await server.close();
  await monday.close();
});

const item = (n: number) => String(5_100_000_000 + n);

describe('projects on monday.com', () => {
  it('connects with the API token, syncs the groups as sprints and gives the tasks their metrics', async () => {
    const added = await admin.post('/api/projects', {
      name: 'Mobile Launch',
      url: monday.url,
      key: '1802551123',
      type: 'monthly',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const p = added.body as { id: number };

    const wrong = await admin.put(`/api/projects/${p.id}/connection`, { tool: 'monday', token: 'not-the-token' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'PROJECT_CONNECT_FAILED', details: { tracker: 'credentials' } });
    const connected = await admin.put(`/api/projects/${p.id}/connection`, {
      tool: 'monday',
      token: 'monday-demo-token',
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.connection).toMatchObject({ tool: 'monday', user: '', trackerName: 'Mobile Launch' });
    expect(JSON.stringify(connected.body)).not.toContain('monday-demo-token');

    const started = await admin.post(`/api/projects/${p.id}/syncs`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await server.deps.projectSync.idle();
    const sync = (await admin.get(`/api/projects/${p.id}/syncs/latest`)).body;
    expect(sync).toMatchObject({ state: 'done', total: 2, done: 2, items: 10, errorCode: null });

    const sprints = (await admin.get(`/api/projects/${p.id}/sprints`)).body.items as {
      name: string;
      status: string;
      startDate: string | null;
      pbiCount: number;
      taskCount: number;
    }[];
    expect(
      sprints
        .map((s) => [s.name, s.status, s.startDate, s.pbiCount, s.taskCount])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ).toEqual([
      ['Sprint 14', 'closed', null, 2, 3],
      ['Sprint 15', 'active', null, 3, 3],
    ]);

    const tasks = await admin.get(`/api/projects/${p.id}/tasks?pageSize=25`);
    expect(tasks.status).toBe(200);
    // The subitems, and the stuck item worked on without subitems; the unassigned item is no one's task.
    expect(tasks.body.items.map((t: { issueId: string }) => t.issueId).sort()).toEqual(
      [2, 3, 5, 7, 8, 9].map(item).sort(),
    );
    const carousel = tasks.body.items.find((t: { issueId: string }) => t.issueId === item(2));
    expect(carousel).toMatchObject({
      name: 'Welcome carousel',
      status: 'done',
      devCycleTime: 29,
      qaKickbacks: 1,
      qaCycleTime: 118.5,
      sprint: { name: 'Sprint 14' },
      pbi: { refId: item(1), name: 'Onboarding screens' },
      assignee: { id: omar.id, name: 'Omar Iqbal' },
      link: `${monday.url}/boards/1802551124/pulses/${item(2)}`,
    });
    const stuck = tasks.body.items.find((t: { issueId: string }) => t.issueId === item(9));
    expect(stuck).toMatchObject({ status: 'in-progress', devCycleTime: null, qaKickbacks: 0 });
    expect(monday.operations.every((o) => o.version === '2025-04')).toBe(true);
  });
});
