/**
 * Demo data switched off (the Demo data tab): the demo company's people, teams and their attendance and
 * leave leave every list, figure, chart and report, and come back when it is switched on again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../shared/time.js';
import { DEMO_ADMIN_EMAIL, seedDemoIfEmpty } from '../src/seed/demo.js';
import { startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let range: string;

beforeAll(async () => {
  server = await startServer();
  expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', new Date())).toBe(true);
  admin = server.api(await server.signIn(DEMO_ADMIN_EMAIL, 'Demo!Pass1'));
  const today = localDate(new Date(), 'Asia/Karachi');
  range = `startDate=${addDays(today, -90)}&endDate=${today}`;
});
afterAll(() => server.close());

const setDemo = async (disabled: boolean) => {
  const res = await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: disabled } });
  expect(res.status).toBe(200);
};

/** The figures a company-wide reader sees, reduced to what demo data changes. */
async function figures() {
  const overview = await admin.get(`/api/productivity/overview?${range}`);
  expect(overview.status).toBe(200);
  const attendance = await admin.get(`/api/productivity/attendance?${range}&pageSize=100`);
  const teams = await admin.get('/api/productivity/teams');
  const stats = await admin.get(`/api/productivity/team-attendance-stats?${range}`);
  const summary = await admin.get(`/api/reports/employee-summary?${range}`);
  const leave = await admin.get(`/api/reports/leave-report?${range}`);
  return {
    employees: overview.body.employees as number,
    presentDays: overview.body.totals.presentDays as number,
    chartPresent: (overview.body.series as { presentDays: number }[]).reduce((n, p) => n + p.presentDays, 0),
    rows: (attendance.body.items as { employee: { email: string } }[]).map((r) => r.employee.email),
    adminPresent: (attendance.body.items as { employee: { email: string }; presentDays: number }[]).find(
      (r) => r.employee.email === DEMO_ADMIN_EMAIL,
    )?.presentDays,
    teams: (teams.body.items as unknown[]).length,
    statsRows: stats.body.total as number,
    summaryLines: String(summary.body).trim().split('\n').length,
    leaveLines: String(leave.body).trim().split('\n').length,
  };
}

describe('demo data in the productivity figures', () => {
  it('leaves out demo people, their teams, attendance and leave while switched off, and brings them back', async () => {
    const on = await figures();
    expect(on.employees).toBeGreaterThan(50);
    expect(on.presentDays).toBeGreaterThan(0);
    expect(on.chartPresent).toBe(on.presentDays);
    expect(on.teams).toBe(6);
    expect(on.statsRows).toBe(6);
    expect(on.leaveLines).toBeGreaterThan(1);

    await setDemo(true);
    const off = await figures();
    // Only the administrator is not demo data: the figures are theirs alone.
    expect(off.employees).toBe(1);
    expect(off.rows).toEqual([DEMO_ADMIN_EMAIL]);
    expect(off.presentDays).toBe(on.adminPresent);
    expect(off.presentDays).toBeLessThan(on.presentDays);
    expect(off.chartPresent).toBe(off.presentDays);
    expect(off.teams).toBe(0);
    expect(off.statsRows).toBe(0);
    // The header and the administrator's line.
    expect(off.summaryLines).toBeLessThanOrEqual(3);
    expect(off.leaveLines).toBe(1);

    await setDemo(false);
    expect(await figures()).toEqual(on);
  });

  it('answers 404 for a demo team while demo data is off', async () => {
    const team = (await admin.get('/api/productivity/teams')).body.items[0] as { id: number };
    await setDemo(true);
    try {
      const res = await admin.get(`/api/productivity/overview?${range}&teamId=${team.id}`);
      expect(res.status).toBe(404);
      expect((await admin.get(`/api/leave/calendar?${range}&teamId=${team.id}`)).status).toBe(404);
    } finally {
      await setDemo(false);
    }
    expect((await admin.get(`/api/productivity/overview?${range}&teamId=${team.id}`)).status).toBe(200);
    expect((await admin.get(`/api/leave/calendar?${range}&teamId=${team.id}`)).status).toBe(200);
  });
});

type Named = { id: number; name: string };

