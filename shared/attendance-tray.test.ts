import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attendance, TodayResponse } from './contracts/attendance.js';
import {
  createTraySync,
  reminderDue,
  trayAttendance,
  TRAY_REFRESH_MS,
  TRAY_TICK_MS,
  type TrayAttendanceCommand,
  type TraySyncDeps,
} from './attendance-tray.js';
import { translator } from './i18n/index.js';
import type { TrayState } from './platform.js';

const attendance = (over: Partial<Attendance> = {}): Attendance => ({
  id: 1,
  employeeId: 7,
  date: '2026-03-02',
  checkIn: '2026-03-02T04:00:00.000Z',
  checkOut: null,
  source: 'desktop',
  isWfo: false,
  breaks: [],
  workedMinutes: 0,
  breakMinutes: 0,
  missingCheckOut: false,
  updatedAt: '2026-03-02T04:00:00.000Z',
  updatedBy: null,
  correction: null,
  ...over,
});
const today = (over: Partial<TodayResponse> = {}): TodayResponse => ({
  date: '2026-03-02',
  timeZone: 'Asia/Karachi',
  state: 'not-checked-in',
  attendance: null,
  workingHoursPerDay: 8,
  checkOutUndoUntil: null,
  ...over,
});
const checkedIn = today({ state: 'checked-in', attendance: attendance() });

describe('trayAttendance', () => {
  it('runs the worked time on from check-in, without breaks', () => {
    const now = new Date('2026-03-02T06:30:00Z');
    expect(trayAttendance(today(), now)).toEqual({ state: 'not-checked-in', workedMinutes: 0 });
    expect(trayAttendance(checkedIn, now)).toEqual({ state: 'checked-in', workedMinutes: 150 });
    const onBreak = today({
      state: 'on-break',
      attendance: attendance({
        breaks: [
          { id: 1, start: '2026-03-02T05:00:00.000Z', end: '2026-03-02T05:20:00.000Z' },
          { id: 2, start: '2026-03-02T06:00:00.000Z', end: null },
        ],
      }),
    });
    expect(trayAttendance(onBreak, now)).toEqual({ state: 'on-break', workedMinutes: 150 - 20 - 30 });
  });
});

describe('reminderDue', () => {
  const after = (minutes: number) => new Date(Date.parse('2026-03-02T04:00:00Z') + minutes * 60_000);
  it('reminds once the day’s hours are worked without a check-out, once per day', () => {
    expect(reminderDue(checkedIn, after(479), null)).toBe(false);
    expect(reminderDue(checkedIn, after(480), null)).toBe(true);
    expect(reminderDue(checkedIn, after(600), '2026-03-02')).toBe(false);
    expect(reminderDue(checkedIn, after(600), '2026-03-01')).toBe(true);
  });
  it('never reminds someone checked out, not checked in, or in a tenant without working hours', () => {
    const done = today({ state: 'checked-out', attendance: attendance({ checkOut: '2026-03-02T14:00:00.000Z' }) });
    expect(reminderDue(done, after(700), null)).toBe(false);
    expect(reminderDue(today(), after(700), null)).toBe(false);
    expect(reminderDue({ ...checkedIn, workingHoursPerDay: 0 }, after(700), null)).toBe(false);
  });
});

