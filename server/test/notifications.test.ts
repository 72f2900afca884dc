/**
 * Notifications (docs/notifications.md): who gets what for leave and feedback events, action items closing
 * wherever the work is done, nothing for a rolled-back event, the counts and lists of the spec's endpoints,
 * ignoring and reading only one's own, the live stream over real HTTP, e-mail following each person's
 * switches, the push subscription's guard, and the Notification tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotificationBody, type NotificationList } from '../../shared/contracts/notifications.js';
import { LEAVE_ACTION } from '../../shared/leave.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { notificationText } from '../../shared/notification-text.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../shared/notifications.js';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ENGINE, startServer, type Api, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const clock = new Date('2026-11-23T05:00:00Z'); // Monday, 10:00 in Karachi
let server: TestServer;
let org: Organisation<'emp' | 'mate' | 'lead' | 'hr' | 'admin', 'Core'>;
let other: Organisation<'admin', never>;
let annual: number;
let attributeId: number;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    people: { emp: ['Employee'], mate: ['Employee'], lead: ['Team Lead'], hr: ['HR'], admin: ['Administrator'] },
    teams: { Core: ['emp', 'mate', 'lead'] },
  });
  other = await organisation(server, { name: 'Other', domain: 'other.example', people: { admin: ['Administrator'] } });
  annual = (
    await server.client.ok(
      leaveCatalogueEndpoints.createLeaveType,
      { body: { name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 20 } },
      { as: org.people.hr },
    )
  ).id;
  const options = await org.people.emp.api.get('/api/feedback-requests/options');
  attributeId = options.body.attributes[0].id;
});
afterAll(() => server.close());

/** A raw reply's refusal: its status and code. */
function refused(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect((res.body as { error: { code: string } }).error.code).toBe(code);
}

