/**
 * A small CSV writer for the downloadable reports (RFC 4180): fields with a comma, a quote or a line
 * break are quoted and inner quotes doubled; lines end with CRLF. Numbers are written as they are,
 * negative ones included.
 *
 * Formula injection (OWASP "CSV injection", security review item 15): a name like "=HYPERLINK(…)" typed
 * into a profile must stay text when HR opens the report. A spreadsheet may not split the file the way it
 * was written: many locales split on `;`, a paste splits on tab, some importers offer `|`, and one that
 * ignores quotes starts a new row at every line break. So in text cells, every *segment* that could
 * become a cell (the start of the text, and whatever follows `,` `;` tab `|` CR or LF, after optional
 * blanks) that starts with a formula trigger gets a single quote before the trigger. Triggers: `=` `+`
 * `-` `@`, tab and CR at the very start, and the full-width `＝` `＋` `－` `＠` that some East Asian
 * locales read as formulas. The rule is in docs/security.md.
 */

export type CsvCell = string | number | boolean | null | undefined;

const TRIGGERS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** A segment after a separator, or at the start after blanks, that starts with a trigger. */
const FORMULA_SEGMENT = new RegExp(`(^|[,;\\t|\\r\\n])([ \\t]*)(?=[${TRIGGERS}])`, 'g');
/** A cell starting with a trigger, a tab or a carriage return. */
const FORMULA_START = new RegExp(`^[${TRIGGERS}\\t\\r]`);

/** Text with a single quote before every formula a spreadsheet could find in it, in any locale. */
export function defuseFormulas(value: string): string {
  const segments = value.replace(FORMULA_SEGMENT, "$1$2'");
  return FORMULA_START.test(segments) ? `'${segments}` : segments;
}
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = defuseFormulas(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The whole document: a header row, then one row per record. Starts with a byte-order mark so that
 * Excel opens the UTF-8 text with its accents intact.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
