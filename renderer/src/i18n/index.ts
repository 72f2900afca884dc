/**
 * The renderer's one i18next instance (docs/i18n.md). Its language is the person's choice, else the company's
 * default, else the browser's; before sign-in, the last language used on this computer, else the browser's.
 * Components read texts with `useTranslation('<namespace>')` and dates, numbers and durations with
 * `useFormat()`; nothing shows text written inline (a lint rule).
 */
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createI18n, pickLanguage, type Language } from '../../../shared/i18n';
import {
  formatDay,
  formatDuration,
  formatInstant,
  formatInstantIn,
  formatZone,
  formatMonth,
  formatNumber,
  formatPercent,
  formatFileSize,
  formatOrdinal,
  formatRelative,
} from '../../../shared/i18n/format';

const STORED = 'teambeat.language';

function stored(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORED) ?? null;
  } catch {
    return null;
  }
}

const browserLanguages = (): readonly string[] => globalThis.navigator?.languages ?? [];

export const i18n = createI18n(pickLanguage(stored(), ...browserLanguages()), [initReactI18next]);

// The page says which language it speaks from the first screen on (screen readers pick their voice by it),
// not only once a signed-in person's language applies.
const markPage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = pickLanguage(language);
};
markPage(i18n.language);
i18n.on('languageChanged', markPage);

/** The language texts are shown in now. */
export function currentLanguage(): Language {
  return pickLanguage(i18n.language);
}

/**
 * Switches the interface to the language of a person's choice, else their company's default, else the
 * browser's, and remembers it on this computer for the next sign-in screen.
 */
export function applyLanguage(choice: string | null | undefined, companyDefault?: string | null): Language {
  const language = pickLanguage(choice, companyDefault, ...browserLanguages());
  if (i18n.language !== language) void i18n.changeLanguage(language);
  try {
    globalThis.localStorage?.setItem(STORED, language);
  } catch {
    // Storage may be unavailable (private mode); the language still applies to this page.
  }
  return language;
}

/** Formats bound to the current language; components using it re-render when the language changes. */
export function useFormat() {
  const { i18n: instance } = useTranslation();
  const language = pickLanguage(instance.language);
  return useMemo(
    () => ({
      language,
      day: (iso: string) => formatDay(iso, language),
      instant: (iso: string) => formatInstant(iso, language),
      /** An instant in the company's zone (or another); pair it with `zone` so the reader knows which. */
      instantIn: (iso: string, timeZone: string) => formatInstantIn(iso, timeZone, language),
      zone: (timeZone: string) => formatZone(timeZone, language),
      month: (iso: string) => formatMonth(iso, language),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
      percent: (value: number) => formatPercent(value, language),
      fileSize: (bytes: number) => formatFileSize(bytes, language),
      duration: (minutes: number) => formatDuration(minutes, language),
      relative: (iso: string, now: Date = new Date()) => formatRelative(iso, now, language),
      ordinal: (value: number) => formatOrdinal(value, language),
    }),
    [language],
  );
}

export { useTranslation };
