/**
 * The renderer's one i18next instance (docs/i18n.md). Its language is the person's choice, else the company's
 * default, else the browser's; before sign-in, the last language used on this computer, else the browser's.
 * Components read texts with `useTranslation('<namespace>')` and dates, numbers and durations with
 * `useFormat()`; nothing shows text written inline (a lint rule). The texts load per language and namespace
 * (shared/i18n/lazy.ts): the first screen's namespaces before the first render (`i18nReady`), the rest of the
 * language with the signed-in frame (`loadEveryNamespace`), any other when a component asks for it.
 */
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { pickLanguage, type Language } from '../../../shared/i18n/languages';
import { createLazyI18n } from '../../../shared/i18n/lazy';
import { NAMESPACES, type Namespace } from '../../../shared/i18n/namespaces';
import type { Resources } from '../../../shared/i18n/resources';
import type { Translation } from '../../../shared/i18n/translation';
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

/** What the signed-out screens (sign-in, sign-up, the session check, the server's address) use. */
export const FIRST_SCREEN_NAMESPACES: readonly Namespace[] = ['common', 'errors', 'validation', 'auth', 'frame'];

const created = createLazyI18n(pickLanguage(stored(), ...browserLanguages()), FIRST_SCREEN_NAMESPACES, [
  initReactI18next,
]);
export const i18n = created.i18n;
/** Settles once the first screen's texts have loaded; main.tsx renders after it. */
export const i18nReady = created.ready;

/**
 * Loads the current language's every namespace (and, through i18next, the new language's every namespace when
 * it changes): the signed-in frame waits for it, so no page or dialog waits for its texts later.
 */
export function loadEveryNamespace(): Promise<void> {
  return i18n.loadNamespaces([...NAMESPACES]);
}

// The page says which language it speaks from the first screen on (screen readers pick their voice by it),
// not only once a signed-in person's language applies.
const markPage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = pickLanguage(language);
};
markPage(i18n.language);
i18n.on('languageChanged', markPage);

// The language last asked for, which i18n.language becomes once its texts have loaded.
let requested = i18n.language;
i18n.on('languageChanging', (language: string) => (requested = language));

/** The language texts are shown in now. */
export function currentLanguage(): Language {
  return pickLanguage(i18n.language);
}

/**
 * A namespace's texts as an object, for shared code that reads them so (notification-line.ts). The namespace
 * must be loaded: the signed-in frame loads them all (`loadEveryNamespace`).
 */
export function loadedTexts<N extends Namespace>(
  namespace: N,
  language: Language = currentLanguage(),
): Translation<Resources[N]> {
  const texts = i18n.getResourceBundle(language, namespace) as Translation<Resources[N]> | undefined;
  if (!texts) throw new Error(`The ${language} texts of ${namespace} are not loaded`);
  return texts;
}

/**
 * Switches the interface to the language of a person's choice, else their company's default, else the
 * browser's, and remembers it on this computer for the next sign-in screen. i18next loads the language's
 * namespaces in use first and switches once they are there (at once when they already are).
 */
export function applyLanguage(choice: string | null | undefined, companyDefault?: string | null): Language {
  const language = pickLanguage(choice, companyDefault, ...browserLanguages());
  // Against the language last asked for: a second choice made while the first one's texts load wins.
  if (requested !== language) void i18n.changeLanguage(language);
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
