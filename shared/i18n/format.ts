/**
 * Dates, numbers, durations and relative times in a language (docs/i18n.md). Dates follow the spec's
 * DD-MMM-YYYY with the language's month names; exchange formats stay YYYY-MM-DD and ISO instants.
 */
import { TZDate } from '@date-fns/tz';
import { format, type Locale } from 'date-fns';
import type { Language } from './languages.js';
// Only the `common` texts the formats need, not the whole catalogue (the renderer loads the rest on demand).
import { common as enCommon } from './en/common.js';
import { common as frCommon } from './fr/common.js';

const catalogue = { en: { common: enCommon }, fr: { common: frCommon } };

/**
 * Each language's date names (date-fns's locale), given to this module with the language's catalogue: the whole
 * catalogue (resources.ts, the server's and Node's) gives both at once; the renderer's gives a language's with its
 * `common` texts (lazy.ts), which load before anything is shown in it, so a reader downloads only their own.
 */
const DATE_LOCALES: Partial<Record<Language, Locale>> = {};

export function provideDateLocale(language: Language, locale: Locale): void {
  DATE_LOCALES[language] = locale;
}

function dateLocale(language: Language): Locale {
  const locale = DATE_LOCALES[language];
  if (!locale) throw new Error(`The ${language} date names are not loaded (they come with its common texts)`);
  return locale;
}

/** A calendar day (YYYY-MM-DD, or an ISO instant's date part) as DD-MMM-YYYY: 12-Jun-2030, 12-juin-2030. */
export function formatDay(isoDay: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) return isoDay;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return format(date, 'dd-MMM-yyyy', { locale: dateLocale(language) });
}

/** An instant in the viewer's time zone as DD-MMM-YYYY HH:mm (24-hour in both languages). */
export function formatInstant(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'dd-MMM-yyyy HH:mm', { locale: dateLocale(language) });
}

/**
 * An instant in a given zone (the company's, where a working day is cut) as DD-MMM-YYYY HH:mm; say which zone
 * beside it (`formatZone`), since the viewer's own may differ.
 */
export function formatInstantIn(iso: string, timeZone: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(new TZDate(date.getTime(), timeZone), 'dd-MMM-yyyy HH:mm', { locale: dateLocale(language) });
}

/** A zone as its name and its offset from UTC at `at`: "Asia/Karachi (GMT+5)". */
export function formatZone(timeZone: string, language: Language, at: Date = new Date()): string {
  try {
    const offset = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
      timeZone,
      timeZoneName: 'shortOffset',
    })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    // UTC itself is "GMT" in English and "UTC" in French: no offset is shown as such.
    return offset ? `${timeZone} (${offset.replace('UTC', 'GMT')})` : timeZone;
  } catch {
    return timeZone;
  }
}

/** A month (YYYY-MM) as its name and year: June 2030, juin 2030. */
export function formatMonth(isoMonth: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})/.exec(isoMonth);
  if (!match) return isoMonth;
  return format(new Date(Number(match[1]), Number(match[2]) - 1, 1), 'LLLL yyyy', { locale: dateLocale(language) });
}

/** A number with the language's grouping and decimal marks: 26,890.5 or 26 890,5. */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language, options).format(value);
}

/** A file's size in the largest unit that keeps it above 1: 820 B, 12 kB, 3.4 MB (1 kB = 1024 B). */
export function formatFileSize(bytes: number, language: Language): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A percentage of 0 to 100: 54.5% or 54,5 %. */
export function formatPercent(value: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * The one way durations are written (the spec's "7h 45m"; French "7 h 45 min"): whole hours and minutes,
 * minutes alone under an hour, hours alone when the minutes are 0, and whole hours from 100 h on
 * ("26,890h") where minutes no longer matter. Fractions of a minute are dropped; a negative duration is 0.
 */
export function formatDuration(minutes: number, language: Language): string {
  const texts = catalogue[language].common.duration;
  const whole = Math.max(0, Math.floor(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h >= 100) return fill(texts.hours, { hours: formatNumber(Math.round(whole / 60), language) });
  if (h === 0) return fill(texts.minutes, { minutes: m });
  return m === 0 ? fill(texts.hours, { hours: h }) : fill(texts.hoursMinutes, { hours: h, minutes: m });
}

/** An ordinal number in the language: 1st, 2nd, 3rd, 11th, 22nd; 1er, 2e. */
export function formatOrdinal(value: number, language: Language): string {
  const texts = catalogue[language].common.ordinal as Record<string, string>;
  const category = new Intl.PluralRules(language, { type: 'ordinal' }).select(value);
  return fill(texts[category] ?? texts['other']!, { n: formatNumber(value, language) });
}

type RelativeUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

/**
 * How long ago an instant was, shortest unit that fits: now, 5m, 2h, 3d, 1w, 1mo, 1y (French: maintenant,
 * 5 min, 2 h, 3 j, 1 sem., 1 mois, 1 an). A moment in the future counts as now.
 */
export function formatRelative(iso: string, now: Date, language: Language): string {
  const texts = catalogue[language].common.relative as Record<string, string>;
  const then = new Date(iso);
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return texts['now']!;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const [count, unit]: [number, RelativeUnit] =
    minutes < 60
      ? [minutes, 'minutes']
      : hours < 24
        ? [hours, 'hours']
        : days < 7
          ? [days, 'days']
          : days < 30
            ? [Math.floor(days / 7), 'weeks']
            : days < 365
              ? [Math.floor(days / 30), 'months']
              : [Math.floor(days / 365), 'years'];
  const category = new Intl.PluralRules(language).select(count);
  const template = texts[`${unit}_${category}`] ?? texts[`${unit}_other`]!;
  return fill(template, { count });
}

/** Weekday names from Monday to Sunday in the language: Mon … Sun, lun. … dim.; or whole (Monday, lundi). */
export function weekdayNames(language: Language, width: 'short' | 'long' = 'short'): string[] {
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) =>
    format(new Date(2024, 0, 1 + i), width === 'long' ? 'EEEE' : 'EEE', { locale: dateLocale(language) }),
  );
}
