/**
 * The feedback catalogue (categories and their attributes) and functions: limits and the pure rules the
 * server enforces and the renderer checks early (docs/feedback.md, "Categories and attributes",
 * "Functions"). Isomorphic.
 */
import { COLOR_PATTERN } from './feedback.js';

export { COLOR_PATTERN };

export const CATEGORY_NAME_MAX = 60;
export const ATTRIBUTE_NAME_MAX = 60;
export const CATALOGUE_DESCRIPTION_MAX = 300;
/** Synonyms: words a search or a suggestion also matches ("comms" for Communication). */
export const SYNONYM_MAX = 40;
export const SYNONYMS_MAX = 15;

export const FUNCTION_NAME_MAX = 80;
export const FUNCTION_DESCRIPTION_MAX = 500;
export const FUNCTION_MEMBERS_MAX = 1000;

/** The colours the category dialog offers as swatches (any #RRGGBB is accepted). */
export const CATEGORY_SWATCHES = [
  '#2563EB',
  '#0891B2',
  '#059669',
  '#65A30D',
  '#CA8A04',
  '#EA580C',
  '#DC2626',
  '#DB2777',
  '#9333EA',
  '#4F46E5',
  '#475569',
  '#0F766E',
] as const;

export function isColor(value: string): boolean {
  return COLOR_PATTERN.test(value);
}

/** A colour as stored and answered: upper-case #RRGGBB. */
export function normalizeColor(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Synonyms as stored: each trimmed with inner runs of blanks collapsed, empties dropped, and a repeat
 * (compared case-insensitively) dropped, keeping the first spelling and the order given.
 */
export function normalizeSynonyms(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const word = raw.trim().replace(/\s+/g, ' ');
    const key = word.toLocaleLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}

/** Two names are the same name when they differ only in case and surrounding blanks. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}
