/**
 * One rule for working and absent days (docs/workforce.md): an employee who joins mid-month sees the same
 * absent count in the month view, the productivity attendance figures and the leave details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Api, type TestServer } from './harness.js';

// Sunday 1 February 2026 in Karachi: January is over for every view.
const CLOCK = new Date('2026-02-01T08:00:00Z');
const JOINED = '2026-01-14'; // a Wednesday

let server: TestServer;
let newcomer: Api;
let hr: Api;
let newcomerId: number;

beforeAll(async () => {
  server = await startServer({}, () => CLOCK);
  const { id: tenantId } = await server.tenant('Acme', 'acme.example');
  newcomerId = (await server.user(tenantId, { email: 'new@acme.example', name: 'Newcomer', roles: ['Employee'] })).id;
  await server.user(tenantId, { email: 'hr@acme.example', name: 'HR', roles: ['HR'] });
  const f = server.factories(tenantId);
  await server.db.updateTable('employees').set({ dateOfJoining: JOINED }).where('id', '=', newcomerId).execute();
  await f.holiday({ name: 'Founders day', date: '2026-01-26' });
  const annual = await f.leaveType({ name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 20 });
  await f.leaveRequest({
    employeeId: newcomerId,
    leaveTypeId: annual.id,
    startDate: '2026-01-20',
    endDate: '2026-01-20',
    days: 1,
    reason: 'Moving house',
    status: 11,
  });
  // Four working days present, and a Saturday that is not a working day.
  for (const date of ['2026-01-15', '2026-01-16', '2026-01-19', '2026-01-21', '2026-01-24']) {
    await f.attendance({
      employeeId: newcomerId,
      workDate: date,
      checkIn: `${date}T04:00:00.000Z`,
      checkOut: `${date}T12:00:00.000Z`,
      isWfo: 1,
    });
  }
  newcomer = server.api(await server.signIn('new@acme.example'));
  hr = server.api(await server.signIn('hr@acme.example'));
});
afterAll(() => server.close());

// From the 14th: 14–16, 19–23, 27–30 (the 26th is a holiday) = 12 working days; 4 present, 1 on leave.
const WORKING = 12;
const ABSENT = 7;

describe('a mid-month joiner', () => {
  it('the month view counts from the joining day', async () => {
    const res = await newcomer.get('/api/attendance/month?month=2026-01');
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ workingDays: WORKING, presentDays: 5, leaveDays: 1, absentDays: ABSENT });
  });

  it('the productivity attendance figures agree', async () => {
    const res = await hr.get(
      '/api/productivity/attendance?startDate=2026-01-01&endDate=2026-01-31&searchText=Newcomer',
    );
    expect(res.status).toBe(200);
    const row = res.body.items.find((r: { employee: { id: number } }) => r.employee.id === newcomerId);
    expect(row).toMatchObject({ workingDays: WORKING, leaveDays: 1, absentDays: ABSENT });
  });

  it('the leave details agree', async () => {
    const res = await newcomer.get('/api/leave/details');
    expect(res.status).toBe(200);
    expect(res.body.absents).toBe(ABSENT);
  });
});
