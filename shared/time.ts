/**
 * Instants are UTC; working days are calendar days in the tenant's time zone. These helpers convert
 * between the two, correctly across daylight-saving changes. Dates are exchanged as YYYY-MM-DD and
 * shown as DD-MMM-YYYY.
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, format, parseISO } from 'date-fns';
import { zoneOffsetMs } from './zone-offset.js';

/** The instant shifted so that its UTC fields read the zone's wall clock. */
function wallClockMs(instant: Date | string, timeZone: string): number {
  const at = new Date(instant).getTime();
  if (Number.isNaN(at)) throw new RangeError('Invalid time value');
  return at + zoneOffsetMs(timeZone, at);
}

/** The tenant-local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date | string, timeZone: string): string {
  return new Date(wallClockMs(instant, timeZone)).toISOString().slice(0, 10);
}

/** The local time of day (HH:mm, 24-hour) of an instant in the zone. */
export function localTime(instant: Date | string, timeZone: string): string {
  return new Date(wallClockMs(instant, timeZone)).toISOString().slice(11, 16);
}

/** Instants of local wall-clock times already asked, by zone, date and time (a pure function of them). */
const wallClockInstants = new Map<string, number>();

/**
 * The UTC instant (ms) of a local date and time of day in the zone, as the zone database reads it (a time in a
 * spring-forward gap moves forward). Remembered: the punch path asks the same few days thousands of times.
 */
export function localInstantMs(date: string, hour: number, minute: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${hour}:${minute}`;
  let at = wallClockInstants.get(key);
  if (at === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    at = new TZDate(y, m - 1, d, hour, minute, 0, timeZone).getTime();
    if (wallClockInstants.size >= 50_000) wallClockInstants.clear();
    wallClockInstants.set(key, at);
  }
  return at;
}

/** The UTC instant at which a local calendar date starts in the zone (not always 00:00 on DST days). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return new Date(localInstantMs(date, 0, 0, timeZone));
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar date `days` after (before, when negative) a date. A plain YYYY-MM-DD is shifted in UTC arithmetic,
 * which has no daylight-saving days: the punch path asks this tens of thousands of times per batch, and date-fns's
 * parse and format cost more than the rest of its work. Other ISO forms go through date-fns as before.
 */
export function addDays(date: string, days: number): string {
  const parts = CALENDAR_DATE.exec(date);
  if (!parts) return format(addCalendarDays(parseISO(date), days), 'yyyy-MM-dd');
  const [year, month, day] = [Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])];
  const shifted = new Date(0);
  shifted.setUTCFullYear(year, month, day);
  // A date that does not exist (2026-02-30) is refused, as date-fns's parse refuses it, not rolled over.
  if (shifted.getUTCFullYear() !== year || shifted.getUTCMonth() !== month || shifted.getUTCDate() !== day) {
    throw new RangeError('Invalid time value');
  }
  shifted.setUTCDate(day + days);
  return shifted.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function dayOfWeek(date: string): number {
  return parseISO(date).getDay();
}

/** Every date from start to end inclusive. */
export function eachDate(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) dates.push(d);
  return dates;
}

export function displayDate(date: string): string {
  return format(parseISO(date), 'dd-MMM-yyyy');
}

/** Whole minutes between two instants (floored). */
export function minutesBetween(from: Date | string, to: Date | string): number {
  return Math.floor((new Date(to).getTime() - new Date(from).getTime()) / 60_000);
}
