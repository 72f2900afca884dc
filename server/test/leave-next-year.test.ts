/**
 * Booking leave into next year (docs/leave-workflow.md "Booking into next year"): the tenant setting
 * leaveNextYearFromMonth, off by default (current year only, the spec's rule), opens next year from a month
 * of the year on; a request in next year spends next year's quota, never spans the year end, and an edit is
 * checked the same way. The setting is edited with edit-leave-type, in the caller's tenant only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import type { PermissionName } from '../../shared/permissions.js';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { startServer, type Api, type TestServer } from './harness.js';

const clock = new Date('2026-11-23T05:00:00Z'); // Monday 23 November 2026, 10:00 in Karachi
let server: TestServer;
let tenantId: number;
const apis: Record<string, Api> = {};
let leaveTypeId = 0;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
  const otherTenantId = (await server.tenant('Other', 'other.example')).id;
  const users: [string, number, { roles?: string[]; grants?: PermissionName[] }][] = [
    ['emp', tenantId, { roles: ['Employee'] }],
    ['hr', tenantId, { roles: ['HR'] }],
    ['admin', tenantId, { roles: ['Administrator'] }],
    ['viewer', tenantId, { grants: ['view-leave-management'] }],
    ['otherhr', otherTenantId, { roles: ['HR'] }],
  ];
  for (const [key, tenant, options] of users) {
    const email = `${key}@${tenant === tenantId ? 'acme' : 'other'}.example`;
    await server.user(tenant, { email, ...options });
    apis[key] = server.api(await server.signIn(email));
  }
  const type = await server.client.ok(
    leaveCatalogueEndpoints.createLeaveType,
    { body: { name: 'Vacation', kind: 'quota', yearlyQuota: 3 } },
    { as: await server.signIn('hr@acme.example') },
  );
  leaveTypeId = type.id;
});
afterAll(() => server.close());

const request = (startDate: string, endDate = startDate) =>
  apis['emp']!.post('/api/leave-requests', { leaveTypeId, startDate, endDate, reason: 'Away' });
const edit = (id: number, startDate: string, endDate = startDate) =>
  apis['emp']!.put(`/api/leave-requests/${id}`, { leaveTypeId, startDate, endDate, reason: 'Moved' });
const setMonth = (month: number | null, as = 'hr') =>
  apis[as]!.put('/api/leave/settings', { leaveNextYearFromMonth: month });
const requestRows = () =>
  server.db
    .selectFrom('leaveRequests')
    .select(['id', 'startDate', 'endDate', 'days', 'status'])
    .where('tenantId', '=', tenantId)
    .orderBy('id')
    .execute();

/** A refused request: its code, its message, and the field it names. */
function expectRefused(res: { status: number; body: any }, code: keyof typeof MESSAGES, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.details.fields).toContainEqual({ path, message: MESSAGES[code] });
}

