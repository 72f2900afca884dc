/**
 * The one way durations are written (the spec's "7h 45m"), in English unless a language is given; the rule
 * and the other languages live in shared/i18n/format.ts.
 */
import { formatDuration as formatIn } from './i18n/format.js';
import type { Language } from './i18n/languages.js';

export function formatDuration(minutes: number, language: Language = 'en'): string {
  return formatIn(minutes, language);
}
