/**
 * The feedback Overview's rules (issue #12, docs/feedback.md "Overview"): the periods it compares, the
 * weeks and months it counts in, and how a trend and its percentage change are read. Isomorphic and
 * pure: the server computes the figures in SQL over the visible rows, these decide the periods and the
 * words around them, the renderer shows them.
 */
import { validation as V } from './i18n/en/validation.js';
import { addDays, dayOfWeek } from './time.js';

/** The overview's default range: the last 90 tenant-local days through today (the list's default). */
export const OVERVIEW_DEFAULT_DAYS = 90;
/** The longest range an overview reads: two years (the demo's history), about 105 weeks. */
export const OVERVIEW_MAX_DAYS = 731;
/** The trend chart's months: the current month and the five before it. */
export const TREND_MONTHS = 6;
/** How many recent feedback an attribute's drill-down names. */
export const RECENT_FEEDBACK_LIMIT = 5;

/**
 * The fields naming whose overview (or list) it is, in the order a conflict is read: at most one may be
 * given, and a second one is the field a 400 names (`team=true` with `employeeId` names `team`).
 */
export const SUBJECT_FIELDS = ['employeeId', 'teamId', 'functionId', 'team'] as const;
export type SubjectField = (typeof SUBJECT_FIELDS)[number];

/**
 * The at-most-one rule of whose overview: the field to name (the second one given) and its message, or
 * null. `team=false` is no choice.
 */
export function subjectConflict(
  query: Partial<Record<SubjectField, unknown>>,
): { field: SubjectField; message: string } | null {
  const given = SUBJECT_FIELDS.filter((f) => query[f] !== undefined && query[f] !== false);
  return given[1] ? { field: given[1], message: V.overviewOneSubject } : null;
}

export const RATING_TRENDS = ['up', 'down', 'no_change'] as const;
export type RatingTrend = (typeof RATING_TRENDS)[number];

/**
 * Averages are given to two decimals, the percentage change to one; halves round away from zero, on the
 * decimal value (18.75 is 18.8 although (3.8 - 3.2) / 3.2 x 100 is 18.7499… in binary).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  return (Math.sign(value) * Math.round(scaled)) / factor || 0;
}

/** An average from a sum and a count of rated values (0s never reach them), two decimals; null for none. */
export function averageOf(sum: number, count: number): number | null {
  return count > 0 ? roundTo(sum / count, 2) : null;
}

/** Number of calendar days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period of equal length just before a range: it ends the day before `from`. */
export function previousPeriod(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysIn(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * The trend of the overall rating against the previous equal period: up or down when the two-decimal
 * averages differ, no_change when they are equal or either period has no rating. The percentage change is
 * (current - previous) / previous x 100 to one decimal, null without both averages.
 */
export function ratingTrend(
  current: number | null,
  previous: number | null,
): { trend: RatingTrend; percentageChange: number | null } {
  if (current === null || previous === null) return { trend: 'no_change', percentageChange: null };
  const change = roundTo(((current - previous) / previous) * 100, 1);
  if (current > previous) return { trend: 'up', percentageChange: change };
  if (current < previous) return { trend: 'down', percentageChange: change };
  return { trend: 'no_change', percentageChange: 0 };
}

/** The Monday starting the week of a calendar date (weeks run Monday to Sunday). */
export function weekStart(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The weeks a range touches, by their Monday, oldest first. */
export function weeksOf(range: { from: string; to: string }): string[] {
  const weeks: string[] = [];
  for (let w = weekStart(range.from); w <= range.to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

/** The first day of each of the `count` months ending with the month of `today`, oldest first. */
export function monthStarts(today: string, count: number = TREND_MONTHS): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    months.push(d.toISOString().slice(0, 10));
  }
  return months;
}
