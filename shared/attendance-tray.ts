/**
 * The desktop tray's attendance: what the tray shows of today, carrying out its commands, and the
 * once-a-day reminder when a working day has passed the tenant's hours without a check-out. Plain logic
 * with its collaborators passed in (the API calls, the platform, a clock, timers, a small store), so it is
 * tested under Node with a fake clock; the renderer only wires it up (renderer/src/attendance/).
 */
import { workedMinutes } from './attendance-rules.js';
import type { TodayResponse } from './contracts/attendance.js';
import type { TFunction } from 'i18next';
import type { TrayCommand, TrayState } from './platform.js';

export type TrayAttendanceCommand = Extract<TrayCommand, 'check-in' | 'check-out' | 'start-break' | 'end-break'>;
export const TRAY_ATTENDANCE_COMMANDS: readonly TrayAttendanceCommand[] = [
  'check-in',
  'check-out',
  'start-break',
  'end-break',
];

/** The catalogue key (namespace `attendance`) of a failed command's notification title. */
const FAILED_TITLES = {
  'check-in': 'tray.failed.checkIn',
  'check-out': 'tray.failed.checkOut',
  'start-break': 'tray.failed.startBreak',
  'end-break': 'tray.failed.endBreak',
} as const satisfies Record<TrayAttendanceCommand, string>;

/** The tray refreshes its running timer this often, and asks the server for today this often. */
export const TRAY_TICK_MS = 60_000;
export const TRAY_REFRESH_MS = 5 * 60_000;

type Today = Pick<TodayResponse, 'date' | 'state' | 'attendance' | 'workingHoursPerDay'>;

/** Today as the tray shows it, with the worked minutes running on from the server's answer. */
export function trayAttendance(today: Today, now: Date): NonNullable<TrayState['attendance']> {
  const a = today.attendance;
  const worked = a ? workedMinutes({ checkIn: a.checkIn, checkOut: a.checkOut }, a.breaks, now).worked : 0;
  return { state: today.state, workedMinutes: Math.min(worked, 2 * 24 * 60) };
}

/**
 * Whether to remind now: still checked in (or on a break) with the day's working hours worked, and not
 * yet reminded on this day. A tenant with 0 working hours per day gets no reminder.
 */
export function reminderDue(today: Today, now: Date, remindedOn: string | null): boolean {
  if (today.state !== 'checked-in' && today.state !== 'on-break') return false;
  if (!(today.workingHoursPerDay > 0) || remindedOn === today.date) return false;
  return trayAttendance(today, now).workedMinutes >= today.workingHoursPerDay * 60;
}

/** The reminder's notification, in the translator's language. */
export function reminderText(today: Today, t: TFunction): { title: string; body: string } {
  return {
    title: t('tray.reminderTitle', { ns: 'attendance' }),
    body: t('tray.reminderBody', { ns: 'attendance', count: today.workingHoursPerDay }),
  };
}

export type TraySyncDeps = {
  fetchToday: () => Promise<Today>;
  act: (command: TrayAttendanceCommand) => Promise<Today>;
  /** Receives the attendance part of the tray state (null while unknown). */
  show: (attendance: TrayState['attendance']) => void;
  notify: (notification: { title: string; body: string }) => Promise<void>;
  /** The spec's text for a failed call. */
  describeError: (error: unknown) => string;
  /** Called with each fresh answer, so other views (the today card, the month) refresh too. */
  onChange?: (today: Today) => void;
  now: () => Date;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  /**
   * The interface's translator (its language now), for the notifications' texts: the renderer's, which has the
   * `attendance` namespace loaded by then (docs/i18n.md); `translator(language)` under Node.
   */
  translate: () => TFunction;
  /** Remembers the day of the last reminder across reloads of the window. */
  store: { get: () => string | null; set: (date: string) => void };
};

export type TraySync = {
  /** Asks the server for today and starts the timers. */
  start: () => Promise<void>;
  stop: () => void;
  /** Re-reads today (after the user acted elsewhere in the app). */
  refresh: () => Promise<void>;
  /** Replaces today with an answer already in hand (the today card's actions answer with today). */
  accept: (today: Today) => void;
  run: (command: TrayAttendanceCommand) => Promise<void>;
};

export function createTraySync(deps: TraySyncDeps): TraySync {
  let today: Today | null = null;
  let timers: unknown[] = [];
  let busy = false;

  const render = () => {
    if (!today) return;
    const now = deps.now();
    deps.show(trayAttendance(today, now));
    if (reminderDue(today, now, deps.store.get())) {
      deps.store.set(today.date);
      void deps.notify(reminderText(today, deps.translate())).catch(() => undefined);
    }
  };

  const accept = (next: Today) => {
    today = next;
    render();
  };

  const refresh = async () => {
    try {
      const next = await deps.fetchToday();
      accept(next);
      deps.onChange?.(next);
    } catch {
      // A failed load is logged by the client and the tray keeps what it showed (spec §8).
    }
  };

  return {
    async start() {
      this.stop();
      await refresh();
      timers = [deps.setInterval(render, TRAY_TICK_MS), deps.setInterval(() => void refresh(), TRAY_REFRESH_MS)];
    },
    stop() {
      for (const t of timers) deps.clearInterval(t);
      timers = [];
    },
    refresh,
    accept,
    async run(command) {
      // A second click while the first is on its way would only earn an error from the server.
      if (busy) return;
      busy = true;
      try {
        const next = await deps.act(command);
        accept(next);
        deps.onChange?.(next);
      } catch (error) {
        const t = deps.translate();
        await deps
          .notify({ title: t(FAILED_TITLES[command], { ns: 'attendance' }), body: deps.describeError(error) })
          .catch(() => undefined);
        await refresh();
      } finally {
        busy = false;
      }
    },
  };
}
