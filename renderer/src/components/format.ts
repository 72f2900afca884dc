/**
 * Display formats of the spec (§9) in the interface's language: dates as DD-MMM-YYYY; exchange stays
 * YYYY-MM-DD. Components that must re-render on a language change read `useFormat()` (i18n/index.ts); the
 * app remounts on a change anyway, so these plain functions read the current language.
 */
import { formatDay as day, formatInstant as instant } from '../../../shared/i18n/format';
import { currentLanguage } from '../i18n';

export function formatDay(isoDay: string): string {
  return day(isoDay, currentLanguage());
}

export function formatInstant(iso: string): string {
  return instant(iso, currentLanguage());
}