/** The people and rows every list shows a company-wide reader, reduced to who is in them. */
async function lists() {
  const ok = <T>(res: { status: number; body: T }, what: string) => {
    expect(res.status, what).toBe(200);
    return res.body;
  };
  const ids = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);
  const owners = (items: { employee: { id: number } }[]) => [...new Set(items.map((i) => i.employee.id))].sort();
  const attendance = ok(await admin.get('/api/attendance/employees'), 'attendance picker') as { items: Named[] };
  const leavePicker = ok(await admin.get('/api/leave/employees'), 'leave picker') as { items: Named[] };
  const directory = ok(await admin.get('/api/employees?pageSize=100'), 'directory') as { items: Named[] };
  const pending = ok(await admin.get('/api/leave-requests/pending?pageSize=100'), 'pending') as {
    items: { employee: { id: number } }[];
  };
  const calendar = ok(await admin.get(`/api/leave/calendar?${range}`), 'calendar') as {
    items: { employee: { id: number } }[];
    employees: Named[];
  };
  const mappings = ok(await admin.get('/api/device-user-mappings'), 'mappings') as {
    items: { employee: { id: number } }[];
  };
  return {
    attendance: ids(attendance.items),
    leavePicker: ids(leavePicker.items),
    directory: ids(directory.items),
    pending: owners(pending.items),
    calendar: owners(calendar.items),
    calendarRows: ids(calendar.employees),
    mappings: owners(mappings.items),
  };
}

describe('demo data in the lists and pickers', () => {
  it('leaves demo people out of every list while switched off, and brings them back', async () => {
    const me = (await admin.get('/api/me')).body as { employee?: { id: number }; id?: number };
    const adminId = (me.employee?.id ?? me.id)!;
    const people = (await admin.get('/api/attendance/employees')).body.items as Named[];
    const demo = people.find((p) => p.id !== adminId)!;
    const mapped = await admin.post('/api/device-user-mappings', { deviceUserId: 'demo-9001', employeeId: demo.id });
    expect(mapped.status).toBe(200);

    const on = await lists();
    for (const [list, who] of Object.entries(on)) {
      expect(who.length, list).toBeGreaterThan(0);
      expect(
        who.some((id) => id !== adminId),
        list,
      ).toBe(true);
    }

    await setDemo(true);
    const off = await lists();
    for (const [list, who] of Object.entries(off))
      expect(
        who.filter((id) => id !== adminId),
        list,
      ).toEqual([]);
    expect(off.attendance).toEqual([adminId]);
    expect(off.leavePicker).toEqual([adminId]);
    expect(off.directory).toEqual([adminId]);
    expect(off.calendarRows).toEqual([adminId]);

    await setDemo(false);
    expect(await lists()).toEqual(on);
  });

  it('answers 404 for a demo person’s id while demo data is off, as productivity does', async () => {
    const me = (await admin.get('/api/me')).body as { employee?: { id: number }; id?: number };
    const adminId = (me.employee?.id ?? me.id)!;
    const demo = ((await admin.get('/api/attendance/employees')).body.items as Named[]).find((p) => p.id !== adminId)!;
    const request = ((await admin.get('/api/leave-requests/pending?pageSize=100')).body.items as { id: number }[])[0]!;
    const month = localDate(new Date(), 'Asia/Karachi').slice(0, 7);
    const reads = [
      `/api/reports/employee-summary?employeeId=${demo.id}&${range}`,
      `/api/attendance/month?employeeId=${demo.id}&month=${month}`,
      `/api/attendance/stats?employeeId=${demo.id}&${range}`,
      `/api/leave-requests?employeeId=${demo.id}`,
      `/api/leave/details?employeeId=${demo.id}`,
      `/api/leave/approvers?employeeId=${demo.id}`,
      `/api/leave-requests/${request.id}`,
      `/api/employees/${demo.id}`,
    ];
    const statuses = async () => Promise.all(reads.map(async (url) => [url, (await admin.get(url)).status]));
    expect(await statuses()).toEqual(reads.map((url) => [url, 200]));
    await setDemo(true);
    try {
      expect(await statuses()).toEqual(reads.map((url) => [url, 404]));
    } finally {
      await setDemo(false);
    }
    expect(await statuses()).toEqual(reads.map((url) => [url, 200]));
  });
});
