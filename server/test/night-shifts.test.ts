/**
 * Missing check-outs and night shifts (docs/workforce.md "Night shifts" and "Missing check-out"): an open day
 * whose shift is over counts no time in any total and is flagged; a shift crossing midnight belongs to the day
 * it started, up to the latest check-out of a shift, on the device path, the web path and for corrections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDevice, attendanceRows, deviceWorld, storedPunches, type DeviceWorld } from './device-fixtures.js';

// Karachi is UTC+5 without daylight saving. Monday 23 November 2026, 10:00 there.
let clock = new Date('2026-11-23T05:00:00Z');
let world: DeviceWorld;

beforeAll(async () => {
  world = await deviceWorld({ employees: 5, now: () => clock });
  await addDevice(world, { serialNo: 'NIGHT-1' });
});
afterAll(() => world.server.close());

const punch = (deviceUserId: string, time: string) => ({ deviceSerial: 'NIGHT-1', deviceUserId, time });
const upload = async (...punches: ReturnType<typeof punch>[]) => {
  const res = await world.agent.post('/api/agent/punches', { punches });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const month = async (user: string, m = '2026-11') =>
  (await world.admin.get(`/api/attendance/month?employeeId=${world.employees.get(user)}&month=${m}`)).body;
const dayOf = (body: { days: { date: string; attendance: unknown }[] }, date: string) =>
  body.days.find((d) => d.date === date)!.attendance;
const productivityMinutes = async (user: string, from: string, to: string) => {
  const res = await world.admin.get(
    `/api/productivity/attendance?startDate=${from}&endDate=${to}&searchText=${encodeURIComponent(`User ${user}`)}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.items).toHaveLength(1);
  return res.body.items[0].workedMinutes as number;
};
const rowsOf = async (user: string) =>
  (await attendanceRows(world)).filter((r) => r.employeeId === world.employees.get(user));

describe('a past day without a check-out', () => {
  it('counts no worked time and is flagged; today still counts up to now', async () => {
    // Friday 20 November, 09:05 in Karachi: one punch, never a second.
    expect(await upload(punch('1001', '2026-11-20T04:05:00Z'))).toMatchObject({ applied: 1, skipped: 0 });
    // Today, 09:00: one punch; it is 10:00 now.
    await upload(punch('1001', '2026-11-23T04:00:00Z'));

    const view = await month('1001');
    expect(dayOf(view, '2026-11-20')).toMatchObject({
      checkIn: '2026-11-20T04:05:00.000Z',
      checkOut: null,
      workedMinutes: 0,
      missingCheckOut: true,
    });
    expect(dayOf(view, '2026-11-23')).toMatchObject({ checkOut: null, workedMinutes: 60, missingCheckOut: false });
    expect(view.totals).toMatchObject({ presentDays: 2, workedMinutes: 60 });

    const day = await world.admin.get(`/api/attendance/day?employeeId=${world.employees.get('1001')}&date=2026-11-20`);
    expect(day.body.attendance).toMatchObject({ workedMinutes: 0, missingCheckOut: true });
    const stats = await world.admin.get(
      `/api/attendance/stats?employeeId=${world.employees.get('1001')}&startDate=2026-11-01&endDate=2026-11-23`,
    );
    expect(stats.body).toMatchObject({ presentDays: 2, workedMinutes: 60 });
    const past = await world.admin.get(`/api/attendance/past-months?employeeId=${world.employees.get('1001')}`);
    expect(past.body.months[0]).toMatchObject({ month: '2026-11', workedMinutes: 60 });

    expect(await productivityMinutes('1001', '2026-11-20', '2026-11-20')).toBe(0);
    expect(await productivityMinutes('1001', '2026-11-01', '2026-11-23')).toBe(60);
  });
});

describe('a shift crossing midnight', () => {
  it('belongs to the day it started on the device path: 20:00 to 02:00 is 360 minutes on the start day', async () => {
    // Wednesday 18 November 20:00 and Thursday 19 November 02:00 in Karachi, uploaded one after the other.
    await upload(punch('1002', '2026-11-18T15:00:00Z'));
    await upload(punch('1002', '2026-11-18T21:00:00Z'));
    // The same shift in one batch, then a punch after the latest check-out (07:00) opens the next day.
    await upload(punch('1003', '2026-11-18T21:00:00Z'), punch('1003', '2026-11-18T15:00:00Z'));
    await upload(punch('1003', '2026-11-19T02:00:00Z'));

    for (const user of ['1002', '1003']) {
      const view = await month(user);
      expect(dayOf(view, '2026-11-18')).toMatchObject({
        checkIn: '2026-11-18T15:00:00.000Z',
        checkOut: '2026-11-18T21:00:00.000Z',
        workedMinutes: 360,
        missingCheckOut: false,
      });
    }
    expect(await rowsOf('1002')).toHaveLength(1);
    expect(dayOf(await month('1002'), '2026-11-19')).toBeNull();
    expect((await month('1002')).totals).toMatchObject({ presentDays: 1, workedMinutes: 360 });
    expect(dayOf(await month('1003'), '2026-11-19')).toMatchObject({
      checkIn: '2026-11-19T02:00:00.000Z',
      checkOut: null,
      workedMinutes: 0,
      missingCheckOut: true,
    });
    expect((await month('1003')).totals).toMatchObject({ presentDays: 2, workedMinutes: 360 });
    expect(await productivityMinutes('1002', '2026-11-18', '2026-11-19')).toBe(360);
    // The punch after midnight keeps the day it counts on.
    const punches = (await storedPunches(world)).filter((p) => p.deviceUserId === '1002');
    expect(punches.map((p) => [p.punchAt, p.workDate, p.status])).toEqual([
      ['2026-11-18T15:00:00.000Z', '2026-11-18', 'applied'],
      ['2026-11-18T21:00:00.000Z', '2026-11-18', 'applied'],
    ]);
  });

  it('belongs to the day it started on the web: in at 22:00, out at 01:30', async () => {
    const me = world.org.people.admin;
    clock = new Date('2026-11-24T17:00:00Z'); // Tuesday 24 November, 22:00
    const checkedIn = await me.api.post('/api/attendance/check-in', { source: 'web' });
    expect(checkedIn.body).toMatchObject({ date: '2026-11-24', state: 'checked-in' });

    clock = new Date('2026-11-24T20:00:00Z'); // 01:00 on the 25th: the card still shows the night's shift
    expect((await me.api.get('/api/attendance/today')).body).toMatchObject({
      date: '2026-11-24',
      state: 'checked-in',
      attendance: { date: '2026-11-24', workedMinutes: 180, missingCheckOut: false },
    });
    const twice = await me.api.post('/api/attendance/check-in', { source: 'web' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ATTENDANCE_EXISTS');

    clock = new Date('2026-11-24T20:30:00Z'); // 01:30
    const out = await me.api.post('/api/attendance/check-out');
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({
      date: '2026-11-24',
      state: 'checked-out',
      attendance: { date: '2026-11-24', checkOut: '2026-11-24T20:30:00.000Z', workedMinutes: 210 },
    });
    const night = (await me.api.get('/api/attendance/day?date=2026-11-24')).body.attendance;
    expect(night).toMatchObject({ checkIn: '2026-11-24T17:00:00.000Z', workedMinutes: 210 });
    expect((await me.api.get('/api/attendance/day?date=2026-11-25')).body.attendance).toBeNull();
    // Until the latest check-out the card shows the night's shift; then the new day's.
    expect((await me.api.get('/api/attendance/today')).body).toMatchObject({
      date: '2026-11-24',
      state: 'checked-out',
    });
    clock = new Date('2026-11-25T01:01:00Z'); // 06:01
    expect((await me.api.get('/api/attendance/today')).body).toMatchObject({
      date: '2026-11-25',
      state: 'not-checked-in',
    });
  });

  it('lets a correction end the next morning up to the latest check-out, not later', async () => {
    clock = new Date('2026-11-25T05:00:00Z');
    const punchRow = (await rowsOf('1001')).find((r) => r.workDate === '2026-11-20')!;
    const late = await world.admin.post(`/api/attendance/${punchRow.id}/corrections`, {
      checkIn: '2026-11-20T04:05:00Z',
      checkOut: '2026-11-21T01:01:00Z', // 06:01 on the 21st
      reason: 'Forgot to punch out',
    });
    expect(late.status).toBe(400);
    expect(late.body.error.details.fields).toEqual([
      {
        path: 'body.checkOut',
        message: 'Check-out must be on the check-in’s day, or the next morning up to the latest check-out of a shift.',
      },
    ]);
    const fixed = await world.admin.post(`/api/attendance/${punchRow.id}/corrections`, {
      checkIn: '2026-11-20T15:00:00Z',
      checkOut: '2026-11-21T01:00:00Z', // 20:00 to 06:00
      reason: 'Night shift',
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.body).toMatchObject({ date: '2026-11-20', workedMinutes: 600, missingCheckOut: false });
  });

  it('takes the latest check-out from the Productivity settings; 00:00 ends every shift at midnight', async () => {
    const bad = await world.admin.patch('/api/tenant/productivity-settings', { shift_latest_checkout: '12:30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toEqual([
      { path: 'body.shift_latest_checkout', message: 'Use a time from 00:00 to 12:00 as HH:mm, for example 06:00' },
    ]);
    expect((await world.admin.get('/api/tenant/productivity-settings')).body.shift_latest_checkout).toBe('06:00');
    const off = await world.admin.patch('/api/tenant/productivity-settings', { shift_latest_checkout: '00:00' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    clock = new Date('2026-11-26T05:00:00Z');
    await upload(punch('1004', '2026-11-25T15:00:00Z'), punch('1004', '2026-11-25T21:00:00Z'));
    expect((await rowsOf('1004')).map((r) => [r.workDate, r.checkIn, r.checkOut])).toEqual([
      ['2026-11-25', '2026-11-25T15:00:00.000Z', null],
      ['2026-11-26', '2026-11-25T21:00:00.000Z', null],
    ]);
    await world.admin.patch('/api/tenant/productivity-settings', { shift_latest_checkout: '06:00' });
  });
});

describe('a night shift whose punches arrive out of order', () => {
  const user = '1005';
  const between = async (from: string, to: string) =>
    (await rowsOf(user))
      .filter((r) => r.workDate >= from && r.workDate <= to)
      .sort((a, b) => a.workDate.localeCompare(b.workDate))
      .map((r) => [r.workDate, r.checkIn, r.checkOut]);
  const punchesBetween = async (from: string, to: string) =>
    (await storedPunches(world))
      .filter((p) => p.punchAt >= from && p.punchAt < to)
      .sort((a, b) => a.punchAt.localeCompare(b.punchAt))
      .map((p) => [p.deviceUserId, p.punchAt, p.workDate, p.status]);

  it('is one shift on its start day when the 02:00 punch is uploaded before the 20:00 one', async () => {
    // Tuesday 10 November 02:00 in Karachi first, alone: a day of its own for now.
    await upload(punch(user, '2026-11-10T21:00:00Z'));
    expect(await between('2026-11-10', '2026-11-11')).toEqual([['2026-11-11', '2026-11-10T21:00:00.000Z', null]]);
    // Then the evening before, 20:00 (a second device uploading late): the night is one shift on the 10th.
    expect(await upload(punch(user, '2026-11-10T15:00:00Z'))).toMatchObject({ applied: 1, skipped: 0 });
    expect(await between('2026-11-10', '2026-11-11')).toEqual([
      ['2026-11-10', '2026-11-10T15:00:00.000Z', '2026-11-10T21:00:00.000Z'],
    ]);
    expect(await punchesBetween('2026-11-10T00:00:00Z', '2026-11-11T00:00:00Z')).toEqual([
      [user, '2026-11-10T15:00:00.000Z', '2026-11-10', 'applied'],
      [user, '2026-11-10T21:00:00.000Z', '2026-11-10', 'applied'],
    ]);
  });

  it('is one shift on its start day when the 20:00 punch comes days later in a batch spanning several days', async () => {
    // The days computed again are each employee's own (the day before their first punch's to the day after their
    // last's, docs/devices.md "Ingest"): the 02:00 punch on the day after the evening one must still be read.
    // First batch: Thursday 5 November 02:00 in Karachi, alone on its day for now, and Sunday 1 November 09:00.
    await upload(punch(user, '2026-11-04T21:00:00Z'), punch(user, '2026-11-01T04:00:00Z'));
    expect(await between('2026-11-04', '2026-11-05')).toEqual([['2026-11-05', '2026-11-04T21:00:00.000Z', null]]);
    // Later batch: the evening before, Wednesday 4 November 20:00, with Saturday 7 November 09:00.
    expect(await upload(punch(user, '2026-11-07T04:00:00Z'), punch(user, '2026-11-04T15:00:00Z'))).toMatchObject({
      applied: 2,
      skipped: 0,
    });
    expect(await between('2026-11-01', '2026-11-07')).toEqual([
      ['2026-11-01', '2026-11-01T04:00:00.000Z', null],
      ['2026-11-04', '2026-11-04T15:00:00.000Z', '2026-11-04T21:00:00.000Z'],
      ['2026-11-07', '2026-11-07T04:00:00.000Z', null],
    ]);
    expect(await punchesBetween('2026-11-04T00:00:00Z', '2026-11-05T00:00:00Z')).toEqual([
      [user, '2026-11-04T15:00:00.000Z', '2026-11-04', 'applied'],
      [user, '2026-11-04T21:00:00.000Z', '2026-11-04', 'applied'],
    ]);
  });

  it('is one shift on its start day when the evening punch is mapped after the morning one was applied', async () => {
    await upload(punch(user, '2026-11-12T21:00:00Z'));
    // The evening punch comes from a device user nobody has mapped yet.
    expect(await upload(punch('N-77', '2026-11-12T15:00:00Z'))).toMatchObject({ unmapped: 1, applied: 0 });
    expect(await between('2026-11-12', '2026-11-13')).toEqual([['2026-11-13', '2026-11-12T21:00:00.000Z', null]]);
    const mapped = await world.admin.post('/api/device-user-mappings', {
      deviceUserId: 'N-77',
      employeeId: world.employees.get(user),
    });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(mapped.body.result).toEqual({ applied: 1, skipped: 0, unmapped: 0 });
    expect(await between('2026-11-12', '2026-11-13')).toEqual([
      ['2026-11-12', '2026-11-12T15:00:00.000Z', '2026-11-12T21:00:00.000Z'],
    ]);
    expect(await punchesBetween('2026-11-12T00:00:00Z', '2026-11-13T00:00:00Z')).toEqual([
      ['N-77', '2026-11-12T15:00:00.000Z', '2026-11-12', 'applied'],
      [user, '2026-11-12T21:00:00.000Z', '2026-11-12', 'applied'],
    ]);
  });
});
