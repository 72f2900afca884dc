/**
 * The date-range filter rule shared by every filtered list (feedback spec §3 and §9): presets 30 days,
 * 90 days, one year and custom; the default is the last 90 days through today; From and To may not be
 * after today and From may not be after To. Dates are YYYY-MM-DD calendar days, computed in UTC so the
 * result never depends on the machine's time zone; "today" is passed in by the caller (the tenant's day).
 */
import { format, parseISO, startOfMonth, startOfQuarter, startOfYear, subDays, subYears } from 'date-fns';
import { validation as V } from './i18n/en/validation.js';

/** The spec's date filter: last 30 days, last 90 days, the last 12 months, or a custom range. */
export const DATE_RANGE_PRESETS = ['30d', '90d', '1y', 'custom'] as const;
/**
 * The productivity dashboard's periods: the spec's, and the calendar periods a manager reports on (this
 * month, this quarter, the year to date), each ending today.
 */
export const DASHBOARD_PERIOD_PRESETS = ['30d', '90d', '1y', 'month', 'quarter', 'ytd', 'custom'] as const;
export type DateRangePreset = (typeof DASHBOARD_PERIOD_PRESETS)[number];
export const DEFAULT_DATE_RANGE_PRESET: DateRangePreset = '90d';

export type DateRange = { from: string; to: string };
export type DateRangeErrors = { from?: string; to?: string };

/** The rule's field messages: the catalogue's English texts (namespace `validation`), translated by key. */
export const DATE_RANGE_MESSAGES = {
  required: V.dateRequired,
  invalid: V.date,
  future: V.dateFuture,
  order: V.dateOrder,
} as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD to a UTC midnight, or null when it is not a real calendar day. */
export function parseIsoDay(value: string): Date | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

export function formatIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar day in a time zone (the tenant's), as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Building a DateTimeFormat costs far more than formatting with it (issue #18): one per zone. en-CA
  // formats as YYYY-MM-DD.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size < 1000) dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The range of a preset ending today: "Last 30 days" is 30 calendar days including today, "Last 12
 * months" starts on the same day one year back (29 February falls back to 28 February), "This month",
 * "This quarter" (January, April, July or October) and "Year to date" start on the first day of today's
 * month, quarter or year. date-fns works on the days as local midnights and reads them back the same way,
 * so the answer never depends on the machine's time zone.
 */
export function presetRange(preset: Exclude<DateRangePreset, 'custom'>, today: string): DateRange {
  if (!parseIsoDay(today)) throw new RangeError(`Not a YYYY-MM-DD day: ${today}`);
  const end = parseISO(today);
  const start = {
    '30d': () => subDays(end, 29),
    '90d': () => subDays(end, 89),
    '1y': () => subYears(end, 1),
    month: () => startOfMonth(end),
    quarter: () => startOfQuarter(end),
    ytd: () => startOfYear(end),
  }[preset]();
  return { from: format(start, 'yyyy-MM-dd'), to: today };
}

export function defaultDateRange(today: string): DateRange {
  return presetRange('90d', today);
}

/** The errors of a range, by field; an empty object means the range is valid. */
export function validateDateRange(range: DateRange, today: string): DateRangeErrors {
  const errors: DateRangeErrors = {};
  const check = (value: string): string | undefined => {
    if (!value) return DATE_RANGE_MESSAGES.required;
    if (!parseIsoDay(value)) return DATE_RANGE_MESSAGES.invalid;
    // ISO days compare correctly as strings.
    if (value > today) return DATE_RANGE_MESSAGES.future;
    return undefined;
  };
  const from = check(range.from);
  const to = check(range.to);
  if (from) errors.from = from;
  if (to) errors.to = to;
  if (!from && !to && range.from > range.to) errors.from = DATE_RANGE_MESSAGES.order;
  return errors;
}

export function isValidDateRange(range: DateRange, today: string): boolean {
  return Object.keys(validateDateRange(range, today)).length === 0;
}
