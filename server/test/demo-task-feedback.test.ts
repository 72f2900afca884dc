/**
 * The demo company's task feedback (server/src/seed/demo-task-feedback.ts): the administrator's own task
 * feedback pages and overview are not empty, a request waits for an answer, and switching demo data off hides
 * the demo project's tasks and feedback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, seedDemoIfEmpty } from '../src/seed/demo.js';
import { startServer, type Api, type TestServer } from './harness.js';

const clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let admin: Api;

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

  it('hides them when the company switches demo data off', async () => {
    const tenant = await server.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    await server.factories(tenant.id).setting('isDemoDataDisabled', true);
    expect((await admin.get('/api/task-feedback/received')).body.items).toEqual([]);
    expect((await admin.get('/api/task-feedback/overview')).body.recentTasks).toEqual([]);
  });
});