const list = async (api: Api, query = '') => {
  const res = await api.get<NotificationList>(`/api/notification/v2?limit=50${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
let nextDay = 1;
/** A leave request of `who` on a fresh working day of December. */
async function requestLeave(api: Api): Promise<number> {
  const day = `2026-12-${String(nextDay).padStart(2, '0')}`;
  nextDay += 1;
  while ([0, 6].includes(new Date(`2026-12-${String(nextDay).padStart(2, '0')}T00:00:00Z`).getUTCDay())) nextDay += 1;
  const res = await api.post('/api/leave-requests', {
    leaveTypeId: annual,
    startDate: day,
    endDate: day,
    reason: 'Trip',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const act = (api: Api, id: number, action: number) =>
  api.post(`/api/leave-requests/${id}/actions`, { action, reason: 'Fine' });

describe('leave', () => {
  it('asks each stage’s approvers, closes their items when acted on, and tells the requester the outcome', async () => {
    while ([0, 6].includes(new Date(`2026-12-${String(nextDay).padStart(2, '0')}T00:00:00Z`).getUTCDay())) nextDay += 1;
    const { emp, lead, hr, mate } = org.people;
    const before = await list(hr.api);
    const id = await requestLeave(emp.api);

    const leadItems = await list(lead.api, '&type=action');
    expect(leadItems.unreadAction).toBe(1);
    expect(leadItems.notifications).toHaveLength(1);
    const item = leadItems.notifications[0]!;
    expect(item).toMatchObject({ type: 'leave-approval', kind: 'action', actor: { id: emp.id }, isRead: false });
    expect(parseNotificationBody(item.body)).toMatchObject({
      link: '/leave?tab=pending',
      params: { leaveType: 'Annual', requester: emp.name },
    });
    // HR's stage has not come; the requester and a teammate hear nothing.
    expect((await list(hr.api)).unreadAction).toBe(before.unreadAction);
    expect((await list(emp.api)).unread).toBe(0);
    expect((await list(mate.api)).unread).toBe(0);

    expect((await act(lead.api, id, LEAVE_ACTION.APPROVE)).status).toBe(200);
    expect((await list(lead.api, '&type=action')).notifications).toHaveLength(0);
    const hrItems = await list(hr.api, '&type=action');
    expect(hrItems.unreadAction).toBe(before.unreadAction + 1);
    expect(hrItems.notifications[0]).toMatchObject({ type: 'leave-approval', actor: { id: lead.id } });

    expect((await act(hr.api, id, LEAVE_ACTION.APPROVE)).status).toBe(200);
    expect((await list(hr.api)).unreadAction).toBe(before.unreadAction);
    const mine = await list(emp.api);
    expect(mine).toMatchObject({ unread: 2, unreadEnable: 2, unreadAction: 0 });
    expect(mine.notifications.map((n) => [n.type, n.actor?.id])).toEqual([
      ['leave-approved', hr.id],
      ['leave-forwarded', lead.id],
    ]);
  });

  it('closes the approvers’ items when the requester cancels, and tells nobody the requester’s own act', async () => {
    const { emp, lead } = org.people;
    const id = await requestLeave(emp.api);
    expect((await list(lead.api)).unreadAction).toBe(1);
    const mineBefore = (await list(emp.api)).unread;
    expect((await act(emp.api, id, LEAVE_ACTION.CANCEL)).status).toBe(200);
    expect((await list(lead.api)).unreadAction).toBe(0);
    expect((await list(emp.api)).unread).toBe(mineBefore);
  });

  it('e-mails an action item to whoever has e-mail on for leave, and not once they switch it off', async () => {
    const { emp, lead } = org.people;
    const emailsTo = async (to: string) =>
      server.db.selectFrom('outboxEmails').select(['subject', 'body']).where('recipient', '=', to).execute();
    const before = (await emailsTo(lead.email)).length;
    await requestLeave(emp.api);
    await expect.poll(async () => (await emailsTo(lead.email)).length, { timeout: 5000 }).toBe(before + 1);
    const mail = (await emailsTo(lead.email)).at(-1)!;
    expect(mail.subject).toContain(`${emp.name} asks for Annual`);
    expect(mail.body).toContain('/leave?tab=pending');

    const off = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    off.email.leave = false;
    const saved = await lead.api.patch('/api/notification/settings', { preferences: off });
    expect(saved.status).toBe(200);
    expect((await lead.api.get('/api/notification/settings')).body.preferences.email.leave).toBe(false);
    await requestLeave(emp.api);
    // The next one was delivered (claimed and done) without an e-mail.
    await expect
      .poll(
        async () =>
          (
            await server.db
              .selectFrom('notifications')
              .select('delivery')
              .where('recipientId', '=', lead.id)
              .orderBy('id', 'desc')
              .executeTakeFirstOrThrow()
          ).delivery,
      )
      .toBe('done');
    expect((await emailsTo(lead.email)).length).toBe(before + 1);
  });

  it('keeps switches saved before a category existed, the new category taking the defaults', async () => {
    const { mate, admin } = org.people;
    // Saved when there was no Projects category: the rows lack it.
    const withoutProjects = (p: NotificationPreferences) =>
      JSON.stringify({
        email: { ...p.email, projects: undefined },
        push: { ...p.push, projects: undefined },
      });
    const mine = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    mine.email.feedback = true;
    mine.push.feed = false;
    expect((await mate.api.patch('/api/notification/settings', { preferences: mine })).status).toBe(200);
    await server.db
      .updateTable('notificationPreferences')
      .set({ preferences: withoutProjects(mine) })
      .where('employeeId', '=', mate.id)
      .execute();
    expect((await mate.api.get('/api/notification/settings')).body.preferences).toEqual(mine);

    const company = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    company.email.recognition = true;
    const saved = await admin.api.patch('/api/tenant/notification-settings', { notificationDefaults: company });
    expect(saved.status).toBe(200);
    // The person's switches saved without the new category take the company's default for it.
    const withProjects = structuredClone(company);
    withProjects.email.projects = true;
    expect(
      (await admin.api.patch('/api/tenant/notification-settings', { notificationDefaults: withProjects })).status,
    ).toBe(200);
    expect((await mate.api.get('/api/notification/settings')).body.preferences).toEqual({
      ...mine,
      email: { ...mine.email, projects: true },
    });
    await server.db
      .updateTable('tenantSettings')
      .set({ value: withoutProjects(company) })
      .where('tenantId', '=', org.tenantId)
      .where('key', '=', 'notificationDefaults')
      .execute();
    expect((await admin.api.get('/api/tenant/notification-settings')).body.notificationDefaults).toEqual(company);
  });
});

describe('feedback', () => {
  it('makes a request an action item of each person asked, closed by answering or declining', async () => {
    const { emp, mate, lead } = org.people;
    const asked = await emp.api.post('/api/feedback-requests', {
      employeeIds: [mate.id, lead.id],
      attributeIds: [attributeId],
      message: 'How did the demo go?',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const items = await list(mate.api, '&type=action&suggestion_type=GIVE_FEEDBACK');
    const item = items.notifications.find((n) => n.type === 'feedback-request')!;
    expect(item).toMatchObject({ suggestionType: 'GIVE_FEEDBACK', actor: { id: emp.id } });
    expect(parseNotificationBody(item.body)?.metaData).toEqual({
      requestedTo: emp.id,
      requestedToTeam: null,
      attribute: attributeId,
    });
    expect((await list(mate.api, '&suggestion_type=ASK_FOR_FEEDBACK')).notifications).toHaveLength(0);

    const given = await mate.api.post('/api/feedback', {
      receiverIds: [emp.id],
      ratings: [{ attributeId, rating: 4 }],
      comment: 'Clear and calm',
      requestId: asked.body.id,
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect((await list(mate.api, '&type=action')).notifications.some((n) => n.type === 'feedback-request')).toBe(false);
    const declined = await lead.api.post(`/api/feedback-requests/${asked.body.id}/decline`, {});
    expect(declined.status).toBe(200);
    const news = (await list(emp.api)).notifications.map((n) => [n.type, n.actor?.id]);
    expect(news).toEqual(
      expect.arrayContaining([
        ['feedback-received', mate.id],
        ['feedback-request-answered', mate.id],
        ['feedback-request-declined', lead.id],
      ]),
    );
  });

  it('leaves no notification behind when the feedback is refused inside its transaction', async () => {
    const { emp, mate } = org.people;
    const before = await list(mate.api);
    const refused = await emp.api.post('/api/feedback', {
      receiverIds: [mate.id],
      ratings: [{ attributeId, rating: 4 }],
      comment: 'With a file that is not mine',
      attachmentIds: [987654],
    });
    expect(refused.status).toBe(400);
    expect((await list(mate.api)).unread).toBe(before.unread);
  });
});

describe('reading and ignoring', () => {
  it('marks read, ignores only one’s own, and keeps an action item counted until done or ignored', async () => {
    const { emp, lead, mate } = org.people;
    await requestLeave(emp.api);
    const leadList = await list(lead.api);
    const action = leadList.notifications.find((n) => n.kind === 'action')!;
    const read = await lead.api.patch('/api/notification/mark-as-read', {});
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ unreadEnable: 0, unreadAction: leadList.unreadAction });
    expect((await list(lead.api, '&type=action')).notifications[0]).toMatchObject({ id: action.id, isRead: true });

    refused(await mate.api.patch(`/api/notification/ignore/${action.id}`), 404, 'NOT_FOUND');
    refused(await other.people.admin.api.patch(`/api/notification/ignore/${action.id}`), 404, 'NOT_FOUND');
    const ignored = await lead.api.patch(`/api/notification/ignore/${action.id}`);
    expect(ignored.status).toBe(200);
    expect(ignored.body.unreadAction).toBe(leadList.unreadAction - 1);
    expect((await list(lead.api)).notifications.some((n) => n.id === action.id)).toBe(false);
    // Someone else's ids in a mark-as-read change nothing of theirs.
    const mateBefore = await list(mate.api);
    await lead.api.patch('/api/notification/mark-as-read', { ids: mateBefore.notifications.map((n) => n.id) });
    expect((await list(mate.api)).unread).toBe(mateBefore.unread);
  });

  it('names the field of a bad query or body', async () => {
    const { emp } = org.people;
    refused(await emp.api.get('/api/notification/v2?limit=500'), 400, 'VALIDATION');
    refused(await emp.api.get('/api/notification/v2?type=urgent'), 400, 'VALIDATION');
    refused(await emp.api.patch('/api/notification/settings', { preferences: { email: {} } }), 400, 'VALIDATION');
  });
});

describe('live stream', () => {
  it('sends the counts at once and each new notification as it is committed', async () => {
    const { emp, lead } = org.people;
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/notification/stream`, {
      headers: { authorization: `Bearer ${lead.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += value;
      }
    };
    await until(/event: counts\ndata: \{[^\n]*\}\n\n/);
    await requestLeave(emp.api);
    await until(/event: notification\ndata: (\{[^\n]*\})\n\n/);
    const data = JSON.parse(/event: notification\ndata: (\{[^\n]*\})\n\n/.exec(text)![1]!);
    expect(data).toMatchObject({
      type: 'leave-approval',
      actor: { id: emp.id },
      counts: { unreadAction: expect.any(Number) },
    });
    expect(server.deps.notifications.streamCount()).toBe(1);
    controller.abort();
    // The server forgets a stream its client closed.
    await expect.poll(() => server.deps.notifications.streamCount()).toBe(0);
  });

  it('reaches a stream open on another API process (LISTEN/NOTIFY, or the SQLite signal table)', async () => {
    const { emp, lead } = org.people;
    // Another app on the same database (so the same signing secret and VAPID keys) with its own listener.
    const { app: second } = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RENDERER_DIR: '/nonexistent' }),
      db: server.db,
      engine: ENGINE,
      ...(server.databaseUrl ? { databaseUrl: server.databaseUrl } : {}),
    });
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const res = await fetch(`${secondUrl}/api/notification/stream`, {
        headers: { authorization: `Bearer ${lead.token}` },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      const until = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
          text += value;
        }
      };
      await until(/event: counts\n/);
      await requestLeave(emp.api);
      await until(/event: notification\ndata: [^\n]*"leave-approval"/);
    } finally {
      controller.abort();
      await second.close();
    }
  });

  it('refuses a stream without a token', async () => {
    expect((await fetch(`${server.url}/api/notification/stream`)).status).toBe(401);
  });
});

describe('push subscriptions', () => {
  const subscription = (endpoint: string) =>
    JSON.stringify({ endpoint, keys: { p256dh: 'BPk3sYcVw6nS', auth: 'c2VjcmV0' } });

  it('refuses endpoints on the server’s own network or without https, naming the field', async () => {
    const { emp } = org.people;
    for (const endpoint of ['http://push.example.com/x', 'https://127.0.0.1/x', 'https://10.0.0.8/x', 'not a url']) {
      const res = await emp.api.post('/api/notification/register-device-token', {
        token: endpoint === 'not a url' ? endpoint : subscription(endpoint),
        deviceId: 'device-0001',
      });
      refused(res, 400, 'VALIDATION');
      expect(JSON.stringify(res.body)).toContain('body.token');
    }
    expect(await server.db.selectFrom('pushSubscriptions').selectAll().execute()).toHaveLength(0);
  });
});

describe('the Notification tab', () => {
  it('needs edit-notification-settings and names a bad field', async () => {
    const { emp, admin } = org.people;
    refused(await emp.api.get('/api/tenant/notification-settings'), 403, 'FORBIDDEN');
    refused(
      await admin.api.patch('/api/tenant/notification-settings', { notificationDigestTimes: ['25:00'] }),
      400,
      'VALIDATION',
    );
    const saved = await admin.api.patch('/api/tenant/notification-settings', {
      notificationDigestDays: [1, 4],
      notificationReminderDays: [2, 4],
    });
    expect(saved.status).toBe(200);
    expect((await admin.api.get('/api/tenant/notification-settings')).body).toMatchObject({
      notificationDigestDays: [1, 4],
      notificationReminderDays: [2, 4],
    });
    refused(await admin.api.patch('/api/tenant', { settings: { notificationDigestDays: [2] } }), 400, 'VALIDATION');
  });
});

describe('texts', () => {
  it('writes every notification made above in both languages with nothing left unfilled', async () => {
    const rows = await server.db
      .selectFrom('notifications as n')
      .leftJoin('employees as a', 'a.id', 'n.actorId')
      .select(['n.type', 'n.body', 'a.name as actorName'])
      .execute();
    expect(new Set(rows.map((r) => r.type)).size).toBeGreaterThanOrEqual(7);
    for (const row of rows)
      for (const language of LANGUAGES) {
        const text = notificationText(language, row.type, parseNotificationBody(row.body)!.params, row.actorName);
        expect(text, `${row.type} in ${language}`).not.toMatch(/\{\{|\}\}/);
      }
  });
});
