/** The settings every i18next instance of Teambeat shares, with its texts bundled (index.ts) or not (lazy.ts). */
import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { NAMESPACES } from './namespaces.js';

export function i18nOptions(language: Language): InitOptions {
  return {
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // React escapes what it renders; server texts go into JSON, e-mail text and CSV, never HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}
