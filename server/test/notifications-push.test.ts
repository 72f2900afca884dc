/**
 * Web Push through the whole server (docs/notifications.md "Browser push"): a browser's subscription kept
 * by register-device-token, a leave request's action item pushed to the approver's browser, verified and
 * decrypted by the push service stand-in on loopback (VAPID signature, RFC 8291), and a subscription the
 * push service says is gone (410) removed. Loopback endpoints are allowed here only
 * (PUSH_ALLOW_PRIVATE_ENDPOINTS); the guard itself is tested in notifications.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/notifications.js';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';
import { startPushService, type TestPushService } from './push-service.js';

const clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let push: TestPushService;
let org: Organisation<'emp' | 'lead', 'Core'>;
let annual: number;

beforeAll(async () => {
  push = await startPushService();
  server = await startServer(
    { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUBLIC_URL: 'https://teambeat.example' },
    () => clock,
  );
  org = await organisation(server, {
    people: { emp: ['Employee'], lead: ['Team Lead', 'HR'] },
    teams: { Core: ['emp', 'lead'] },
  });
  annual = (
    await server.client.ok(
      leaveCatalogueEndpoints.createLeaveType,
      { body: { name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 20 } },
      { as: org.people.lead },
    )
  ).id;
});
afterAll(async () => {
  await server.close();
  await push.close();
});

async function subscribeLead(deviceId: string) {
  const settings = await org.people.lead.api.get('/api/notification/settings');
  expect(settings.body.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  const subscription = push.subscribe({ applicationServerKey: settings.body.pushPublicKey });
  const kept = await org.people.lead.api.post('/api/notification/register-device-token', {
    token: JSON.stringify(subscription),
    deviceId,
  });
  expect(kept.status, JSON.stringify(kept.body)).toBe(204);
  return subscription;
}

const leave = (day: string) =>
  org.people.emp.api.post('/api/leave-requests', { leaveTypeId: annual, startDate: day, endDate: day, reason: 'Trip' });

describe('browser push', () => {
  it('pushes an action item to the approver’s browser, signed with the server’s VAPID key and encrypted', async () => {
    await subscribeLead('browser-one');
    expect((await leave('2026-12-01')).status).toBe(201);
    await expect.poll(() => push.messages().length, { timeout: 5000 }).toBe(1);
    const message = push.messages()[0]!;
    const payload = JSON.parse(message.text);
    expect(payload).toMatchObject({
      title: 'Teambeat',
      body: expect.stringContaining(`${org.people.emp.name} asks for Annual`),
      link: '/leave?tab=pending',
      id: expect.any(Number),
    });
    expect(message.vapid.sub).toBe('https://teambeat.example');
    expect(message.vapid.aud).toBe(push.url);
  });

  it('sends nothing by push once the person switches push off for the category', async () => {
    const off = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    off.push.leave = false;
    expect((await org.people.lead.api.patch('/api/notification/settings', { preferences: off })).status).toBe(200);
    const before = push.requests().length;
    expect((await leave('2026-12-02')).status).toBe(201);
    // Delivered (claimed and done), and every push it started finished: none went out.
    await expect
      .poll(
        async () =>
          (
            await server.db
              .selectFrom('notifications')
              .select('delivery')
              .where('recipientId', '=', org.people.lead.id)
              .orderBy('id', 'desc')
              .executeTakeFirstOrThrow()
          ).delivery,
      )
      .toBe('done');
    await server.deps.notifications.idle();
    expect(push.requests().length).toBe(before);
    expect(
      (await org.people.lead.api.patch('/api/notification/settings', { preferences: DEFAULT_NOTIFICATION_PREFERENCES }))
        .status,
    ).toBe(200);
  });

  it('removes a subscription the push service says is gone', async () => {
    push.answerNext(410);
    expect((await leave('2026-12-03')).status).toBe(201);
    await expect
      .poll(async () => (await server.db.selectFrom('pushSubscriptions').selectAll().execute()).length, {
        timeout: 5000,
      })
      .toBe(0);
  });

  it('keeps one subscription per device, and forgets it when asked', async () => {
    await subscribeLead('browser-two');
    await subscribeLead('browser-two');
    expect(await server.db.selectFrom('pushSubscriptions').selectAll().execute()).toHaveLength(1);
    expect((await org.people.lead.api.delete('/api/notification/device-token/browser-two')).status).toBe(204);
    expect(await server.db.selectFrom('pushSubscriptions').selectAll().execute()).toHaveLength(0);
  });
});