describe('the leaveNextYearFromMonth setting', () => {
  it('is off by default: next year is refused with LEAVE_OUTSIDE_YEAR naming the field', async () => {
    expect((await apis['hr']!.get('/api/leave/settings')).body).toEqual({ leaveNextYearFromMonth: null });
    const rules = (await apis['emp']!.get('/api/leave/rules')).body;
    expect(rules.bookable).toEqual({ nextYearFromMonth: null, to: '2026-12-31' });
    expectRefused(await request('2027-01-05'), 'LEAVE_OUTSIDE_YEAR', 'body.startDate');
    expectRefused(await request('2026-12-29', '2027-01-05'), 'LEAVE_OUTSIDE_YEAR', 'body.endDate');
    expect(await requestRows()).toEqual([]);
  });

  it('is set with edit-leave-type, in range, in the caller’s tenant only', async () => {
    expect((await setMonth(11, 'emp')).status).toBe(403);
    expect((await setMonth(11, 'viewer')).status).toBe(403);
    for (const bad of [0, 13, 1.5, '11']) {
      const res = await apis['hr']!.put('/api/leave/settings', { leaveNextYearFromMonth: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.details.fields[0].path).toBe('body.leaveNextYearFromMonth');
    }
    // Not through the General tab's PATCH: the key belongs to the Leaves tab and its permission.
    const general = await apis['admin']!.patch('/api/tenant', { settings: { leaveNextYearFromMonth: 1 } });
    expect(general.status).toBe(400);
    expect((await apis['hr']!.get('/api/leave/settings')).body).toEqual({ leaveNextYearFromMonth: null });

    const saved = await setMonth(10, 'otherhr');
    expect(saved.body).toEqual({ leaveNextYearFromMonth: 10 });
    expect((await apis['otherhr']!.get('/api/leave/settings')).body).toEqual({ leaveNextYearFromMonth: 10 });
    expect((await apis['hr']!.get('/api/leave/settings')).body).toEqual({ leaveNextYearFromMonth: null });
    expect((await apis['emp']!.get('/api/me')).body.tenant.settings.leaveNextYearFromMonth).toBeNull();
  });

  it('before the chosen month next year stays closed', async () => {
    expect((await setMonth(12)).body).toEqual({ leaveNextYearFromMonth: 12 });
    expect((await apis['emp']!.get('/api/leave/rules')).body.bookable).toEqual({
      nextYearFromMonth: 12,
      to: '2026-12-31',
    });
    expectRefused(await request('2027-01-05'), 'LEAVE_OUTSIDE_YEAR', 'body.startDate');
    expect(await requestRows()).toEqual([]);
  });

  it('from the chosen month on next year is open, and spends next year’s quota', async () => {
    expect((await setMonth(11)).body).toEqual({ leaveNextYearFromMonth: 11 });
    expect((await apis['emp']!.get('/api/me')).body.tenant.settings.leaveNextYearFromMonth).toBe(11);
    expect((await apis['emp']!.get('/api/leave/rules')).body.bookable).toEqual({
      nextYearFromMonth: 11,
      to: '2027-12-31',
    });
    // This year's quota (3) is spent in full by a pending request.
    expect((await request('2026-12-01', '2026-12-03')).status).toBe(201);
    expect((await request('2026-12-07')).body.error).toMatchObject({
      code: 'LEAVE_QUOTA_EXCEEDED',
      details: { remaining: 0, requested: 1 },
    });
    // Next year has its own three days.
    expect((await request('2027-01-05', '2027-01-07')).status).toBe(201);
    const refused = await request('2027-01-12');
    expect(refused.body.error.code).toBe('LEAVE_QUOTA_EXCEEDED');
    expect(refused.body.error.details).toMatchObject({ remaining: 0, requested: 1 });
    // Two years beyond stays closed; one request never spans the year end.
    expectRefused(await request('2028-01-04'), 'LEAVE_OUTSIDE_YEAR', 'body.startDate');
    expectRefused(await request('2026-12-30', '2027-01-04'), 'LEAVE_SPANS_YEAR_END', 'body.endDate');
    expect((await requestRows()).map((r) => [r.startDate, r.days])).toEqual([
      ['2026-12-01', 3],
      ['2027-01-05', 3],
    ]);
    // The balance stays this year's: next year's days are not among them.
    const balance = (await apis['emp']!.get('/api/leave/details')).body;
    expect(balance.year).toBe(2026);
    expect(balance.leaveTypes.find((t: { id: number }) => t.id === leaveTypeId).pending).toBe(3);
  });

  it('an edit is checked the same way, against the quota of the year it moves to', async () => {
    const [thisYear, nextYear] = await requestRows();
    // Moving December's request into the full next year: its own days were this year's, not given back.
    const moved = await edit(thisYear!.id, '2027-02-02', '2027-02-03');
    expect(moved.body.error.code).toBe('LEAVE_QUOTA_EXCEEDED');
    expectRefused(await edit(thisYear!.id, '2026-12-30', '2027-01-04'), 'LEAVE_SPANS_YEAR_END', 'body.endDate');
    // Within next year, the request's own days are given back.
    expect((await edit(nextYear!.id, '2027-03-02', '2027-03-04')).status).toBe(200);
    // Closed again: an edit into next year is refused, one within this year still passes.
    await setMonth(null);
    expectRefused(await edit(nextYear!.id, '2027-03-03'), 'LEAVE_OUTSIDE_YEAR', 'body.startDate');
    expect((await edit(thisYear!.id, '2026-12-02')).status).toBe(200);
    expect((await requestRows()).map((r) => [r.startDate, r.endDate, r.days])).toEqual([
      ['2026-12-02', '2026-12-02', 1],
      ['2027-03-02', '2027-03-04', 3],
    ]);
  });
});
