/**
 * A message written in English by a shared rule (namespace `validation`) or an error code's text (`errors`),
 * in another language: the English text is looked up to its key (a reverse map built once; texts with
 * `{{placeholders}}` match as patterns and keep their values), then translated. A text the catalogue does
 * not hold (zod's own defaults, a name in "… not found.") stays as it is. The server uses it for the
 * `message` and field messages it answers, the renderer for its early field checks (docs/i18n.md).
 */
import { errors } from './en/errors.js';
import { validation } from './en/validation.js';

type Translate = (key: string, options?: Record<string, string>) => string;
type Pattern = { key: string; regex: RegExp; names: string[] };

// The English texts only, not the whole catalogue: the renderer's sign-in page uses this module.
const TEXTS = { validation, errors };
let exact: Map<string, string> | undefined;
let patterns: Pattern[] = [];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function build(): Map<string, string> {
  const map = new Map<string, string>();
  const found: Pattern[] = [];
  for (const [ns, texts] of Object.entries(TEXTS)) {
    for (const [key, text] of Object.entries(texts as Record<string, string>)) {
      if (typeof text !== 'string') continue;
      const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
      if (names.length === 0) {
        if (!map.has(text)) map.set(text, `${ns}:${key}`);
        continue;
      }
      const source = text
        .split(/\{\{\s*\w+\s*\}\}/)
        .map(escape)
        .join('(.+?)');
      found.push({ key: `${ns}:${key}`, regex: new RegExp(`^${source}$`), names });
    }
  }
  patterns = found;
  return map;
}

/** The catalogue key of an English message (with its placeholder values), or null when it has none. */
export function messageKey(text: string): { key: string; values?: Record<string, string> } | null {
  exact ??= build();
  const key = exact.get(text);
  if (key) return { key };
  for (const pattern of patterns) {
    const match = pattern.regex.exec(text);
    if (match) return { key: pattern.key, values: Object.fromEntries(pattern.names.map((n, i) => [n, match[i + 1]!])) };
  }
  return null;
}

/** The English message in the translator's language, or the text unchanged when the catalogue lacks it. */
export function localizeMessage(text: string, t: Translate): string {
  const found = messageKey(text);
  return found ? t(found.key, found.values) : text;
}
