import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Api, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

// A controllable clock: Monday 23 November 2026, 10:00 in Karachi (UTC+5, no daylight saving).
let clock = new Date('2026-11-23T05:00:00Z');
const at = (iso: string) => (clock = new Date(iso));
const minutes = (n: number) => (clock = new Date(clock.getTime() + n * 60_000));

let server: TestServer;
let org: Organisation<string, string>;
const ids: Record<string, number> = {};
const apis: Record<string, Api> = {};

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: { emp: ['Employee'], mate: ['Employee'], lead: ['Team Lead'], other: ['Employee'], hr: ['HR'] },
    teams: { Core: ['emp', 'mate', 'lead'] },
  });
  for (const [key, person] of Object.entries(org.people)) {
    ids[key] = person.id;
    apis[key] = person.api;
  }
});
afterAll(() => server.close());

describe('check-in, breaks and check-out', () => {
  it('runs a working day with the spec’s rules', async () => {
    const emp = apis['emp']!;
    at('2026-11-23T04:00:00Z'); // 09:00 PKT
    expect((await emp.get('/api/attendance/today')).body).toMatchObject({
      date: '2026-11-23',
      state: 'not-checked-in',
      attendance: null,
      workingHoursPerDay: 8,
    });
    const inRes = await emp.post('/api/attendance/check-in', { source: 'web' });
    expect(inRes.status).toBe(200);
    expect(inRes.body).toMatchObject({
      state: 'checked-in',
      attendance: { date: '2026-11-23', checkIn: '2026-11-23T04:00:00.000Z', source: 'web', isWfo: false },
    });

    const again = await emp.post('/api/attendance/check-in', {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only one attendance per day is allowed.');

    const tooSoon = await emp.post('/api/attendance/check-out');
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.error.message).toBe('Check-out must be at least 1 minute after check-in.');

    minutes(120);
    expect((await emp.post('/api/attendance/break/end')).body.error.code).toBe('NO_OPEN_BREAK');
    expect((await emp.post('/api/attendance/break/start')).body.state).toBe('on-break');
    expect((await emp.post('/api/attendance/break/start')).body.error.code).toBe('BREAK_ALREADY_STARTED');
    // Ended in its first minute, the break is cancelled (attendance-today.test.ts); this one lasts.
    minutes(30);
    const ended = await emp.post('/api/attendance/break/end');
    expect(ended.body).toMatchObject({ state: 'checked-in', attendance: { workedMinutes: 120, breakMinutes: 30 } });

    minutes(60);
    await emp.post('/api/attendance/break/start');
    minutes(15);
    // Checking out ends the running break.
    const out = await emp.post('/api/attendance/check-out');
    expect(out.body).toMatchObject({
      state: 'checked-out',
      attendance: { checkOut: '2026-11-23T07:45:00.000Z', workedMinutes: 180, breakMinutes: 45 },
    });
    expect(out.body.attendance.breaks).toHaveLength(2);
    expect((await emp.post('/api/attendance/check-out')).body.error.code).toBe('ALREADY_CHECKED_OUT');
    expect((await emp.post('/api/attendance/break/start')).body.error.code).toBe('ALREADY_CHECKED_OUT');
  });

  it('counts check-ins from an office network as work from office', async () => {
    await apis['hr']!.patch('/api/tenant/productivity-settings', { office_networks: ['127.0.0.0/8', '10.20.0.0/16'] });
    at('2026-11-23T05:00:00Z');
    const res = await apis['mate']!.post('/api/attendance/check-in', { source: 'desktop' });
    expect(res.body.attendance).toMatchObject({ source: 'desktop', isWfo: true });
    const bad = await apis['hr']!.patch('/api/tenant/productivity-settings', { office_networks: ['10.0.0.0/33'] });
    expect(bad.status).toBe(400);
    await apis['hr']!.patch('/api/tenant/productivity-settings', { office_networks: [] });
  });
});

describe('the working day is the tenant’s local day', () => {
  it('splits days at local midnight across daylight saving (Europe/Berlin)', async () => {
    const t = await server.tenant('Berlin', 'berlin.example');
    await server.user(t.id, { email: 'b@berlin.example', roles: ['Employee'] });
    await server.user(t.id, { email: 'admin@berlin.example', roles: ['Administrator'] });
    const admin = server.api(await server.signIn('admin@berlin.example'));
    // Without night shifts (latest check-out 00:00): every shift ends by midnight.
    await admin.patch('/api/tenant/productivity-settings', {
      tenant_timezone: 'Europe/Berlin',
      shift_latest_checkout: '00:00',
    });
    const b = server.api(await server.signIn('b@berlin.example'));

    // Saturday 28 March 2026, 23:58 CET (UTC+1); the clocks spring forward the next night.
    at('2026-03-28T22:58:00Z');
    expect((await b.post('/api/attendance/check-in')).body).toMatchObject({
      date: '2026-03-28',
      attendance: { date: '2026-03-28' },
    });
    at('2026-03-28T23:01:00Z'); // 00:01 on the 29th
    const crossing = await b.post('/api/attendance/check-out');
    expect(crossing.status).toBe(400);
    expect(crossing.body.error.code).toBe('NOT_CHECKED_IN'); // today is a new day without a check-in
    const next = await b.post('/api/attendance/check-in');
    expect(next.body).toMatchObject({ date: '2026-03-29', attendance: { date: '2026-03-29' } });

    // Fixing yesterday by hand: a check-out after midnight is refused, one before it is accepted.
    const yesterday = (await b.get('/api/attendance/day?date=2026-03-28')).body.attendance;
    const late = await b.patch(`/api/attendance/${yesterday.id}`, { checkOut: '2026-03-28T23:00:30Z' });
    expect(late.body.error.message).toBe(
      'Check-out must be on the check-in’s day, or the next morning up to the latest check-out of a shift.',
    );
    expect((await b.patch(`/api/attendance/${yesterday.id}`, { checkOut: '2026-03-28T22:59:30+00:00' })).status).toBe(
      200,
    );

    // Sunday 29 March has 23 hours: 23:30 CEST is 21:30Z.
    at('2026-03-29T21:30:00Z');
    expect((await b.post('/api/attendance/check-out')).body.attendance).toMatchObject({
      date: '2026-03-29',
      workedMinutes: 22 * 60 + 29,
    });
    const month = (await b.get('/api/attendance/month?month=2026-03')).body;
    expect(month.days).toHaveLength(31);
    expect(
      month.days.filter((d: { attendance: unknown }) => d.attendance).map((d: { date: string }) => d.date),
    ).toEqual(['2026-03-28', '2026-03-29']);
  });
});

describe('manual attendance', () => {
  it('lets an employee add and edit their own days within the edit limit only', async () => {
    at('2026-11-23T10:00:00Z');
    const emp = apis['emp']!;
    const ok = await emp.post('/api/attendance', {
      checkIn: '2026-11-16T04:00:00Z',
      checkOut: '2026-11-16T13:00:00Z',
      breaks: [{ start: '2026-11-16T08:00:00Z', end: '2026-11-16T08:45:00Z' }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      date: '2026-11-16',
      source: 'manual',
      workedMinutes: 495,
      breakMinutes: 45,
      updatedBy: { name: 'EMP' },
    });
    const old = await emp.post('/api/attendance', {
      checkIn: '2026-11-01T04:00:00Z',
      checkOut: '2026-11-01T12:00:00Z',
    });
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe('EDIT_LIMIT_PASSED');
    const future = await emp.post('/api/attendance', { checkIn: '2026-11-24T04:00:00Z' });
    expect(future.body.error.code).toBe('ATTENDANCE_IN_FUTURE');
    const backwards = await emp.post('/api/attendance', {
      checkIn: '2026-11-17T12:00:00Z',
      checkOut: '2026-11-17T04:00:00Z',
    });
    expect(backwards.body.error.code).toBe('CHECK_OUT_TOO_SOON');
    const overlapping = await emp.post('/api/attendance', {
      checkIn: '2026-11-17T04:00:00Z',
      checkOut: '2026-11-17T12:00:00Z',
      breaks: [
        { start: '2026-11-17T06:00:00Z', end: '2026-11-17T07:00:00Z' },
        { start: '2026-11-17T06:30:00Z', end: '2026-11-17T07:30:00Z' },
      ],
    });
    expect(overlapping.body.error.code).toBe('BREAK_OVERLAP');
    expect(overlapping.body.error.details.fields[0].path).toBe('body.breaks.0.start');
    const outside = await emp.post('/api/attendance', {
      checkIn: '2026-11-17T04:00:00Z',
      checkOut: '2026-11-17T12:00:00Z',
      breaks: [{ start: '2026-11-17T11:30:00Z', end: '2026-11-17T12:30:00Z' }],
    });
    expect(outside.body.error.message).toBe('A break must start after check-in and end before check-out.');
    expect((await emp.get('/api/attendance/day?date=2026-11-17')).body.attendance).toBeNull();
    const dup = await emp.post('/api/attendance', {
      checkIn: '2026-11-16T05:00:00Z',
      checkOut: '2026-11-16T06:00:00Z',
    });
    expect(dup.status).toBe(409);
  });

  it('edits breaks with the same rules and keeps a full audit trail for HR', async () => {
    const emp = apis['emp']!;
    const day = (await emp.get('/api/attendance/day?date=2026-11-16')).body.attendance;
    const added = await emp.post(`/api/attendance/${day.id}/breaks`, {
      start: '2026-11-16T10:00:00Z',
      end: '2026-11-16T10:20:00Z',
    });
    expect(added.status).toBe(201);
    const second = added.body.breaks.find((b: { start: string }) => b.start === '2026-11-16T10:00:00.000Z');
    const overlap = await emp.patch(`/api/breaks/${second.id}`, { start: '2026-11-16T08:30:00Z' });
    expect(overlap.body.error.message).toBe('Breaks must not overlap.');
    expect((await emp.patch(`/api/breaks/${second.id}`, { end: '2026-11-16T10:30:00Z' })).body.breakMinutes).toBe(75);
    // The check-out cannot move before a break.
    expect((await emp.patch(`/api/attendance/${day.id}`, { checkOut: '2026-11-16T09:00:00Z' })).body.error.code).toBe(
      'BREAK_OUTSIDE_ATTENDANCE',
    );
    expect((await emp.delete(`/api/breaks/${second.id}`)).body.breakMinutes).toBe(45);

    expect((await emp.get(`/api/attendance/${day.id}/audit`)).status).toBe(403);
    const trail = (await apis['hr']!.get(`/api/attendance/${day.id}/audit`)).body.items;
    expect(trail.map((e: { action: string; subject: string }) => `${e.action} ${e.subject}`)).toEqual([
      'create attendance',
      'create break',
      'create break',
      'update break',
      'delete break',
    ]);
    expect(trail[3]).toMatchObject({
      actor: { name: 'EMP' },
      before: { end: '2026-11-16T10:20:00.000Z' },
      after: { end: '2026-11-16T10:30:00.000Z' },
    });
  });

  it('lets a team lead edit team members, HR anyone, and nobody else', async () => {
    const lead = apis['lead']!;
    const forMate = await lead.post('/api/attendance', {
      employeeId: ids['mate'],
      checkIn: '2026-11-02T04:00:00Z',
      checkOut: '2026-11-02T12:00:00Z',
    });
    expect(forMate.status).toBe(201); // older than the limit: the limit is for one's own days
    const forOther = await lead.post('/api/attendance', {
      employeeId: ids['other'],
      checkIn: '2026-11-20T04:00:00Z',
      checkOut: '2026-11-20T12:00:00Z',
    });
    expect(forOther.status).toBe(403);
    expect(
      (await apis['emp']!.post('/api/attendance', { employeeId: ids['mate'], checkIn: '2026-11-20T04:00:00Z' })).status,
    ).toBe(403);
    expect((await apis['emp']!.get(`/api/attendance/month?month=2026-11&employeeId=${ids['mate']}`)).status).toBe(403);
    expect((await lead.get(`/api/attendance/month?month=2026-11&employeeId=${ids['mate']}`)).status).toBe(200);
    const hrAdd = await apis['hr']!.post('/api/attendance', {
      employeeId: ids['other'],
      checkIn: '2026-10-01T04:00:00Z',
      checkOut: '2026-10-01T12:00:00Z',
      isWfo: true,
    });
    expect(hrAdd.body).toMatchObject({ isWfo: true, updatedBy: { name: 'HR' } });
    expect((await apis['hr']!.delete(`/api/attendance/${hrAdd.body.id}`)).status).toBe(204);
    const trail = (await apis['hr']!.get(`/api/attendance/${hrAdd.body.id}/audit`)).body.items;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['create', 'delete']);
    expect(trail[1].before).toMatchObject({ checkIn: '2026-10-01T04:00:00.000Z' });
  });
});

describe('views', () => {
  it('shows the month with weekends and totals, the past three months and hours statistics', async () => {
    at('2026-11-23T12:00:00Z');
    const emp = apis['emp']!;
    const month = (await emp.get('/api/attendance/month?month=2026-11')).body;
    expect(month.days).toHaveLength(30);
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-21').isWeekend).toBe(true); // Saturday
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-23').isWeekend).toBe(false);
    // 16 working days up to Monday the 23rd; present on the 16th and the 23rd.
    expect(month.totals).toMatchObject({
      workingDays: 16,
      presentDays: 2,
      workedMinutes: 495 + 180,
      expectedMinutes: 16 * 8 * 60,
    });
    const past = (await emp.get('/api/attendance/past-months')).body.months;
    expect(past.map((m: { month: string }) => m.month)).toEqual(['2026-11', '2026-10', '2026-09']);
    const stats = (await emp.get('/api/attendance/stats?startDate=2026-11-01&endDate=2026-11-30')).body;
    expect(stats).toMatchObject({
      presentDays: 2,
      averageWorkedMinutes: Math.round((495 + 180) / 2),
      wfoPercentage: 0,
    });
    const bad = await emp.get('/api/attendance/stats?startDate=2026-11-30&endDate=2026-11-01');
    expect(bad.body.error.details.fields[0]).toEqual({
      path: 'querystring.startDate',
      message: 'From cannot be after To',
    });
  });
});

describe('the employee picker', () => {
  it('lists only the employees whose attendance the caller may see', async () => {
    const names = async (key: string) =>
      ((await apis[key]!.get('/api/attendance/employees')).body.items as { name: string }[]).map((e) => e.name);
    expect(await names('emp')).toEqual(['EMP']);
    expect(await names('lead')).toEqual(['EMP', 'LEAD', 'MATE']);
    const all = await names('hr');
    expect(all).toEqual(expect.arrayContaining(['EMP', 'HR', 'LEAD', 'MATE', 'OTHER']));
    expect(all).toEqual([...all].sort());
  });
});

describe('work from office comes from evidence or an editor (security review #10, item 8)', () => {
  it('refuses the WFO flag from a caller editing their own days; team and company editors may set it', async () => {
    at('2026-11-23T12:00:00Z');
    const emp = apis['emp']!;
    const own = await emp.post('/api/attendance', {
      checkIn: '2026-11-18T04:00:00Z',
      checkOut: '2026-11-18T12:00:00Z',
      isWfo: true,
    });
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({
      code: 'WFO_NEEDS_EVIDENCE',
      details: { fields: [{ path: 'body.isWfo' }] },
    });
    expect((await emp.get('/api/attendance/day?date=2026-11-18')).body.attendance).toBeNull();

    const plain = await emp.post('/api/attendance', {
      checkIn: '2026-11-18T04:00:00Z',
      checkOut: '2026-11-18T12:00:00Z',
      isWfo: false,
    });
    expect(plain.status).toBe(201);
    const certify = await emp.patch(`/api/attendance/${plain.body.id}`, { isWfo: true });
    expect(certify.status).toBe(403);
    expect(certify.body.error.code).toBe('WFO_NEEDS_EVIDENCE');
    // A form sending the flag back unchanged with another field is not a certification.
    const unchanged = await emp.patch(`/api/attendance/${plain.body.id}`, {
      isWfo: false,
      checkOut: '2026-11-18T12:30:00Z',
    });
    expect(unchanged.status).toBe(200);

    // A team lead certifies a team member's day, but not their own.
    const lead = apis['lead']!;
    expect((await lead.patch(`/api/attendance/${plain.body.id}`, { isWfo: true })).body).toMatchObject({
      isWfo: true,
      updatedBy: { name: 'LEAD' },
    });
    expect((await emp.patch(`/api/attendance/${plain.body.id}`, { isWfo: false })).status).toBe(403);
    const leadOwn = await lead.post('/api/attendance', {
      checkIn: '2026-11-18T04:00:00Z',
      checkOut: '2026-11-18T12:00:00Z',
      isWfo: true,
    });
    expect(leadOwn.status).toBe(403);
    expect(leadOwn.body.error.code).toBe('WFO_NEEDS_EVIDENCE');

    // A company editor (edit-all-attendance) may.
    const hr = await apis['hr']!.post('/api/attendance', {
      employeeId: ids['other'],
      checkIn: '2026-11-18T04:00:00Z',
      checkOut: '2026-11-18T12:00:00Z',
      isWfo: true,
    });
    expect(hr.body).toMatchObject({ isWfo: true });
  });
});

describe('device punches are corrected, never changed in place (security review #10, item 8)', () => {
  const punchDay = (workDate: string, employeeId: number) =>
    org.f.attendance({
      employeeId,
      workDate,
      checkIn: `${workDate}T04:00:00.000Z`,
      checkOut: `${workDate}T09:00:00.000Z`,
      source: 'device',
      isWfo: 1,
    });

  it('refuses to edit or delete a device row, even for a company editor', async () => {
    at('2026-11-23T12:00:00Z');
    const punched = await punchDay('2026-11-20', ids['mate']!);
    for (const key of ['mate', 'lead', 'hr']) {
      const api = apis[key]!;
      const patched = await api.patch(`/api/attendance/${punched.id}`, { checkOut: '2026-11-20T13:00:00Z' });
      expect(patched.status).toBe(409);
      expect(patched.body.error.code).toBe('DEVICE_PUNCH_READ_ONLY');
      expect((await api.delete(`/api/attendance/${punched.id}`)).status).toBe(409);
      const withBreak = await api.post(`/api/attendance/${punched.id}/breaks`, {
        start: '2026-11-20T06:00:00Z',
        end: '2026-11-20T06:30:00Z',
      });
      expect(withBreak.status).toBe(409);
    }
    const stored = await server.db
      .selectFrom('attendances')
      .selectAll()
      .where('id', '=', punched.id)
      .executeTakeFirst();
    expect(stored).toMatchObject({ checkOut: '2026-11-20T09:00:00.000Z', workedMinutes: 300, updatedBy: null });
  });

  it('stands a correction with its reason in for the punch; the original stays visible and totals read the correction', async () => {
    at('2026-11-23T12:00:00Z');
    const emp = apis['emp']!;
    const punched = await punchDay('2026-11-19', ids['emp']!);
    const url = `/api/attendance/${punched.id}/corrections`;
    const times = { checkIn: '2026-11-19T04:00:00Z', checkOut: '2026-11-19T13:00:00Z' };

    const noReason = await emp.post(url, times);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details.fields[0].path).toBe('body.reason');
    expect((await emp.post(url, { ...times, reason: '   ' })).status).toBe(400);
    // The punch is the WFO evidence: its own employee cannot change the flag in a correction either.
    const reflagged = await emp.post(url, { ...times, reason: 'Forgot to punch out', isWfo: false });
    expect(reflagged.status).toBe(403);
    expect(reflagged.body.error.code).toBe('WFO_NEEDS_EVIDENCE');
    const otherDay = await emp.post(url, { ...times, checkIn: '2026-11-18T04:00:00Z', reason: 'x' });
    expect(otherDay.body.error).toMatchObject({ code: 'CORRECTION_OTHER_DAY' });

    const corrected = await emp.post(url, { ...times, reason: 'Forgot to punch out' });
    expect(corrected.status).toBe(201);
    expect(corrected.body).toMatchObject({
      date: '2026-11-19',
      checkOut: '2026-11-19T13:00:00.000Z',
      source: 'manual',
      isWfo: true, // the punch's evidence carries over
      workedMinutes: 540,
      correction: {
        reason: 'Forgot to punch out',
        by: { name: 'EMP' },
        original: { id: punched.id, source: 'device', checkOut: '2026-11-19T09:00:00.000Z', workedMinutes: 300 },
      },
    });

    // The day view shows the correction with the original; the stored punch is as the device made it.
    const day = (await emp.get('/api/attendance/day?date=2026-11-19')).body.attendance;
    expect(day).toMatchObject({ id: corrected.body.id, correction: { original: { id: punched.id } } });
    const stored = await server.db
      .selectFrom('attendances')
      .selectAll()
      .where('id', '=', punched.id)
      .executeTakeFirst();
    expect(stored).toMatchObject({ checkOut: '2026-11-19T09:00:00.000Z', workedMinutes: 300, source: 'device' });

    // Totals count the day once, with the corrected time.
    const stats = (await emp.get('/api/attendance/stats?startDate=2026-11-19&endDate=2026-11-19')).body;
    expect(stats).toMatchObject({ presentDays: 1, wfoDays: 1, workedMinutes: 540 });
    const month = (await emp.get('/api/attendance/month?month=2026-11')).body;
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-19').attendance.id).toBe(corrected.body.id);
    const productivity = await apis['hr']!.get(
      '/api/productivity/attendance?startDate=2026-11-19&endDate=2026-11-19&searchText=emp',
    );
    expect(productivity.body.items[0]).toMatchObject({ presentDays: 1, workedMinutes: 540 });

    // One correction per punch; the correction is then edited like a manual entry, WFO rule included.
    expect((await emp.post(url, { ...times, reason: 'again' })).body.error.code).toBe('ALREADY_CORRECTED');
    expect((await emp.patch(`/api/attendance/${corrected.body.id}`, { isWfo: false })).status).toBe(403);
    const trail = (await apis['hr']!.get(`/api/attendance/${corrected.body.id}/audit`)).body.items;
    expect(trail[0]).toMatchObject({ action: 'create', after: { correctionReason: 'Forgot to punch out' } });

    // Only device punches are corrected.
    const manual = await org.f.attendance({ employeeId: ids['emp']!, workDate: '2026-11-17' });
    const notDevice = await emp.post(`/api/attendance/${manual.id}/corrections`, {
      checkIn: '2026-11-17T04:00:00Z',
      reason: 'x',
    });
    expect(notDevice.body.error.code).toBe('NOT_A_DEVICE_PUNCH');
  });

  it('brings the punch back when its correction is deleted, and keeps the punch itself undeletable', async () => {
    at('2026-11-23T12:00:00Z');
    const emp = apis['emp']!;
    const punched = await punchDay('2026-11-20', ids['emp']!);
    expect((await emp.delete(`/api/attendance/${punched.id}`)).body.error.code).toBe('DEVICE_PUNCH_READ_ONLY');
    const corrected = await emp.post(`/api/attendance/${punched.id}/corrections`, {
      checkIn: '2026-11-20T04:00:00Z',
      checkOut: '2026-11-20T13:00:00Z',
      reason: 'Forgot to punch out',
    });
    expect(corrected.status).toBe(201);
    expect((await emp.delete(`/api/attendance/${corrected.body.id}`)).status).toBe(204);
    const day = (await emp.get('/api/attendance/day?date=2026-11-20')).body.attendance;
    expect(day).toMatchObject({ id: punched.id, source: 'device', correction: null });
    // The punch can be corrected again.
    const again = await emp.post(`/api/attendance/${punched.id}/corrections`, {
      checkIn: '2026-11-20T04:00:00Z',
      reason: 'Second try',
    });
    expect(again.status).toBe(201);
  });

  it('carries the punch’s breaks over to the correction, which must still hold them', async () => {
    at('2026-11-23T12:00:00Z');
    const punched = await org.f.attendance({
      employeeId: ids['mate']!,
      workDate: '2026-11-17',
      checkIn: '2026-11-17T04:00:00.000Z',
      checkOut: '2026-11-17T09:00:00.000Z',
      source: 'device',
      isWfo: 1,
      breaks: [['2026-11-17T07:00:00.000Z', '2026-11-17T07:30:00.000Z']],
    });
    const url = `/api/attendance/${punched.id}/corrections`;
    const tooShort = await apis['lead']!.post(url, {
      checkIn: '2026-11-17T04:00:00Z',
      checkOut: '2026-11-17T06:00:00Z',
      reason: 'Left early',
    });
    expect(tooShort.body.error.code).toBe('BREAK_OUTSIDE_ATTENDANCE');
    const corrected = await apis['lead']!.post(url, {
      checkIn: '2026-11-17T04:00:00Z',
      checkOut: '2026-11-17T13:00:00Z',
      reason: 'Forgot to punch out',
    });
    expect(corrected.body).toMatchObject({
      workedMinutes: 510,
      breakMinutes: 30,
      breaks: [{ end: '2026-11-17T07:30:00.000Z' }],
    });
  });

  it('applies the edit window to one’s own corrections, not to a team lead’s', async () => {
    at('2026-11-23T12:00:00Z');
    const punched = await punchDay('2026-11-04', ids['emp']!);
    const body = { checkIn: '2026-11-04T04:00:00Z', checkOut: '2026-11-04T12:00:00Z', reason: 'Left at 17:00' };
    const own = await apis['emp']!.post(`/api/attendance/${punched.id}/corrections`, body);
    expect(own.body.error.code).toBe('EDIT_LIMIT_PASSED');
    const other = await apis['other']!.post(`/api/attendance/${punched.id}/corrections`, body);
    expect(other.status).toBe(403);
    const lead = await apis['lead']!.post(`/api/attendance/${punched.id}/corrections`, body);
    expect(lead.status).toBe(201);
  });
});
