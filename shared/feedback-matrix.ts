/**
 * The responsibility matrix (docs/feedback.md "Responsibility matrix"): in each team, every active member
 * is expected to give `responsibilityMatrixIndex` feedback per period (`responsibilityMatrixPeriod`) to the
 * other members of that team. Periods are calendar weeks (Monday to Sunday), months or quarters of the
 * tenant's zone; these pure helpers compute them and the counts, the same on the server and in the page.
 */
import { addDays, dayOfWeek } from './time.js';

export const MATRIX_PERIODS = ['week', 'month', 'quarter'] as const;
export type MatrixPeriod = (typeof MATRIX_PERIODS)[number];

export const SUGGESTION_TYPES = ['GIVE_FEEDBACK', 'ASK_FOR_FEEDBACK'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

/** The spec's "global responsibility matrix index value". */
export const DEFAULT_MATRIX_INDEX = 5;
export const MAX_MATRIX_INDEX = 100;

const pad = (n: number) => String(n).padStart(2, '0');

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The period (first and last calendar day, inclusive) that contains a date. */
export function periodOf(date: string, kind: MatrixPeriod): { start: string; end: string } {
  if (kind === 'week') {
    const start = addDays(date, -((dayOfWeek(date) + 6) % 7));
    return { start, end: addDays(start, 6) };
  }
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = kind === 'month' ? month : Math.floor((month - 1) / 3) * 3 + 1;
  const last = kind === 'month' ? month : first + 2;
  return {
    start: `${year}-${pad(first)}-01`,
    end: `${year}-${pad(last)}-${pad(lastDayOfMonth(year, last))}`,
  };
}

/** A day of the period before (-1) or after (+1) the one that contains `date`: for paging periods. */
export function shiftPeriod(date: string, kind: MatrixPeriod, by: -1 | 1): string {
  const { start, end } = periodOf(date, kind);
  return by < 0 ? addDays(start, -1) : addDays(end, 1);
}

/**
 * What one member is expected to give in a team: the index, when the team has someone else to give to;
 * nothing in a team of one.
 */
export function expectedOf(index: number, memberCount: number): number {
  return memberCount > 1 ? index : 0;
}

export function remainingOf(expected: number, given: number): number {
  return Math.max(0, expected - given);
}

/** Given as a share of expected, 0-100 (100 when nothing is expected). */
export function progressOf(expected: number, given: number): number {
  if (expected <= 0) return 100;
  return Math.min(100, Math.round((given / expected) * 100));
}
