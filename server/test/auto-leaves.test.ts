import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { runAutoLeaves } from '../src/modules/leave/auto-leaves.js';
import { startServer, type Api, type TestServer } from './harness.js';

const { createHoliday, createLeaveType } = leaveCatalogueEndpoints;
let clock = new Date('2026-11-02T05:00:00Z'); // Monday 2 November 2026, 10:00 in Karachi
let server: TestServer;
let tenantId: number;
let hr: Api;
let hrToken: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({}, () => clock);
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
  ids['hr'] = (await server.user(tenantId, { email: 'hr@acme.example', roles: ['HR', 'Administrator'] })).id;
  ids['ann'] = (await server.user(tenantId, { email: 'ann@acme.example', roles: ['Employee'] })).id;
  ids['bob'] = (await server.user(tenantId, { email: 'bob@acme.example', roles: ['Employee'] })).id;
  hrToken = await server.signIn('hr@acme.example');
  hr = server.api(hrToken);
});
afterAll(() => server.close());

const autoRows = (employeeId: number) =>
  server.db
    .selectFrom('leaveRequests')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaveRequests.leaveTypeId')
    .select(['leaveRequests.startDate', 'leaveTypes.name', 'leaveRequests.status'])
    .where('leaveRequests.employeeId', '=', employeeId)
    .where('leaveRequests.isAuto', '=', 1)
    .orderBy('leaveRequests.startDate')
    .execute();

describe('auto leaves', () => {
  it('can be enabled only once an unpaid leave type exists', async () => {
    const as = { as: hrToken };
    const casual = await server.client.ok(
      createLeaveType,
      { body: { name: 'Casual', kind: 'quota', yearlyQuota: 2 } },
      as,
    );
    const refused = await hr.put('/api/leave/auto-leaves-config', { enabled: true, firstLeaveTypeId: casual.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Auto leaves can be enabled only after unpaid leaves are configured.');
    const unpaid = await server.client.ok(createLeaveType, { body: { name: 'Unpaid', kind: 'unpaid' } }, as);
    const ok = await hr.put('/api/leave/auto-leaves-config', {
      enabled: true,
      integrationId: 'hris-1',
      firstLeaveTypeId: casual.id,
      secondLeaveTypeId: unpaid.id,
    });
    expect(ok.body).toEqual({
      enabled: true,
      integrationId: 'hris-1',
      firstLeaveTypeId: casual.id,
      secondLeaveTypeId: unpaid.id,
      enabledSince: '2026-11-02',
    });
    ids['unpaid'] = unpaid.id;
  });

  it('marks each unexplained working day once: first type while its quota lasts, then the second', async () => {
    await server.client.ok(createHoliday, { body: { name: 'Holiday', date: '2026-11-04' } }, { as: hrToken });
    clock = new Date('2026-11-09T05:00:00Z'); // the next Monday
    const attended = await hr.post('/api/attendance', {
      employeeId: ids['ann'],
      checkIn: '2026-11-02T04:00:00Z',
      checkOut: '2026-11-02T12:00:00Z',
    });
    expect(attended.status).toBe(201);
    await server.factories(tenantId).leaveRequest({
      employeeId: ids['bob']!,
      leaveTypeId: ids['unpaid']!,
      startDate: '2026-11-05',
      reason: 'Errand',
      status: 11,
    });

    const first = await runAutoLeaves(server.deps, tenantId);
    // Working days 2, 3, 5, 6 Nov (4th a holiday, 7-8 a weekend). Ann attended the 2nd; Bob was on leave the 5th; HR was absent all four.
    expect(first.created).toBe(3 + 3 + 4);
    expect(await autoRows(ids['ann']!)).toEqual([
      { startDate: '2026-11-03', name: 'Casual', status: 12 },
      { startDate: '2026-11-05', name: 'Casual', status: 12 },
      { startDate: '2026-11-06', name: 'Unpaid', status: 12 },
    ]);
    expect((await autoRows(ids['bob']!)).map((r) => r.startDate)).toEqual(['2026-11-02', '2026-11-03', '2026-11-06']);

    // Running again, or twice at once, adds nothing.
    expect((await runAutoLeaves(server.deps, tenantId)).created).toBe(0);
    clock = new Date('2026-11-11T05:00:00Z'); // the 9th and 10th are new
    const both = await Promise.all([runAutoLeaves(server.deps, tenantId), runAutoLeaves(server.deps, tenantId)]);
    expect(both[0].created + both[1].created).toBe(3 * 2);
    const all = await server.db
      .selectFrom('leaveRequests')
      .select(['employeeId', 'startDate'])
      .where('isAuto', '=', 1)
      .execute();
    expect(new Set(all.map((r) => `${r.employeeId}:${r.startDate}`)).size).toBe(all.length);

    const month = (await hr.get(`/api/attendance/month?month=2026-11&employeeId=${ids['ann']}`)).body;
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-03').leave).toMatchObject({
      leaveType: 'Casual',
      statusLabel: 'Auto approved',
    });
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-04').holiday).toEqual({ name: 'Holiday' });
  });

  it('spends the days earned of a compensatory first type, not its yearly quota, then the second type', async () => {
    const comp = await server.tenant('Comp', 'comp.example');
    const f = server.factories(comp.id);
    const cat = await server.user(comp.id, { email: 'cat@comp.example', roles: ['Employee'] });
    // A quota left over from before compensatory leave was earned: it must not be spent.
    const compensatory = await f.leaveType({ name: 'Time off in lieu', kind: 'compensatory', yearlyQuota: 5 });
    const unpaid = await f.leaveType({ name: 'Unpaid', kind: 'unpaid' });
    await f.autoLeaveConfig({
      enabled: 1,
      firstLeaveTypeId: compensatory.id,
      secondLeaveTypeId: unpaid.id,
      enabledSince: '2026-11-16',
    });
    // Cat worked Saturday 14 November (six hours): one day earned.
    await f.attendance({
      employeeId: cat.id,
      workDate: '2026-11-14',
      checkIn: '2026-11-14T04:00:00.000Z',
      checkOut: '2026-11-14T10:00:00.000Z',
    });
    clock = new Date('2026-11-19T05:00:00Z'); // Thursday: the 16th, 17th and 18th are unexplained
    expect((await runAutoLeaves(server.deps, comp.id)).created).toBe(3);
    expect(await autoRows(cat.id)).toEqual([
      { startDate: '2026-11-16', name: 'Time off in lieu', status: 12 },
      { startDate: '2026-11-17', name: 'Unpaid', status: 12 },
      { startDate: '2026-11-18', name: 'Unpaid', status: 12 },
    ]);
  });

  it('does nothing while disabled', async () => {
    await hr.put('/api/leave/auto-leaves-config', { enabled: false });
    clock = new Date('2026-11-13T05:00:00Z');
    expect((await runAutoLeaves(server.deps, tenantId)).created).toBe(0);
  });
});
