/**
 * The demo company's task feedback and project ratings (server/src/seed/demo-task-feedback.ts,
 * demo-project-feedback.ts): the administrator's own task feedback pages and overview are not empty, a request
 * waits for an answer, the Web Storefront's sprints and one backlog item are rated by its product owner and
 * clients (the sprint graph's summary and the PBI detail answer them), and switching demo data off hides the
 * demo project's tasks and feedback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, seedDemoIfEmpty } from '../src/seed/demo.js';
import { startServer, type Api, type TestServer } from './harness.js';

const clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let admin: Api;
let projectId: number;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', clock)).toBe(true);
  admin = server.api(await server.signIn(DEMO_ADMIN_EMAIL, 'Demo!Pass1'));
});
afterAll(() => server.close());

describe('demo task feedback', () => {
  it('gives the administrator tasks with feedback, an overview and a project whose tasks show requested', async () => {
    const received = await admin.get('/api/task-feedback/received');
    expect(received.status).toBe(200);
    expect(received.body.items.filter((t: { feedbackCount: number }) => t.feedbackCount > 0).length).toBeGreaterThan(0);
    const overview = await admin.get('/api/task-feedback/overview');
    expect(overview.body.avgRating).not.toBeNull();
    expect(overview.body.recentTasks.length).toBeGreaterThan(0);
    const requests = await server.db.selectFrom('taskFeedbackRequests').select('status').execute();
    expect(requests.map((r) => r.status)).toContain('pending');
  });

  it('rates the Web Storefront: both sprints by its product owner and clients, and one item', async () => {
    const projects = await admin.get('/api/projects?searchText=Storefront');
    const project = projects.body.items.find((p: { name: string }) => p.name === 'Web Storefront');
    expect(project).toBeTruthy();
    projectId = project.id;
    const summary = await admin.get(`/api/projects/${projectId}/feedback/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.sprints.map((s: { sprint: { name: string } }) => s.sprint.name)).toEqual([
      'SHOP Sprint 13',
      'SHOP Sprint 14',
    ]);
    for (const sprint of summary.body.sprints) {
      expect(sprint.owners.count).toBe(1);
      expect(sprint.client.count).toBeGreaterThan(0);
    }
    // The later sprint is compared with the one before it.
    expect(summary.body.sprints[1].pastSprints.count).toBe(3);
    expect(summary.body.count).toBe(7);
    const list = await admin.get(`/api/projects/${projectId}/feedback?pageSize=50`);
    expect(list.body.total).toBe(7);
    const sources = list.body.items.map((f: { source: string }) => f.source);
    expect(sources).toContain('user');
    expect(sources).toContain('client');

    const pbis = await admin.get(`/api/projects/${projectId}/pbis?searchText=SHOP-95`);
    const item = pbis.body.items.find((b: { refId: string }) => b.refId === 'SHOP-95');
    expect(item.overallRating).not.toBeNull();
    const detail = await admin.get(`/api/projects/${projectId}/pbis/${item.id}/feedback`);
    expect(detail.status).toBe(200);
    expect(detail.body.pbi.participants.length).toBeGreaterThan(0);
    expect(detail.body.owners).toMatchObject({ overall: 5, quality: 5, valueForMoney: 4, count: 1 });
    expect(detail.body.client).toMatchObject({ count: 1 });
    expect(detail.body.feedbacks.map((f: { source: string }) => f.source)).toEqual(['client', 'user']);

    // Each client rating came through a spent link of a client member of the project.
    const clients = await admin.get(`/api/projects/${projectId}/client-links`);
    expect(clients.status).toBe(200);
    expect(clients.body.items.length).toBe(4);
    expect(clients.body.items.every((l: { state: string }) => l.state === 'used')).toBe(true);
  });

  it('hides them when the company switches demo data off', async () => {
    const tenant = await server.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    await server.factories(tenant.id).setting('isDemoDataDisabled', true);
    expect((await admin.get('/api/task-feedback/received')).body.items).toEqual([]);
    expect((await admin.get('/api/task-feedback/overview')).body.recentTasks).toEqual([]);
    expect((await admin.get(`/api/projects/${projectId}/feedback/summary`)).status).toBe(404);
  });
});
