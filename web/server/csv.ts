/**
 * The one CSV writer of every staff download (leads, statistics, audit trail): UTF-8 with a BOM
 * (so Excel opens Korean correctly), CRLF line ends, every cell quoted, and cells that a
 * spreadsheet would run as a formula made inert.
 */
export const BOM = '\uFEFF';

/**
 * Excel, LibreOffice and Google Sheets treat these leading characters as the start of a formula;
 * a leading line break, tab or NUL may be dropped on import, exposing a formula behind it.
 */
// eslint-disable-next-line no-control-regex
const FORMULA_START = /^[=+\-@\t\r\n\u0000]/;

export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF included) of the cells, each quoted and inert. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
