/**
 * Which characters text input may hold (security review item 14). Pure: the server applies these to every
 * string of every request, the contracts to each text field, and the renderer shows the same messages.
 *
 * - Everywhere: no C0 control but tab, line feed and carriage return; no DEL or C1 control; no bidi
 *   embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069: they reorder what a reader
 *   sees, "evil\u202Egnp.exe" reads as "evilexe.png"); no lone UTF-16 surrogate.
 * - Single-line fields (names, codes, ids, e-mail): not even tab, line feed or carriage return.
 * - Multi-line fields (descriptions, reasons) keep tab and line breaks.
 * Marks a script needs (left-to-right and right-to-left marks, joiners) stay allowed.
 */
import { validation as V } from './i18n/en/validation.js';

const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

const FORBIDDEN_ANYWHERE = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]|${LONE_SURROGATE}`,
);
const FORBIDDEN_SINGLE_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]|${LONE_SURROGATE}`);

export const SINGLE_LINE_TEXT_MESSAGE = V.singleLineText;
export const MULTI_LINE_TEXT_MESSAGE = V.multiLineText;

/** True when a multi-line text (or any string of a request) holds only allowed characters. */
export function isCleanText(value: string): boolean {
  return !FORBIDDEN_ANYWHERE.test(value);
}

/** True when a single-line text holds only allowed characters (no tab or line break either). */
export function isCleanLine(value: string): boolean {
  return !FORBIDDEN_SINGLE_LINE.test(value);
}

/**
 * The path of the first string in a parsed request part (keys included) that breaks the everywhere rule,
 * e.g. `body.items.2.name`; undefined when all are clean.
 */
export function findUncleanText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = `${path}.${key}`;
    if (!isCleanText(key)) return at;
    const found = findUncleanText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}
