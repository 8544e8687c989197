/**
 * THE CSV rule of the service: every CSV it writes (exports, the non-submitters list) writes its fields
 * through csvField, so a spreadsheet never runs an answer, a name or an email as a formula (CSV
 * injection, OWASP "CSV Injection"), whichever separator it splits on. Decision 0032.
 *
 * Our files separate fields with commas, but a spreadsheet where the decimal mark is a comma splits on
 * `;`, some on tabs; such a reader does not see our quotes where they are mid-cell for it. So:
 * - a text that starts with a formula character (= + - @), after any separators, spaces or quotes, or
 *   that starts with a tab or carriage return, gets a leading apostrophe (`;=1+1`, `,=1+1`, `\t=1`);
 * - inside a text, a formula character after a `;`, tab or line break (where such a reader starts a
 *   cell or a row) gets an apostrophe before it too;
 * - a text holding a comma, `;`, tab, quote or line break is quoted (RFC 4180), so it stays one cell for
 *   a reader that splits on commas.
 * Numbers and booleans are written as they are (a negative number is not a formula).
 */
export type CsvCell = string | number | boolean | null;

const LEADING_FORMULA = /^[\t\r]|^[\s,;"']*[=+\-@]/;
const INNER_FORMULA = /([;\t\r\n][\s"']*)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = (LEADING_FORMULA.test(cell) ? `'${cell}` : cell).replace(INNER_FORMULA, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF, RFC 4180). */
export const csvLine = (fields: readonly CsvCell[]) => `${fields.map(csvField).join(',')}\r\n`;
