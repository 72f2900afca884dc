import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { LEAVE_ACTIONS, LEAVE_STATUS, LEAVE_STATUSES, LEAVE_TRANSITIONS, type LeaveActor } from '../../shared/leave.js';
import { expectError } from './client.js';
import { startServer, type Api, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const { createHoliday, createLeaveType, listHolidays, listLeaveTypes } = leaveCatalogueEndpoints;
const clock = new Date('2026-11-23T05:00:00Z'); // Monday, 10:00 in Karachi
let server: TestServer;
let org: Organisation<'emp' | 'po' | 'hr' | 'hr2' | 'loner', 'Core'>;
const ids: Record<string, number> = {};
const apis: Record<string, Api> = {};
let annual: number;
let unpaid: number;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: { emp: ['Employee'], po: ['Team Lead'], hr: ['HR'], hr2: ['HR'], loner: ['Employee'] },
    teams: { Core: ['emp', 'po'] },
  });
  for (const [key, person] of Object.entries(org.people)) {
    ids[key] = person.id;
    apis[key] = person.api;
  }
  const as = { as: org.people.hr };
  annual = (
    await server.client.ok(
      createLeaveType,
      { body: { name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 10 } },
      as,
    )
  ).id;
  unpaid = (await server.client.ok(createLeaveType, { body: { name: 'Unpaid', kind: 'unpaid', icon: 'calendar' } }, as))
    .id;
});
afterAll(() => server.close());

const request = (who: string, startDate: string, endDate: string, leaveTypeId = annual) =>
  apis[who]!.post('/api/leave-requests', { leaveTypeId, startDate, endDate, reason: 'Family trip' });
const act = (who: string, id: number, action: number, reason = 'Looks fine') =>
  apis[who]!.post(`/api/leave-requests/${id}/actions`, { action, reason });

describe('leave types and holidays', () => {
  it('manages types and holidays under their permissions', async () => {
    const { emp, hr } = org.people;
    const types = await server.client.ok(listLeaveTypes, {}, { as: emp });
    expect(types.items.map((t) => t.name)).toEqual(['Annual', 'Unpaid']);
    expectError(
      await server.client.call(createLeaveType, { body: { name: 'X', kind: 'quota' } }, { as: emp }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await server.client.call(createLeaveType, { body: { name: 'Annual', kind: 'quota' } }, { as: hr }),
      409,
      'CONFLICT',
    );
    const h = await server.client.ok(createHoliday, { body: { name: 'Founders Day', date: '2026-12-02' } }, { as: hr });
    expectError(
      await server.client.call(createHoliday, { body: { name: 'Again', date: '2026-12-02' } }, { as: hr }),
      409,
      'HOLIDAY_EXISTS',
    );
    expect((await server.client.ok(listHolidays, { query: { year: 2026 } }, { as: hr })).items).toEqual([
      { id: h.id, name: 'Founders Day', date: '2026-12-02', isActive: true },
    ]);
  });
});

describe('requesting leave', () => {
  it('applies the date rules, counts working days without weekends and holidays, and checks overlap and quota', async () => {
    const cases: [string, string, string][] = [
      ['2026-12-04', '2026-12-01', 'LEAVE_START_AFTER_END'],
      ['2026-12-05', '2026-12-07', 'LEAVE_ON_WEEKEND'], // Saturday
      ['2026-12-01', '2026-12-06', 'LEAVE_ON_WEEKEND'], // ends on Sunday
      ['2026-12-30', '2027-01-04', 'LEAVE_OUTSIDE_YEAR'],
    ];
    for (const [start, end, code] of cases) {
      const res = await request('emp', start, end);
      expect(res.status, `${start}..${end}`).toBe(400);
      if (code !== 'LEAVE_START_AFTER_END') expect(res.body.error.code).toBe(code);
    }
    const ok = await request('emp', '2026-12-01', '2026-12-03');
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      days: 2,
      status: 1,
      statusLabel: 'Pending PO approval',
      employee: { name: 'EMP' },
      leaveType: { name: 'Annual' },
    });
    const overlap = await request('emp', '2026-12-03', '2026-12-04');
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.message).toBe('This leave overlaps another leave request.');
    const tooMuch = await request('emp', '2026-12-07', '2026-12-18'); // 10 working days; 2 pending already
    expect(tooMuch.body.error.code).toBe('LEAVE_QUOTA_EXCEEDED');
    expect((await request('emp', '2026-12-07', '2026-12-18', unpaid)).status).toBe(201);
    const holidayOnly = await request('emp', '2026-12-02', '2026-12-02');
    expect(holidayOnly.status).toBe(400);
    expect(holidayOnly.body.error.message).toBe('These dates contain no working day.');
  });

  it('sends requests of someone without a PO-stage approver straight to HR', async () => {
    const res = await request('loner', '2026-12-08', '2026-12-08');
    expect(res.body.status).toBe(LEAVE_STATUS.PENDING_HR);
    expect((await apis['loner']!.get('/api/leave/approvers')).body).toEqual({
      po: [],
      hr: [expect.objectContaining({ name: 'HR' }), expect.objectContaining({ name: 'HR2' })],
    });
    expect((await apis['emp']!.get('/api/leave/approvers')).body.po).toEqual([{ id: ids['po'], name: 'PO' }]);
  });
});

