/**
 * The date-range filter rule shared by every filtered list (feedback spec §3 and §9): presets 30 days,
 * 90 days, one year and custom; the default is the last 90 days through today; From and To may not be
 * after today and From may not be after To. Dates are YYYY-MM-DD calendar days, computed in UTC so the
 * result never depends on the machine's time zone; "today" is passed in by the caller (the tenant's day).
 */
import { validation as V } from './i18n/en/validation.js';

export const DATE_RANGE_PRESETS = ['30d', '90d', '1y', 'custom'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
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

function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

/**
 * The range of a preset ending today. "Last 30 days" is 30 calendar days including today; "last year"
 * starts on the same day one year back (29 February falls back to 28 February).
 */
export function presetRange(preset: Exclude<DateRangePreset, 'custom'>, today: string): DateRange {
  const end = parseIsoDay(today);
  if (!end) throw new RangeError(`Not a YYYY-MM-DD day: ${today}`);
  if (preset === '1y') {
    const y = end.getUTCFullYear() - 1;
    const m = end.getUTCMonth();
    const lastDayOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const start = new Date(Date.UTC(y, m, Math.min(end.getUTCDate(), lastDayOfMonth)));
    return { from: formatIsoDay(start), to: today };
  }
  const days = preset === '30d' ? 30 : 90;
  return { from: formatIsoDay(addDays(end, -(days - 1))), to: today };
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
