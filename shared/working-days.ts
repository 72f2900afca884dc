/**
 * The one rule for working and absent days (docs/workforce.md "Working and absent days"), used by the month
 * view, the productivity figures, leave details, automatic leave and the length of a leave request.
 *
 * A working day is a date that is not one of the tenant's weekend days and not an active public holiday,
 * and on which the employee was employed: on or after the joining date and, if there is one, on or before
 * the leaving date. A day before joining is neither working nor absent. An absent day is a working day with
 * no attendance and no leave taken.
 */
import { dayOfWeek, eachDate } from './time.js';

export type WorkCalendar = {
  /** 0 = Sunday … 6 = Saturday (setting `weekend_days`). */
  weekendDays: readonly number[];
  /** Dates (YYYY-MM-DD) of the active public holidays. */
  holidays: ReadonlySet<string>;
  /** The employee's joining date; unknown (null) counts every day. */
  joined?: string | null;
  /** The employee's leaving date, if any. */
  left?: string | null;
};

/** Whether the tenant works on a date at all: neither a weekend day nor a holiday. */
export function isTenantWorkingDay(date: string, cal: Pick<WorkCalendar, 'weekendDays' | 'holidays'>): boolean {
  return !cal.weekendDays.includes(dayOfWeek(date)) && !cal.holidays.has(date);
}

/** Whether the employee was employed on a date (joined on or before it, not yet left). */
export function isEmployed(date: string, cal: Pick<WorkCalendar, 'joined' | 'left'>): boolean {
  return (!cal.joined || date >= cal.joined) && (!cal.left || date <= cal.left);
}

/** Whether a date is a working day of the employee. */
export function isWorkingDay(date: string, cal: WorkCalendar): boolean {
  return isEmployed(date, cal) && isTenantWorkingDay(date, cal);
}

/** The working days of a range (both ends included), ascending; empty when start is after end. */
export function workingDaysIn(start: string, end: string, cal: WorkCalendar): string[] {
  if (start > end) return [];
  return eachDate(start, end).filter((d) => isWorkingDay(d, cal));
}

/** The working days with neither an attendance nor leave taken. */
export function absentDaysOf(
  working: readonly string[],
  present: ReadonlySet<string>,
  onLeave: ReadonlySet<string>,
): string[] {
  return working.filter((d) => !present.has(d) && !onLeave.has(d));
}

/**
 * How many of a tenant's working days (ascending, as from workingDaysIn without joining date) the employee
 * was employed on; a binary search, for figures over many employees.
 */
export function countEmployedDays(sortedDays: readonly string[], joined: string | null, left?: string | null): number {
  const firstAtOrAfter = (date: string, after: boolean) => {
    let lo = 0;
    let hi = sortedDays.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const d = sortedDays[mid]!;
      if (d < date || (after && d === date)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = joined ? firstAtOrAfter(joined, false) : 0;
  const to = left ? firstAtOrAfter(left, true) : sortedDays.length;
  return Math.max(0, to - from);
}