describe('the approval workflow', () => {
  it('goes PO then HR, lowers the balance, and takes a cancellation through both stages', async () => {
    const id = (await request('emp', '2026-12-21', '2026-12-22')).body.id;
    expect((await act('po', id, 1, '')).status).toBe(400); // a reason is required
    expect(
      (await apis['po']!.get('/api/leave-requests/pending')).body.items.map((r: { id: number }) => r.id),
    ).toContain(id);
    expect(
      (await apis['hr']!.get('/api/leave-requests/pending')).body.items.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    expect((await act('hr', id, 1)).status).toBe(409); // not HR's turn yet
    expect((await act('po', id, 1)).body.status).toBe(LEAVE_STATUS.APPROVED_BY_PO);
    expect(
      (await apis['hr']!.get('/api/leave-requests/pending')).body.items.map((r: { id: number }) => r.id),
    ).toContain(id);
    const approved = await act('hr', id, 1, 'Enjoy');
    expect(approved.body).toMatchObject({ status: 11, statusLabel: 'Approved by HR' });
    expect(
      approved.body.events.map((e: { actorRole: string; toStatus: number }) => `${e.actorRole}:${e.toStatus}`),
    ).toEqual(['requester:1', 'po:10', 'hr:11']);

    const details = (await apis['emp']!.get('/api/leave/details')).body;
    const annualRow = details.leaveTypes.find((t: { name: string }) => t.name === 'Annual');
    // December is after today: the approved leave is booked, not taken, and counts against the quota.
    expect(annualRow).toMatchObject({ taken: 0, booked: 2, remaining: 8 });
    expect(details).toMatchObject({ totalQuota: 10, totalLeavesTaken: 0, totalLeavesBooked: 2, remainingLeaves: 8 });

    expect((await act('emp', id, 3, 'Plans changed')).body.status).toBe(LEAVE_STATUS.PENDING_PO_CANCELLATION);
    expect((await act('po', id, 4, 'OK')).body.status).toBe(LEAVE_STATUS.PENDING_HR_CANCELLATION);
    expect((await act('hr', id, 5, 'Needed that week')).body.status).toBe(LEAVE_STATUS.APPROVED_BY_HR);
    expect((await act('emp', id, 3, 'Really changed')).body.status).toBe(LEAVE_STATUS.PENDING_PO_CANCELLATION);
    await act('po', id, 4, 'OK');
    expect((await act('hr', id, 4, 'Fine')).body.status).toBe(LEAVE_STATUS.CANCELLED_BY_HR);
    const after = (await apis['emp']!.get('/api/leave/details')).body.leaveTypes.find(
      (t: { name: string }) => t.name === 'Annual',
    );
    expect(after).toMatchObject({ taken: 0, booked: 0 });
  });

  it('never lets anyone approve their own request, and needs a second person for the HR stage', async () => {
    const own = (await request('hr', '2026-12-09', '2026-12-09')).body;
    expect(own.status).toBe(LEAVE_STATUS.PENDING_HR);
    const self = await act('hr', own.id, 1);
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('You cannot approve or reject your own leave request.');
    expect((await act('hr2', own.id, 1)).body.status).toBe(11);
    // Someone acting as PO cannot also give the HR approval of the same request.
    await org.f.teamMember({ teamId: org.teams.Core.id, employeeId: ids['hr']! });
    const req = (await request('emp', '2026-12-28', '2026-12-28')).body;
    expect((await act('hr', req.id, 1)).body.status).toBe(LEAVE_STATUS.APPROVED_BY_PO);
    const second = await act('hr', req.id, 1);
    expect(second.status).toBe(403);
    expect(second.body.error.code).toBe('LEAVE_SAME_APPROVER');
    expect((await act('hr2', req.id, 1)).body.status).toBe(11);
    expect((await act('loner', req.id, 1)).status).toBe(403);
  });

  it('lists one’s requests in pages of 20 and keeps others’ private', async () => {
    const mine = await apis['emp']!.get('/api/leave-requests');
    expect(mine.body.total).toBeGreaterThan(2);
    expect(mine.body.items[0].startDate >= mine.body.items.at(-1).startDate).toBe(true);
    expect((await apis['loner']!.get(`/api/leave-requests?employeeId=${ids['emp']}`)).status).toBe(403);
    expect((await apis['po']!.get(`/api/leave-requests?employeeId=${ids['emp']}`)).status).toBe(200);
    expect((await apis['loner']!.get(`/api/leave-requests/${mine.body.items[0].id}`)).status).toBe(403);
  });

  it('pages by page, and by the spec’s pageNumber too', async () => {
    const all = (await apis['emp']!.get('/api/leave-requests?pageSize=100')).body;
    const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);
    const second = await apis['emp']!.get('/api/leave-requests?page=2&pageSize=10');
    expect(second.status).toBe(200);
    expect(second.body.total).toBe(all.total);
    expect(ids(second.body)).toEqual(ids(all).slice(10, 20));
    const old = await apis['emp']!.get('/api/leave-requests?pageNumber=2&pageSize=10');
    expect(old.body).toEqual(second.body);
    expect((await apis['emp']!.get('/api/leave-requests?pageNumber=1&page=2&pageSize=10')).body).toEqual(second.body);
    expect((await apis['emp']!.get('/api/leave-requests?pageSize=20')).status).toBe(200);
    expect((await apis['emp']!.get('/api/leave-requests?pageSize=7')).status).toBe(400);
    expect((await apis['po']!.get('/api/leave-requests/pending?pageNumber=1')).status).toBe(200);
  });
});

