/**
 * Today's card day to day (issue 11): a break ended in its first minute is cancelled, a check-out can be undone
 * by its owner for CHECK_OUT_UNDO_MINUTES minutes (the open day restored exactly), and a team lead who may edit
 * a member's days reads their history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_OUT_UNDO_MINUTES } from '../../shared/attendance-rules.js';
import { startServer, type Api, type TestServer } from './harness.js';
import { organisation } from './organisation.js';

// Monday 23 November 2026 in Karachi (UTC+5).
let clock = new Date('2026-11-23T04:00:00Z');
const at = (iso: string) => (clock = new Date(iso));
const seconds = (n: number) => (clock = new Date(clock.getTime() + n * 1000));
const minutes = (n: number) => seconds(n * 60);

let server: TestServer;
const ids: Record<string, number> = {};
const apis: Record<string, Api> = {};

beforeAll(async () => {
  server = await startServer({}, () => clock);
  const org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: {
      emp: ['Employee'],
      mate: ['Employee'],
      lead: ['Team Lead'],
      outsider: ['Team Lead'],
      other: ['Employee'],
      hr: ['HR'],
      quick: ['Employee'],
    },
    teams: { Core: ['emp', 'mate', 'lead'], Far: ['outsider', 'other'] },
  });
  for (const [key, person] of Object.entries(org.people)) {
    ids[key] = person.id;
    apis[key] = person.api;
  }
});
afterAll(() => server.close());

type Today = {
  state: string;
  checkOutUndoUntil: string | null;
  breakCancelled?: boolean;
  attendance: {
    id: number;
    checkIn: string;
    checkOut: string | null;
    workedMinutes: number;
    breakMinutes: number;
    breaks: { id: number; start: string; end: string | null }[];
  } | null;
};

describe('a break in its first minute', () => {
  it('is cancelled, not refused: the day goes on with no break recorded', async () => {
    const emp = apis['emp']!;
    at('2026-11-23T04:00:00Z');
    await emp.post('/api/attendance/check-in');
    minutes(60);
    expect((await emp.post('/api/attendance/break/start')).body.state).toBe('on-break');
    seconds(40);
    const ended = await emp.post<Today>('/api/attendance/break/end');
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ state: 'checked-in', breakCancelled: true, attendance: { breakMinutes: 0 } });
    expect(ended.body.attendance!.breaks).toEqual([]);
    // The history says what happened: the break was created, then deleted.
    const trail = (await apis['hr']!.get(`/api/attendance/${ended.body.attendance!.id}/audit`)).body.items;
    expect(trail.map((e: { action: string; subject: string }) => `${e.action} ${e.subject}`)).toEqual([
      'create attendance',
      'create break',
      'delete break',
    ]);

    // A break of a minute or more ends as before.
    minutes(10);
    await emp.post('/api/attendance/break/start');
    minutes(1);
    const real = await emp.post<Today>('/api/attendance/break/end');
    expect(real.body).toMatchObject({ state: 'checked-in', breakCancelled: false, attendance: { breakMinutes: 1 } });
    expect(real.body.attendance!.breaks).toHaveLength(1);
  });

  it('is cancelled by a check-out made during it', async () => {
    const mate = apis['mate']!;
    at('2026-11-23T04:00:00Z');
    await mate.post('/api/attendance/check-in');
    minutes(120);
    await mate.post('/api/attendance/break/start');
    seconds(20);
    const out = await mate.post<Today>('/api/attendance/check-out');
    expect(out.body).toMatchObject({ state: 'checked-out', breakCancelled: true, attendance: { breakMinutes: 0 } });
    expect(out.body.attendance!.breaks).toEqual([]);
  });
});

describe('undoing a check-out', () => {
  it('restores the open day exactly, the running break included, within the window only', async () => {
    const lead = apis['lead']!;
    at('2026-11-23T04:00:00Z');
    await lead.post('/api/attendance/check-in');
    minutes(90);
    const lunch = await lead.post<Today>('/api/attendance/break/start');
    const open = lunch.body.attendance!;
    minutes(20);
    const out = await lead.post<Today>('/api/attendance/check-out');
    expect(out.body).toMatchObject({ state: 'checked-out', breakCancelled: false });
    expect(out.body.checkOutUndoUntil).toBe(new Date(clock.getTime() + CHECK_OUT_UNDO_MINUTES * 60_000).toISOString());
    expect(out.body.attendance!.breaks[0]!.end).toBe(out.body.attendance!.checkOut);

    // Another person's undo acts on their own day, never on this one.
    const otherUndo = await apis['emp']!.post('/api/attendance/check-out/undo');
    expect(otherUndo.status).toBe(409);
    expect(otherUndo.body.error.code).toBe('CHECK_OUT_UNDO_UNAVAILABLE');
    expect((await lead.get<Today>('/api/attendance/today')).body.state).toBe('checked-out');

    minutes(2);
    const undone = await lead.post<Today>('/api/attendance/check-out/undo');
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ state: 'on-break', checkOutUndoUntil: null });
    expect(undone.body.attendance).toMatchObject({ checkIn: open.checkIn, checkOut: null });
    expect(undone.body.attendance!.breaks).toEqual([
      { id: open.breaks[0]!.id, start: open.breaks[0]!.start, end: null },
    ]);
    // The day is the open one again: its break runs on, worked time counts up to now.
    expect(undone.body.attendance!.workedMinutes).toBe(90);
    // Nothing left to undo: a replay is refused and changes nothing.
    const replay = await lead.post('/api/attendance/check-out/undo');
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('CHECK_OUT_UNDO_UNAVAILABLE');

    // The break ends, the day ends again; past the window the undo is refused.
    minutes(10);
    expect((await lead.post<Today>('/api/attendance/break/end')).body.attendance!.breakMinutes).toBe(32);
    minutes(60);
    const again = await lead.post<Today>('/api/attendance/check-out');
    expect(again.body.attendance).toMatchObject({ workedMinutes: 150, breakMinutes: 32 });
    minutes(CHECK_OUT_UNDO_MINUTES);
    seconds(1);
    expect((await lead.get<Today>('/api/attendance/today')).body.checkOutUndoUntil).toBeNull();
    const late = await lead.post('/api/attendance/check-out/undo');
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('CHECK_OUT_UNDO_EXPIRED');
    expect(late.body.error.message).toBe('A check-out can only be undone within 5 minutes; edit the day instead.');
    expect((await lead.get<Today>('/api/attendance/today')).body.attendance!.checkOut).toBe(
      again.body.attendance!.checkOut,
    );
  });

  it('brings back a break the check-out cancelled', async () => {
    const other = apis['other']!;
    at('2026-11-23T04:00:00Z');
    await other.post('/api/attendance/check-in');
    minutes(30);
    const started = (await other.post<Today>('/api/attendance/break/start')).body.attendance!.breaks[0]!;
    seconds(30);
    expect((await other.post<Today>('/api/attendance/check-out')).body.breakCancelled).toBe(true);
    const undone = await other.post<Today>('/api/attendance/check-out/undo');
    expect(undone.body.state).toBe('on-break');
    expect(undone.body.attendance!.breaks).toMatchObject([{ start: started.start, end: null }]);
  });

  it('restores the one break of the check-out it undoes, even when everything happened in the same instant', async () => {
    // Check-out, undo and check-out again in one millisecond: the audit holds two cancellations of the break at
    // that instant, and only the last check-out's is undone.
    const quick = apis['quick']!;
    at('2026-11-23T04:00:00Z');
    await quick.post('/api/attendance/check-in');
    minutes(30);
    await quick.post('/api/attendance/break/start');
    seconds(30);
    expect((await quick.post<Today>('/api/attendance/check-out')).body.breakCancelled).toBe(true);
    expect((await quick.post<Today>('/api/attendance/check-out/undo')).body.state).toBe('on-break');
    expect((await quick.post<Today>('/api/attendance/check-out')).body.breakCancelled).toBe(true);
    const undone = await quick.post<Today>('/api/attendance/check-out/undo');
    expect(undone.body.state).toBe('on-break');
    expect(undone.body.attendance!.breaks).toHaveLength(1);
  });

  it('is refused once the day was changed after the check-out', async () => {
    const hr = apis['hr']!;
    at('2026-11-23T04:00:00Z');
    await hr.post('/api/attendance/check-in');
    minutes(60);
    const out = await hr.post<Today>('/api/attendance/check-out');
    const id = out.body.attendance!.id;
    // An editor adds a break to the closed day: the day is no longer as the check-out left it.
    minutes(1);
    expect(
      (
        await apis['outsider']!.post(`/api/attendance/${id}/breaks`, {
          start: '2026-11-23T04:10:00Z',
          end: '2026-11-23T04:20:00Z',
        })
      ).status,
    ).toBe(403);
    const hrSelf = await hr.post(`/api/attendance/${id}/breaks`, {
      start: '2026-11-23T04:10:00Z',
      end: '2026-11-23T04:20:00Z',
    });
    expect(hrSelf.status).toBe(201);
    expect((await hr.get<Today>('/api/attendance/today')).body.checkOutUndoUntil).toBeNull();
    const refused = await hr.post('/api/attendance/check-out/undo');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CHECK_OUT_UNDO_CHANGED');
    expect((await hr.get<Today>('/api/attendance/today')).body.state).toBe('checked-out');
  });
});

describe('the change history of a day', () => {
  it('is read by a lead who may edit the member’s days, not by other leads or the employee', async () => {
    const day = (await apis['emp']!.get<Today>('/api/attendance/today')).body.attendance!;
    const lead = await apis['lead']!.get(`/api/attendance/${day.id}/audit`);
    expect(lead.status).toBe(200);
    expect(lead.body.items[0]).toMatchObject({ action: 'create', subject: 'attendance', actor: { id: ids['emp'] } });
    const outsider = await apis['outsider']!.get(`/api/attendance/${day.id}/audit`);
    expect(outsider.status).toBe(403);
    expect((await apis['emp']!.get(`/api/attendance/${day.id}/audit`)).status).toBe(403);
    expect((await apis['hr']!.get(`/api/attendance/${day.id}/audit`)).status).toBe(200);
  });

  it('of a lead’s own day is not theirs to read: their team permission reaches their members’ days only', async () => {
    // The lead's own days are edited at the own level (edit-attendance, within its limit), as the Day panel
    // offers no History there; the history needs company reach.
    const own = (await apis['lead']!.get<Today>('/api/attendance/today')).body.attendance!;
    const refused = await apis['lead']!.get(`/api/attendance/${own.id}/audit`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('view-all-attendance');
    expect((await apis['hr']!.get(`/api/attendance/${own.id}/audit`)).status).toBe(200);
  });
});
