/**
 * The notifications job and the upgrade (docs/notifications.md "Reminders", "E-mail", "Upgrading"): an open
 * action item reminds on the company's reminder days, once each, and stops once done; the digest goes out
 * at the company's time, once, with the unread notifications of the categories e-mailed; migration 0037
 * makes action items of the work already waiting; demo data turned off takes the demo people's
 * notifications out of the lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotificationBody, type NotificationList } from '../../shared/contracts/notifications.js';
import { notificationText } from '../../shared/notification-text.js';
import { LEAVE_ACTION } from '../../shared/leave.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/notifications.js';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { notify } from '../src/modules/notifications/writer.js';
import { createTenant, factories } from './factories.js';
import { createTestDatabase, startServer, type Api, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const DAY = 86_400_000;
const start = new Date('2026-11-23T03:00:00Z'); // Monday, 08:00 in Karachi
let clock = start;
let server: TestServer;
let org: Organisation<'emp' | 'lead' | 'hr' | 'admin', 'Core'>;
let annual: number;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    people: { emp: ['Employee'], lead: ['Team Lead'], hr: ['HR'], admin: ['Administrator'] },
    teams: { Core: ['emp', 'lead'] },
  });
  annual = (
    await server.client.ok(
      leaveCatalogueEndpoints.createLeaveType,
      { body: { name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 20 } },
      { as: org.people.hr },
    )
  ).id;
});
afterAll(() => server.close());

const runJob = async () => {
  const result = await server.deps.jobs.runNow('notifications', org.tenantId);
  if (!result.ran) throw new Error('the notifications job did not run');
  return result.runs[0]!.counts as Record<string, number>;
};
const mailsTo = (to: string, subject: string) =>
  server.db
    .selectFrom('outboxEmails')
    .select(['subject', 'body'])
    .where('recipient', '=', to)
    .where('subject', 'like', `${subject}%`)
    .execute();
const list = async (api: Api) => (await api.get<NotificationList>('/api/notification/v2?limit=50')).body;

describe('reminders', () => {
  it('remind an open action item on day 3 and day 5 only, and never once it is done', async () => {
    const { emp, lead } = org.people;
    const ask = (day: string) =>
      emp.api.post('/api/leave-requests', { leaveTypeId: annual, startDate: day, endDate: day, reason: 'Trip' });
    const open = await ask('2026-12-14');
    const done = await ask('2026-12-15');
    expect([open.status, done.status]).toEqual([201, 201]);
    expect(
      (
        await lead.api.post(`/api/leave-requests/${done.body.id}/actions`, {
          action: LEAVE_ACTION.REJECT,
          reason: 'No',
        })
      ).status,
    ).toBe(200);
    await server.deps.notifications.delivery.idle();

    clock = new Date(start.getTime() + 2 * DAY);
    await runJob();
    expect(await mailsTo(lead.email, 'Reminder')).toHaveLength(0);
    clock = new Date(start.getTime() + 3 * DAY + 60_000);
    expect((await runJob())['reminded']).toBe(1);
    expect((await runJob())['reminded']).toBe(0);
    const [first] = await mailsTo(lead.email, 'Reminder');
    expect(first?.body).toContain('still waits for you');
    expect(first?.subject).toContain('2026');
    clock = new Date(start.getTime() + 5 * DAY + 60_000);
    expect((await runJob())['reminded']).toBe(1);
    clock = new Date(start.getTime() + 9 * DAY);
    expect((await runJob())['reminded']).toBe(0);
    expect(await mailsTo(lead.email, 'Reminder')).toHaveLength(2);
  });
});

describe('digest', () => {
  it('e-mails the unread news of e-mailed categories at the company’s time, once', async () => {
    const { emp, lead, admin } = org.people;
    const saved = await admin.api.patch('/api/tenant/notification-settings', {
      notificationDigestDays: [0, 1, 2, 3, 4, 5, 6],
      notificationDigestTimes: ['09:00'],
    });
    expect(saved.status).toBe(200);
    const on = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    on.email.leave = true;
    expect((await emp.api.patch('/api/notification/settings', { preferences: on })).status).toBe(200);
    // Tuesday 10 days in, 08:30 in Karachi: before the time nothing goes out.
    clock = new Date(Date.UTC(2026, 11, 8, 3, 30));
    const asked = await emp.api.post('/api/leave-requests', {
      leaveTypeId: annual,
      startDate: '2026-12-21',
      endDate: '2026-12-21',
      reason: 'Trip',
    });
    expect(asked.status).toBe(201);
    expect(
      (
        await lead.api.post(`/api/leave-requests/${asked.body.id}/actions`, {
          action: LEAVE_ACTION.REJECT,
          reason: 'No',
        })
      ).status,
    ).toBe(200);
    expect((await runJob())['digests']).toBe(0);
    clock = new Date(Date.UTC(2026, 11, 8, 4, 5)); // 09:05
    expect((await runJob())['digests']).toBeGreaterThanOrEqual(1);
    expect((await runJob())['digests']).toBe(0);
    const digests = await mailsTo(emp.email, 'Teambeat:');
    const digest = digests.find((d) => d.subject.includes('unread'));
    expect(digest?.body).toContain('was rejected by');
    expect(digest?.body).toContain('21-Dec-2026');
  });
});

describe('what time causes', () => {
  const items = async (api: Api, type: string) =>
    (await api.get<NotificationList>('/api/notification/v2?limit=50')).body.notifications.filter(
      (n) => n.type === type,
    );

  it('makes a forgotten check-out an action item the next day, once, closed by the check-out', async () => {
    const { emp } = org.people;
    clock = new Date(Date.UTC(2026, 11, 15, 4, 0)); // Tuesday 09:00 in Karachi
    const checkedIn = await emp.api.post('/api/attendance/check-in', {});
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    const attendanceId = checkedIn.body.attendance.id as number;
    expect((await runJob())['checkoutsMissing']).toBe(0); // the day is not over
    clock = new Date(Date.UTC(2026, 11, 16, 0, 30)); // 05:30: a night shift may still check out until 06:00
    expect((await runJob())['checkoutsMissing']).toBe(0);
    clock = new Date(Date.UTC(2026, 11, 16, 4, 0));
    expect((await runJob())['checkoutsMissing']).toBe(1);
    expect((await runJob())['checkoutsMissing']).toBe(0);
    const [item] = await items(emp.api, 'attendance-checkout-missing');
    expect(item).toMatchObject({ kind: 'action', actor: null });
    // It leads to the day itself, to add the check-out or correct it.
    expect(parseNotificationBody(item!.body)!.link).toBe('/attendance?date=2026-12-15');
    expect(notificationText('en', item!.type, parseNotificationBody(item!.body)!.params, null)).toBe(
      'You checked in on 15-Dec-2026 and did not check out: add your check-out',
    );
    const fixed = await emp.api.patch(`/api/attendance/${attendanceId}`, {
      checkOut: '2026-12-15T12:00:00.000Z',
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(await items(emp.api, 'attendance-checkout-missing')).toHaveLength(0);
  });

  it('tells each person asked that a request closes tomorrow, once, and the requester when it expired', async () => {
    const { emp, lead, admin } = org.people;
    clock = new Date(Date.UTC(2026, 11, 16, 5, 0));
    // Requests stay open two days here, so the expiry comes without moving the clock past the session's life.
    expect((await admin.api.patch('/api/tenant', { settings: { feedbackRequestExpiryDays: 2 } })).status).toBe(200);
    const options = await emp.api.get('/api/feedback-requests/options');
    const attribute = options.body.attributes[0];
    const asked = await emp.api.post('/api/feedback-requests', {
      employeeIds: [lead.id],
      attributeIds: [attribute.id],
      message: 'Before the retro?',
      dueDate: '2026-12-17',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((await runJob())['requestsDue']).toBe(1);
    expect((await runJob())['requestsDue']).toBe(0);
    const [due] = await items(lead.api, 'feedback-request-due-soon');
    expect(parseNotificationBody(due!.body)?.params).toMatchObject({
      attributes: attribute.name,
      startDate: '2026-12-17',
    });

    clock = new Date(clock.getTime() + 3 * DAY);
    const expiry = await server.deps.jobs.runNow('feedback-requests', org.tenantId);
    expect(expiry.ran && expiry.runs[0]!.counts).toMatchObject({ expired: 1 });
    expect(await items(emp.api, 'feedback-request-expired')).toHaveLength(1);
    // The lead's action item closed with the expiry.
    expect(await items(lead.api, 'feedback-request')).toHaveLength(0);
  });
});

describe('demo data off', () => {
  it('takes the demo people’s notifications out of the lists', async () => {
    const { lead, admin } = org.people;
    const demo = await org.f.employee({ isDemo: 1, name: 'Demo Person' });
    await notify(
      server.db,
      org.tenantId,
      { type: 'feedback-received', recipientIds: [lead.id], actorId: demo.id, params: {}, link: '/received' },
      clock,
    );
    expect((await list(lead.api)).notifications.some((n) => n.actor?.id === demo.id)).toBe(true);
    expect((await admin.api.patch('/api/tenant', { settings: { isDemoDataDisabled: true } })).status).toBe(200);
    expect((await list(lead.api)).notifications.some((n) => n.actor?.id === demo.id)).toBe(false);
  });
});

describe('migration 0037-notifications', () => {
  it('makes action items of the leave, feedback and badge requests already waiting, as delivered', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { db, engine } = database.handle;
      await migrateTo(db, engine, '0036-team-badge-approvers');
      const { tenant, roleIds } = await createTenant(db, { name: 'Waiting' }, start);
      const f = factories(db, tenant.id, { now: () => start });
      const emp = await f.employee({ name: 'Emp' });
      const lead = await f.employee({ name: 'Lead' });
      await f.employeeRole({ employeeId: emp.id, roleId: roleIds.get('Employee')! });
      await f.employeeRole({ employeeId: lead.id, roleId: roleIds.get('Team Lead')! });
      await f.team({ memberIds: [emp.id, lead.id] });
      const hr = await f.employee({ name: 'Hr' });
      await f.employeeRole({ employeeId: hr.id, roleId: roleIds.get('HR')! });
      const waiting = await f.leaveRequest({ employeeId: emp.id, status: 1 });
      await f.leaveRequest({ employeeId: emp.id, status: 11 });
      const category = await f.badgeCategory({ name: 'Kudos' });
      const badge = await f.badge({ categoryId: category.id, name: 'Helper' });
      const asked = await f.badgeRequest({ badgeId: badge.id, employeeId: emp.id, requestedBy: emp.id });
      await f.badgeRequest({ badgeId: badge.id, employeeId: emp.id, requestedBy: emp.id, status: 'approved' });

      await migrateToLatest(db, engine);
      const rows = await db.selectFrom('notifications').selectAll().orderBy('id').execute();
      const of = (type: string) =>
        rows.filter((r) => r.type === type).map((r) => [r.recipientId, r.kind, r.subject, r.delivery]);
      expect(of('leave-approval')).toEqual([[lead.id, 'action', `leave:${waiting.id}`, 'done']]);
      // HR decides any badge request; the team lead, their teammate's (approve-team-badge-requests).
      expect(of('badge-contribution-approval')).toEqual(
        [lead.id, hr.id].sort((a, b) => a - b).map((id) => [id, 'action', `badge-request:${asked.id}`, 'done']),
      );
      expect(rows).toHaveLength(3);
    } finally {
      await database.drop();
    }
  });
});