describe('createTraySync', () => {
  let clock: Date;
  let server: TodayResponse;
  let shown: TrayState['attendance'][];
  let notified: { title: string; body: string }[];
  let reminded: string | null;
  let failNext: string | null;
  let calls: TrayAttendanceCommand[];

  const deps = (): TraySyncDeps => ({
    translate: () => translator('en'),
    fetchToday: async () => server,
    act: async (command) => {
      calls.push(command);
      if (failNext) {
        const message = failNext;
        failNext = null;
        throw new Error(message);
      }
      if (command === 'check-in')
        server = today({ state: 'checked-in', attendance: attendance({ checkIn: clock.toISOString() }) });
      if (command === 'check-out')
        server = today({ state: 'checked-out', attendance: attendance({ checkOut: clock.toISOString() }) });
      return server;
    },
    show: (a) => shown.push(a),
    notify: async (n) => void notified.push(n),
    describeError: (e) => (e instanceof Error ? e.message : 'Something went wrong. Please try again later.'),
    now: () => clock,
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    store: { get: () => reminded, set: (d) => void (reminded = d) },
  });

  beforeEach(() => {
    vi.useFakeTimers();
    clock = new Date('2026-03-02T04:00:00Z');
    vi.setSystemTime(clock);
    server = today();
    shown = [];
    notified = [];
    reminded = null;
    failNext = null;
    calls = [];
  });
  afterEach(() => vi.useRealTimers());

  const advance = async (ms: number) => {
    clock = new Date(clock.getTime() + ms);
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('shows today, carries out a tray check-in and keeps the timer running each minute', async () => {
    const sync = createTraySync(deps());
    await sync.start();
    expect(shown.at(-1)).toEqual({ state: 'not-checked-in', workedMinutes: 0 });
    await sync.run('check-in');
    expect(calls).toEqual(['check-in']);
    expect(shown.at(-1)).toEqual({ state: 'checked-in', workedMinutes: 0 });
    await advance(3 * TRAY_TICK_MS);
    expect(shown.at(-1)).toEqual({ state: 'checked-in', workedMinutes: 3 });
    sync.stop();
    const count = shown.length;
    await advance(10 * TRAY_TICK_MS);
    expect(shown).toHaveLength(count);
  });

  it('shows the server’s error text as a notification and re-reads today', async () => {
    const sync = createTraySync(deps());
    await sync.start();
    failNext = 'Only one attendance per day is allowed.';
    await sync.run('check-in');
    expect(notified).toEqual([{ title: 'Check-in failed', body: 'Only one attendance per day is allowed.' }]);
    expect(shown.at(-1)).toEqual({ state: 'not-checked-in', workedMinutes: 0 });
    sync.stop();
  });

  it('reminds once when the working hours pass without a check-out, and not again that day', async () => {
    const sync = createTraySync(deps());
    await sync.start();
    await sync.run('check-in');
    await advance(8 * 60 * 60_000 - TRAY_TICK_MS);
    expect(notified).toEqual([]);
    await advance(TRAY_TICK_MS);
    expect(notified).toEqual([
      { title: 'Time to check out?', body: 'You have worked 8 hours today and are still checked in.' },
    ]);
    expect(reminded).toBe('2026-03-02');
    await advance(2 * 60 * 60_000);
    // A window reload starts a fresh sync; the stored day keeps it quiet.
    const again = createTraySync(deps());
    await again.start();
    await advance(TRAY_REFRESH_MS);
    expect(notified).toHaveLength(1);
    sync.stop();
    again.stop();
  });

  it('refreshes from the server periodically and reports each answer', async () => {
    const changes: string[] = [];
    const sync = createTraySync({ ...deps(), onChange: (t) => changes.push(t.state) });
    await sync.start();
    server = today({ state: 'checked-in', attendance: attendance() });
    await advance(TRAY_REFRESH_MS);
    expect(changes).toEqual(['not-checked-in', 'checked-in']);
    expect(shown.at(-1)?.state).toBe('checked-in');
    sync.stop();
  });

  it('writes its notifications in the interface’s language when one is given', async () => {
    const sync = createTraySync({ ...deps(), translate: () => translator('fr') });
    await sync.start();
    failNext = 'Une seule présence par jour est autorisée.';
    await sync.run('check-in');
    expect(notified).toEqual([
      { title: 'Échec du pointage de l’arrivée', body: 'Une seule présence par jour est autorisée.' },
    ]);
    notified.length = 0;
    await sync.run('check-in');
    await advance(8 * 60 * 60_000);
    expect(notified).toEqual([
      {
        title: 'Il est temps de pointer votre départ ?',
        body: 'Vous avez travaillé 8 heures aujourd’hui et votre départ n’est pas encore pointé.',
      },
    ]);
    sync.stop();
  });
});
