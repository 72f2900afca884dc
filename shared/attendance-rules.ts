/**
 * The attendance and break rules of the workforce spec (§5), as pure functions. The server enforces
 * them on every change; the renderer runs the same functions to show problems before sending.
 */
import type { ErrorCode } from './messages.js';
import { addDays, localDate, localInstantMs, startOfLocalDay } from './time.js';

export const MIN_ATTENDANCE_MINUTES = 1;
export const MIN_BREAK_MINUTES = 1;
/**
 * How long after checking out on today's card (web, desktop) the check-out may be undone, restoring the open
 * day exactly (docs/workforce.md "Undoing a check-out"); the server enforces it.
 */
export const CHECK_OUT_UNDO_MINUTES = 5;

/**
 * Whether a running break started at `start` is still in its first minute at `now`: ending it then cancels it
 * (a break shorter than MIN_BREAK_MINUTES is never stored).
 */
export function isBreakInFirstMinute(start: Instant, now: Instant): boolean {
  return ms(now) - ms(start) < MIN_BREAK_MINUTES * 60_000;
}

export type RuleIssue = { field: string; code: ErrorCode };

type Instant = Date | string;
const ms = (t: Instant) => new Date(t).getTime();

/** Setting `shift_latest_checkout` when a tenant has none: a shift started in the evening may end by 06:00. */
export const DEFAULT_LATEST_CHECKOUT = '06:00';

/**
 * How days are cut (docs/workforce.md "Night shifts"): the tenant's zone, and the latest check-out of a shift
 * (HH:mm on the morning after its day; 00:00: every shift ends by midnight).
 */
export type ShiftRule = { timeZone: string; latestCheckOut: string };

/** The rule of a tenant's settings. */
export function shiftRuleOf(settings: { tenant_timezone: string; shift_latest_checkout: string }): ShiftRule {
  return { timeZone: settings.tenant_timezone, latestCheckOut: settings.shift_latest_checkout };
}

/**
 * The latest instant a shift of `date` (its check-in's tenant-local day) may end: the next day at the latest
 * check-out, in local time (so across daylight saving too).
 */
export function shiftEnd(date: string, rule: ShiftRule): Date {
  const [hh, mm] = rule.latestCheckOut.split(':').map(Number) as [number, number];
  return new Date(localInstantMs(addDays(date, 1), hh, mm, rule.timeZone));
}

/**
 * Whether an attendance lacks its check-out for good: it is still open and its shift's latest check-out has
 * passed (an earlier day's). It then counts no worked time anywhere, and is flagged to its owner and lead.
 */
export function isMissingCheckOut(
  attendance: { date: string; checkOut: Instant | null },
  now: Instant,
  rule: ShiftRule,
): boolean {
  return attendance.checkOut === null && ms(now) > shiftEnd(attendance.date, rule).getTime();
}

/**
 * The days whose open attendance still runs at `now` (and counts up to now): today, and yesterday until its
 * shift's latest check-out has passed.
 */
export function runningDays(now: Instant, rule: ShiftRule): string[] {
  const today = localDate(now, rule.timeZone);
  const yesterday = addDays(today, -1);
  return ms(now) <= shiftEnd(yesterday, rule).getTime() ? [yesterday, today] : [today];
}

/**
 * A check-out is on its check-in's day, or the next morning up to the latest check-out of a shift (a night
 * shift belongs to the day it started).
 */
