// CSV as RFC 4180 writes it, safe to open in a spreadsheet. Every text cell may hold what a client sent
// (an incident's message comes from whatever failed), so:
// - a cell holding a comma, a quote, CR or LF is quoted, its quotes doubled;
// - a text cell starting with `=`, `+`, `-`, `@`, a tab or CR is prefixed with a single quote, which
//   spreadsheets show and never evaluate (OWASP, "CSV Injection"): `=HYPERLINK(...)` stays text.
// Numbers are written as numbers (never prefixed), nulls as empty cells, dates as ISO 8601 in UTC.

export type CsvValue = string | number | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** `2026-11-29T18:30:00Z`: ISO 8601, UTC, to the second (as precise as the API's own timestamps). */
export function utcDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? utcDateTime(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line break (CRLF, as RFC 4180 says). */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The file's text, one chunk per page of rows: the header row with the first page (so that the first
 * chunk asked for reads the first page), then each page.
 */
export async function* csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  pages: AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  let header: string | undefined = csvLine(columns.map((c) => c.header));
  for await (const rows of pages) {
    let text = header ?? '';
    header = undefined;
    for (const row of rows) text += csvLine(columns.map((c) => c.value(row)));
    yield text;
  }
  if (header) yield header;
}

/** NDJSON: one JSON value per line, one chunk per page. */
export async function* ndjsonChunks<Row>(
  toJson: (row: Row) => unknown,
  pages: AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  for await (const rows of pages) {
    let text = '';
    for (const row of rows) text += `${JSON.stringify(toJson(row))}\n`;
    yield text;
  }
}
