import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedMinutes } from '../../shared/attendance-rules.js';
import { DEMO_ADMIN_EMAIL, seedDemoIfEmpty } from '../src/seed/demo.js';
import { startServer, type Api, type TestServer } from './harness.js';

const clock = new Date('2026-11-23T07:00:00Z'); // Monday 23 November 2026, 12:00 in Karachi
let server: TestServer;
let admin: Api;
let omar: Api;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  const started = Date.now();
  expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', clock)).toBe(true);
  // The demo seeds at every first start and before each e2e run: it has to stay quick.
  expect(Date.now() - started).toBeLessThan(20_000);
  admin = server.api(await server.signIn(DEMO_ADMIN_EMAIL, 'Demo!Pass1'));
  omar = server.api(await server.signIn('omar.iqbal@northwind.example', 'Demo!Pass1'));
});
afterAll(() => server.close());

describe('demo attendance', () => {
  it("fills this year's weekdays with breaks, office days and gaps", async () => {
    const rows = await server.db.selectFrom('attendances').select(['workDate', 'source', 'isWfo']).execute();
    const dates = rows.map((r) => r.workDate).sort();
    expect(dates[0]! <= '2026-01-09').toBe(true);
    expect(rows.length).toBeGreaterThan(8000);
    // No weekend days (Saturday and Sunday by default) but the few of demo-data WEEKEND_WORK (compensatory leave),
    // on the last weekend days of the month before: this month's weekends stay empty.
    const weekend = rows.filter((r) => [0, 6].includes(new Date(`${r.workDate}T12:00:00Z`).getUTCDay()));
    expect(weekend.map((r) => r.workDate).sort()).toEqual(['2026-10-25', '2026-10-31', '2026-10-31', '2026-10-31']);
    const device = rows.filter((r) => r.source === 'device');
    expect(device.length).toBeGreaterThan(rows.length / 5);
    expect(device.every((r) => r.isWfo === 1)).toBe(true);
    expect(rows.filter((r) => r.source !== 'device').every((r) => r.isWfo === 0)).toBe(true);
    const breaks = await server.db.selectFrom('attendanceBreaks').select('id').execute();
    expect(breaks.length).toBeGreaterThan(rows.length / 2);
  });

  it("makes this year's absence count a believable handful, not every day before the seed", async () => {
    const details = (await omar.get('/api/leave/details')).body as { absents: number };
    expect(details.absents).toBeGreaterThan(0);
    expect(details.absents).toBeLessThan(30);
  });

  it('leaves today free for the administrator and the e2e employee, with history before it', async () => {
    for (const api of [admin, omar]) {
      expect((await api.get('/api/attendance/today')).body).toMatchObject({ state: 'not-checked-in' });
      const month = (await api.get('/api/attendance/month?month=2026-11')).body;
      expect(month.totals.presentDays).toBeGreaterThan(5);
      expect(month.totals.absentDays).toBeLessThan(month.totals.workingDays);
    }
    // Others are already at work this morning.
    const today = await server.db
      .selectFrom('attendances')
      .select(['checkOut'])
      .where('workDate', '=', '2026-11-23')
      .execute();
    expect(today.length).toBeGreaterThan(10);
    expect(today.every((r) => r.checkOut === null)).toBe(true);
  });

  it('gives every seeded day valid spans: check-out after check-in, breaks inside', async () => {
    const rows = await server.db
      .selectFrom('attendanceBreaks')
      .innerJoin('attendances', 'attendances.id', 'attendanceBreaks.attendanceId')
      .select(['attendances.checkIn', 'attendances.checkOut', 'attendanceBreaks.startAt', 'attendanceBreaks.endAt'])
      .execute();
    for (const r of rows) {
      expect(r.startAt > r.checkIn).toBe(true);
      if (r.checkOut) expect(r.endAt! <= r.checkOut).toBe(true);
    }
  });

  it("stores each seeded day's worked and break minutes as storedMinutes counts them", async () => {
    const rows = await server.db
      .selectFrom('attendances')
      .select(['id', 'checkIn', 'checkOut', 'workedMinutes', 'breakMinutes'])
      .execute();
    const breaks = await server.db
      .selectFrom('attendanceBreaks')
      .select(['attendanceId', 'startAt', 'endAt'])
      .execute();
    const spans = new Map<number, { start: string; end: string | null }[]>();
    for (const b of breaks)
      spans.set(b.attendanceId, [...(spans.get(b.attendanceId) ?? []), { start: b.startAt, end: b.endAt }]);
    const wrong = rows.filter((r) => {
      const expected = storedMinutes(r, spans.get(r.id) ?? []);
      return expected.workedMinutes !== r.workedMinutes || expected.breakMinutes !== r.breakMinutes;
    });
    expect(wrong).toEqual([]);
    expect(rows.some((r) => r.workedMinutes === null)).toBe(true); // today's open days
  });
});