export function checkAttendance(input: {
  checkIn: Instant;
  checkOut: Instant | null;
  now: Instant;
  rule: ShiftRule;
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (ms(input.checkIn) > ms(input.now)) issues.push({ field: 'checkIn', code: 'ATTENDANCE_IN_FUTURE' });
  if (input.checkOut !== null) {
    if (ms(input.checkOut) > ms(input.now)) issues.push({ field: 'checkOut', code: 'ATTENDANCE_IN_FUTURE' });
    if (ms(input.checkOut) - ms(input.checkIn) < MIN_ATTENDANCE_MINUTES * 60_000) {
      issues.push({ field: 'checkOut', code: 'CHECK_OUT_TOO_SOON' });
    } else if (ms(input.checkOut) > shiftEnd(localDate(input.checkIn, input.rule.timeZone), input.rule).getTime()) {
      issues.push({ field: 'checkOut', code: 'ATTENDANCE_NOT_SAME_DAY' });
    }
  }
  return issues;
}

/**
 * Work from office comes from evidence (a device punch, a check-in from an office network) or from an editor
 * with team or company reach over the employee. A caller editing their own days (edit-attendance, or a team
 * permission over themselves) cannot change the flag; sending it back unchanged is no change.
 */
export function checkWfoChange(input: {
  requested: boolean | undefined;
  current: boolean;
  /** The caller edits with team or company reach over the employee. */
  certifies: boolean;
}): RuleIssue[] {
  if (input.requested === undefined || input.requested === input.current || input.certifies) return [];
  return [{ field: 'isWfo', code: 'WFO_NEEDS_EVIDENCE' }];
}

export type BreakSpan = { id?: number; start: Instant; end: Instant | null };

export function checkBreak(input: {
  breakSpan: BreakSpan;
  attendance: { checkIn: Instant; checkOut: Instant | null };
  otherBreaks: BreakSpan[];
  now: Instant;
  rule: ShiftRule;
}): RuleIssue[] {
  const { breakSpan: b, attendance: a } = input;
  const issues: RuleIssue[] = [];
  const now = ms(input.now);
  if (ms(b.start) > now || (b.end !== null && ms(b.end) > now))
    issues.push({ field: 'start', code: 'BREAK_IN_FUTURE' });
  if (ms(b.start) < ms(a.checkIn) || (a.checkOut !== null && (b.end === null || ms(b.end) > ms(a.checkOut)))) {
    issues.push({ field: 'start', code: 'BREAK_OUTSIDE_ATTENDANCE' });
  }
  // Within the attendance's shift: from its day's start to the shift's latest check-out.
  const day = localDate(a.checkIn, input.rule.timeZone);
  const [from, to] = [startOfLocalDay(day, input.rule.timeZone).getTime(), shiftEnd(day, input.rule).getTime()];
  const outside = (t: Instant) => ms(t) < from || ms(t) > to;
  if (outside(b.start) || (b.end !== null && outside(b.end))) {
    issues.push({ field: 'start', code: 'BREAK_NOT_SAME_DAY' });
  }
  if (b.end !== null && ms(b.end) - ms(b.start) < MIN_BREAK_MINUTES * 60_000)
    issues.push({ field: 'end', code: 'BREAK_TOO_SHORT' });
  const end = b.end === null ? Number.POSITIVE_INFINITY : ms(b.end);
  for (const other of input.otherBreaks) {
    if (other.id !== undefined && other.id === b.id) continue;
    const otherEnd = other.end === null ? Number.POSITIVE_INFINITY : ms(other.end);
    if (ms(b.start) < otherEnd && ms(other.start) < end) {
      issues.push({ field: 'start', code: 'BREAK_OVERLAP' });
      break;
    }
  }
  return issues;
}

/** Minutes worked: check-in to check-out (or now while checked in) minus finished and running breaks. */
export function workedMinutes(
  attendance: { checkIn: Instant; checkOut: Instant | null },
  breaks: BreakSpan[],
  now: Instant,
): { worked: number; onBreak: number } {
  const end = attendance.checkOut === null ? ms(now) : ms(attendance.checkOut);
  const total = Math.max(0, end - ms(attendance.checkIn));
  const onBreak = breaks.reduce(
    (sum, b) => sum + Math.max(0, Math.min(b.end === null ? end : ms(b.end), end) - ms(b.start)),
    0,
  );
  return { worked: Math.floor(Math.max(0, total - onBreak) / 60_000), onBreak: Math.floor(onBreak / 60_000) };
}

/**
 * What an attendance row stores beside its times (attendances.worked_minutes and break_minutes), so sums
 * over many rows need no break arithmetic: for a closed attendance exactly what workedMinutes counts; for
 * one still open no worked time (it grows until the check-out and is computed live) and the finished
 * breaks' total so far.
 */
export function storedMinutes(
  attendance: { checkIn: Instant; checkOut: Instant | null },
  breaks: BreakSpan[],
): { workedMinutes: number | null; breakMinutes: number } {
  if (attendance.checkOut !== null) {
    const time = workedMinutes(attendance, breaks, attendance.checkOut);
    return { workedMinutes: time.worked, breakMinutes: time.onBreak };
  }
  const closed = breaks.reduce((sum, b) => (b.end === null ? sum : sum + Math.max(0, ms(b.end) - ms(b.start))), 0);
  return { workedMinutes: null, breakMinutes: Math.floor(closed / 60_000) };
}
