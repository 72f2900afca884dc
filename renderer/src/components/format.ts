/** Display formats of the spec (§9): dates as DD-MMM-YYYY; exchange stays YYYY-MM-DD. */
import { format } from 'date-fns';
import { parseIsoDay } from '../../../shared/date-range';

export function formatDay(isoDay: string): string {
  const day = parseIsoDay(isoDay.slice(0, 10));
  if (!day) return isoDay;
  // parseIsoDay gives UTC midnight; format the same calendar day in local time.
  return format(new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()), 'dd-MMM-yyyy');
}

export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'dd-MMM-yyyy HH:mm');
}
