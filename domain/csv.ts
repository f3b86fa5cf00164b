/**
 * CSV as Brazilian spreadsheets open it (Excel and LibreOffice in pt-BR): `;` between cells, because the comma is the
 * decimal separator; a UTF-8 byte-order mark first, without which Excel reads the accents as Latin-1; CRLF line ends
 * (RFC 4180). A cell is quoted when it holds the separator, a quote or a line break, quotes doubled inside.
 *
 * Text that a spreadsheet would run as a formula (CSV injection: a client named `=HYPERLINK(…)`) starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return; such a cell is prefixed with `'`, which spreadsheets show as text (OWASP's
 * advice). Numbers are never prefixed: they are formatted here from a number, so they cannot carry a formula, and a
 * negative value must stay a number.
 */

/** A cell: text (escaped), a number (pt-BR decimals) or nothing. */
export type CsvCell = string | number | null | undefined;

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** A number as a pt-BR spreadsheet reads it: '1234,56' (no thousands separator, so it is never read as text). */
export function csvNumber(value: number, decimals = 2): string {
  return value.toFixed(decimals).replace('.', ',');
}

/** One text cell: formula starts neutralised, then quoted if needed. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'number' ? csvNumber(cell) : csvText(cell);
}

/** The whole file: BOM, the header, then one line per row, each line ended by CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR));
  return CSV_BOM + lines.map((line) => line + CSV_LINE_END).join('');
}
