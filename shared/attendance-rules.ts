/**
 * The attendance and break rules of the workforce spec (§5), as pure functions. The server enforces
 * them on every change; the renderer runs the same functions to show problems before sending.
 */
import type { ErrorCode } from './messages.js';
import { localDate } from './time.js';

export const MIN_ATTENDANCE_MINUTES = 1;
export const MIN_BREAK_MINUTES = 1;

export type RuleIssue = { field: string; code: ErrorCode };

type Instant = Date | string;
const ms = (t: Instant) => new Date(t).getTime();

export function checkAttendance(input: {
  checkIn: Instant;
  checkOut: Instant | null;
  now: Instant;
  timeZone: string;
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (ms(input.checkIn) > ms(input.now)) issues.push({ field: 'checkIn', code: 'ATTENDANCE_IN_FUTURE' });
  if (input.checkOut !== null) {
    if (ms(input.checkOut) > ms(input.now)) issues.push({ field: 'checkOut', code: 'ATTENDANCE_IN_FUTURE' });
    if (ms(input.checkOut) - ms(input.checkIn) < MIN_ATTENDANCE_MINUTES * 60_000) {
      issues.push({ field: 'checkOut', code: 'CHECK_OUT_TOO_SOON' });
    } else if (localDate(input.checkIn, input.timeZone) !== localDate(input.checkOut, input.timeZone)) {
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
  timeZone: string;
}): RuleIssue[] {
  const { breakSpan: b, attendance: a } = input;
  const issues: RuleIssue[] = [];
  const now = ms(input.now);
  if (ms(b.start) > now || (b.end !== null && ms(b.end) > now))
    issues.push({ field: 'start', code: 'BREAK_IN_FUTURE' });
  if (ms(b.start) < ms(a.checkIn) || (a.checkOut !== null && (b.end === null || ms(b.end) > ms(a.checkOut)))) {
    issues.push({ field: 'start', code: 'BREAK_OUTSIDE_ATTENDANCE' });
  }
  const day = localDate(a.checkIn, input.timeZone);
  if (localDate(b.start, input.timeZone) !== day || (b.end !== null && localDate(b.end, input.timeZone) !== day)) {
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
