import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_E2E_EMPLOYEE } from '../src/seed/demo-leave.js';
import { DEMO_ADMIN_EMAIL, seedDemoIfEmpty } from '../src/seed/demo.js';
import { startServer, type Api, type TestServer } from './harness.js';

const clock = new Date('2026-11-23T05:00:00Z'); // Monday 23 November 2026 in Karachi
let server: TestServer;
let admin: Api;
let omar: Api;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', clock)).toBe(true);
  admin = server.api(await server.signIn(DEMO_ADMIN_EMAIL, 'Demo!Pass1'));
  omar = server.api(await server.signIn(DEMO_E2E_EMPLOYEE, 'Demo!Pass1'));
});
afterAll(() => server.close());

describe('demo leave', () => {
  it('has the four kinds of leave type, this year’s holidays and the auto-leave setup ready but off', async () => {
    const types = (await admin.get('/api/leave-types')).body.items;
    expect(types.map((t: { kind: string; icon: string }) => `${t.kind}:${t.icon}`).sort()).toEqual([
      'compensatory:briefcase',
      'quota:beach',
      'quota:medical',
      'unpaid:calendar',
    ]);
    const holidays = (await admin.get('/api/holidays')).body.items;
    expect(holidays.length).toBeGreaterThanOrEqual(5);
    expect(holidays.every((h: { date: string }) => h.date.startsWith('2026-'))).toBe(true);
    const config = (await admin.get('/api/leave/auto-leaves-config')).body;
    expect(config).toMatchObject({ enabled: false });
    expect(config.firstLeaveTypeId).not.toBeNull();
  });

  it('has requests in many states, each with a history that ends in its status', async () => {
    const rows = await server.db.selectFrom('leaveRequests').select(['id', 'status']).execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([1, 4, 6, 8, 10, 11]));
    for (const row of rows) {
      const events = await server.db
        .selectFrom('leaveRequestEvents')
        .select('toStatus')
        .where('requestId', '=', row.id)
        .orderBy('id')
        .execute();
      expect(events.at(-1)?.toStatus).toBe(row.status);
    }
    const pending = (await admin.get('/api/leave-requests/pending')).body;
    expect(pending.total).toBeGreaterThan(0);
  });

  it('leaves the e2e employee only past leave, so a future working day can be requested', async () => {
    const mine = (await omar.get('/api/leave-requests')).body.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: { endDate: string }) => r.endDate < '2026-11-23')).toBe(true);
    const annual = (await omar.get('/api/leave-types')).body.items.find((t: { kind: string }) => t.kind === 'quota');
    const created = await omar.post('/api/leave-requests', {
      leaveTypeId: annual.id,
      startDate: '2026-11-26',
      endDate: '2026-11-27',
      reason: 'Trip',
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe(1);
  });

  it('shows compensatory leave earned by weekend work: the release-weekend worker earned 2 and asks for 1', async () => {
    const types = (await admin.get('/api/leave-types')).body.items;
    const comp = types.find((t: { kind: string }) => t.kind === 'compensatory');
    const asked = await server.db
      .selectFrom('leaveRequests')
      .select('employeeId')
      .where('leaveTypeId', '=', comp.id)
      .executeTakeFirstOrThrow();
    const details = (await admin.get(`/api/leave/details?employeeId=${asked.employeeId}`)).body;
    expect(details.leaveTypes.find((t: { id: number }) => t.id === comp.id)).toMatchObject({
      yearlyQuota: 0,
      earned: 2,
      pending: 1,
      remaining: 2,
    });
    const mine = (await omar.get('/api/leave/details')).body;
    expect(mine.leaveTypes.find((t: { id: number }) => t.id === comp.id)).toMatchObject({ earned: 0 });
  });

  it('keeps every request inside the seeding year near its end', async () => {
    const late = await startServer({}, () => new Date('2026-12-30T05:00:00Z'));
    try {
      await seedDemoIfEmpty(late.db, 'Demo!Pass1', new Date('2026-12-30T05:00:00Z'));
      const rows = await late.db.selectFrom('leaveRequests').select(['startDate', 'endDate']).execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.startDate >= '2026-01-01' && r.endDate <= '2026-12-31')).toBe(true);
    } finally {
      await late.close();
    }
  });
});