describe('the leave calendar', () => {
  it('shows the caller’s teams to employees and everyone to HR', async () => {
    const range = 'startDate=2026-12-01&endDate=2026-12-31';
    const names = (res: { body: { items: { employee: { name: string } }[] } }) =>
      [...new Set(res.body.items.map((i) => i.employee.name))].sort();
    const mine = await apis['po']!.get(`/api/leave/calendar?${range}`);
    expect(mine.status).toBe(200);
    expect(names(mine)).toContain('EMP');
    expect(names(mine)).not.toContain('LONER');
    const everyone = await apis['hr2']!.get(`/api/leave/calendar?${range}`);
    expect(names(everyone)).toEqual(expect.arrayContaining(['EMP', 'LONER']));
    expect(everyone.body.items.every((i: { status: number }) => [1, 3, 4, 5, 10, 11, 12].includes(i.status))).toBe(
      true,
    );
    const tooLong = await apis['hr2']!.get('/api/leave/calendar?startDate=2026-01-01&endDate=2026-12-31');
    expect(tooLong.status).toBe(400);
  });

  it('has a row for every member in view, away or not, and the month’s holidays', async () => {
    const range = 'startDate=2026-12-01&endDate=2026-12-31';
    const rows = (res: { body: { employees: { name: string }[] } }) => res.body.employees.map((e) => e.name);
    // The team lead's own teams (Core, which HR joined above): EMP, who is away, and the others, away or not; never LONER.
    const mine = await apis['po']!.get(`/api/leave/calendar?${range}`);
    expect(rows(mine)).toEqual(['EMP', 'HR', 'PO']);
    expect(mine.body.items.some((i: { employee: { name: string } }) => i.employee.name === 'PO')).toBe(false);
    expect(mine.body.holidays).toEqual([{ date: '2026-12-02', name: 'Founders Day' }]);
    // HR picks the team: its members only. Without a team: the whole company, sorted by name.
    const core = await apis['hr2']!.get(`/api/leave/calendar?${range}&teamId=${org.teams.Core.id}`);
    expect(rows(core)).toEqual(['EMP', 'HR', 'PO']);
    const everyone = await apis['hr2']!.get(`/api/leave/calendar?${range}`);
    expect(rows(everyone)).toEqual(expect.arrayContaining(['EMP', 'HR', 'HR2', 'LONER', 'PO']));
    expect(rows(everyone)).toEqual([...rows(everyone)].sort((a, b) => a.localeCompare(b)));
    // A month without holidays has none.
    const january = await apis['hr2']!.get('/api/leave/calendar?startDate=2027-01-01&endDate=2027-01-31');
    expect(january.body.holidays).toEqual([]);
    // Someone who left keeps a row while they have leave in the range; without leave they have none.
    await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', ids['loner']!).execute();
    try {
      const away = (await apis['hr2']!.get(`/api/leave/calendar?${range}`)).body;
      expect(away.items.some((i: { employee: { name: string } }) => i.employee.name === 'LONER')).toBe(true);
      expect(rows({ body: away })).toContain('LONER');
      expect(rows(january)).toContain('LONER');
      expect(rows(await apis['hr2']!.get('/api/leave/calendar?startDate=2027-01-01&endDate=2027-01-31'))).not.toContain(
        'LONER',
      );
    } finally {
      await server.db.updateTable('employees').set({ status: 'active' }).where('id', '=', ids['loner']!).execute();
    }
  });
});

