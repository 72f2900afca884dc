/**
 * Display formats of the spec (§9) in the interface's language: dates as DD-MMM-YYYY; exchange stays
 * YYYY-MM-DD. Components that must re-render on a language change read `useFormat()` (i18n/index.ts); the
 * app remounts on a change anyway, so these plain functions read the current language.
 */
import { formatDay as day, formatInstant as instant } from '../../../shared/i18n/format';
import { LEAVE_STATUS_LABELS, type LeaveStatus } from '../../../shared/leave';
import { currentLanguage, i18n } from '../i18n';

export function formatDay(isoDay: string): string {
  return day(isoDay, currentLanguage());
}

export function formatInstant(iso: string): string {
  return instant(iso, currentLanguage());
}

/**
 * A leave status's label in the interface's language, by its stable value (shared/leave.ts); for a status
 * unknown here, the server's English label, else the number.
 */
export function leaveStatusLabel(status: number, fallback?: string): string {
  return status in LEAVE_STATUS_LABELS ? i18n.t(`leave:status.${status as LeaveStatus}`) : (fallback ?? String(status));
}
