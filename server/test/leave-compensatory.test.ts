/**
 * Compensatory leave is earned (docs/leave-workflow.md "Compensatory leave"): a weekend day or active public
 * holiday worked for at least half the working day (8 hours: 4) earns one day; requests of a compensatory
 * type spend them. Computed from the stored attendances, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { LEAVE_ACTION, LEAVE_STATUS } from '../../shared/leave.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const { createHoliday, createLeaveType } = leaveCatalogueEndpoints;
const clock = new Date('2026-11-23T05:00:00Z'); // Monday 23 November 2026, 10:00 in Karachi
let server: TestServer;
let org: Organisation<'emp' | 'mate' | 'hr', never>;
let other: Organisation<'stranger', never>;
let comp: number;

/** A Karachi-local day's attendance from 09:00 for `hours` (UTC+5). */
const worked = (hours: number, date: string) => ({
  workDate: date,
  checkIn: `${date}T04:00:00.000Z`,
  checkOut: new Date(Date.parse(`${date}T04:00:00.000Z`) + hours * 3_600_000).toISOString(),
});

type Balance = { earned: number | null; taken: number; booked: number; pending: number; remaining: number | null };
async function balance(): Promise<Balance & { totalQuota: number }> {
  const res = await org.people.emp.api.get('/api/leave/details');
  expect(res.status).toBe(200);
  const type = res.body.leaveTypes.find((t: { id: number }) => t.id === comp);
  return { ...type, totalQuota: res.body.totalQuota };
}
const request = (startDate: string, endDate: string) =>
  org.people.emp.api.post('/api/leave-requests', { leaveTypeId: comp, startDate, endDate, reason: 'Rest' });
const requestCount = async () =>
  (await server.db.selectFrom('leaveRequests').select('id').where('employeeId', '=', org.people.emp.id).execute())
    .length;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: { emp: ['Employee'], mate: ['Employee'], hr: ['HR'] },
  });
  other = await organisation(server, { name: 'Other', domain: 'other.example', people: { stranger: ['Employee'] } });
  comp = (
    await server.client.ok(
      createLeaveType,
      // A quota sent for a compensatory type is not used (nor stored): its days are earned.
      { body: { name: 'Compensatory', kind: 'compensatory', icon: 'briefcase', yearlyQuota: 9 } },
      { as: org.people.hr },
    )
  ).id;
  await server.client.ok(createHoliday, { body: { name: 'Founders Day', date: '2026-11-18' } }, { as: org.people.hr });
});
afterAll(() => server.close());

describe('compensatory leave', () => {
  it('starts with nothing earned and refuses a request, naming the leave type, without storing it', async () => {
    expect(await balance()).toMatchObject({ yearlyQuota: 0, earned: 0, remaining: 0, totalQuota: 0 });
    const res = await request('2026-11-26', '2026-11-26');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'LEAVE_COMPENSATORY_NOT_EARNED',
      details: { fields: [{ path: 'body.leaveTypeId' }] },
    });
    expect(res.body.error.message).toMatch(/not enough compensatory days earned/i);
    expect(await requestCount()).toBe(0);
  });

  it('earns a day for a weekend day or holiday worked half a day or more, none for a weekday or less', async () => {
    const f = org.f;
    const emp = org.people.emp.id;
    await f.attendance({ employeeId: emp, ...worked(8, '2026-11-21') }); // Saturday: earns 1
    expect(await balance()).toMatchObject({ earned: 1, remaining: 1, totalQuota: 1 });
    await f.attendance({ employeeId: emp, ...worked(4, '2026-11-18') }); // holiday, exactly half: earns 1
    await f.attendance({ employeeId: emp, ...worked(6, '2026-11-14') }); // Saturday: earns 1
    await f.attendance({ employeeId: emp, ...worked(3.9, '2026-11-15') }); // Sunday, under half: none
    await f.attendance({ employeeId: emp, ...worked(10, '2026-11-17') }); // a long Tuesday: none
    // Sunday: a device punch of 8 hours, corrected to 3 hours; the correction is what counts: none.
    const punch = await f.attendance({ employeeId: emp, ...worked(8, '2026-11-08'), correctedAt: clock.toISOString() });
    await f.attendance({ employeeId: emp, ...worked(3, '2026-11-08'), correctsId: punch.id, correctionReason: 'Left' });
    await f.attendance({ employeeId: emp, workDate: '2026-11-01', checkIn: '2026-11-01T04:00:00Z', checkOut: null }); // open
    expect(await balance()).toMatchObject({ earned: 3, remaining: 3 });
  });

  it('never counts the attendance of a teammate or of another company', async () => {
    await org.f.attendance({ employeeId: org.people.mate.id, ...worked(8, '2026-11-22') });
    await other.f.attendance({ employeeId: other.people.stranger.id, ...worked(8, '2026-11-22') });
    // A row of another tenant naming this employee (it cannot happen through the API) does not count either.
    await other.f.attendance({ employeeId: org.people.emp.id, ...worked(8, '2026-11-29') });
    expect(await balance()).toMatchObject({ earned: 3 });
    const mate = await org.people.mate.api.get('/api/leave/details');
    expect(mate.body.leaveTypes.find((t: { id: number }) => t.id === comp)).toMatchObject({ earned: 1 });
  });

  it('spends the days earned: pending and approved requests hold them, beyond that is refused', async () => {
    const first = await request('2026-11-25', '2026-11-26'); // Wednesday, Thursday
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ days: 2, status: LEAVE_STATUS.PENDING_HR });
    expect(await balance()).toMatchObject({ earned: 3, pending: 2, remaining: 3 });
    const tooMuch = await request('2026-11-30', '2026-12-01'); // 2 more, 1 left
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.code).toBe('LEAVE_COMPENSATORY_NOT_EARNED');
    expect(await requestCount()).toBe(1);
    const approved = await org.people.hr.api.post(`/api/leave-requests/${first.body.id}/actions`, {
      action: LEAVE_ACTION.APPROVE,
      reason: 'Earned',
    });
    expect(approved.status).toBe(200);
    expect(await balance()).toMatchObject({ earned: 3, booked: 2, pending: 0, remaining: 1 });
    expect((await request('2026-12-01', '2026-12-01')).status).toBe(201);
    expect((await request('2026-12-02', '2026-12-02')).body.error.code).toBe('LEAVE_COMPENSATORY_NOT_EARNED');
    expect(await requestCount()).toBe(2);
  });
});
