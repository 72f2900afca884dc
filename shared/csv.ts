/**
 * A small CSV writer for the downloadable reports (RFC 4180): fields with a comma, a quote or a line
 * break are quoted and inner quotes doubled; lines end with CRLF. Text that a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with a single quote, so a
 * name like "=HYPERLINK(…)" typed into a profile stays text when HR opens the report (OWASP "CSV
 * injection"). Numbers are written as they are, negative ones included.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
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