describe('the state machine', () => {
  it('allows exactly the transitions of the table, for every status, action and actor', async () => {
    const actorKey: Record<LeaveActor, string> = { requester: 'emp', po: 'po', hr: 'hr2' };
    const leave = (
      await server.db
        .selectFrom('leaveRequests')
        .select('id')
        .where('employeeId', '=', ids['emp']!)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    let checked = 0;
    for (const status of LEAVE_STATUSES) {
      for (const action of LEAVE_ACTIONS) {
        for (const actor of ['requester', 'po', 'hr'] as const) {
          await server.db
            .updateTable('leaveRequests')
            .set({ status, restoreStatus: status === 4 || status === 5 ? 11 : null, poApproverId: null })
            .where('id', '=', leave)
            .execute();
          const res = await act(actorKey[actor], leave, action, 'Testing');
          const row = await server.db
            .selectFrom('leaveRequests')
            .select('status')
            .where('id', '=', leave)
            .executeTakeFirstOrThrow();
          const rule = LEAVE_TRANSITIONS.find((t) => t.from === status && t.action === action && t.actor === actor);
          const label = `${actor} does ${action} on ${status}`;
          if (rule) {
            const expected =
              rule.to === 'cancellation' ? LEAVE_STATUS.PENDING_PO_CANCELLATION : rule.to === 'restore' ? 11 : rule.to;
            expect(res.status, label).toBe(200);
            expect(row.status, label).toBe(expected);
          } else {
            expect([403, 409], label).toContain(res.status);
            expect(row.status, label).toBe(status);
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBe(LEAVE_STATUSES.length * LEAVE_ACTIONS.length * 3);
  });
});
