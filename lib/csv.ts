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
 * Text handed to the socket at a time, at most about this many characters (a row may go past it). A piece of a
 * page rather than the page: a string this small dies young in V8's new space, where a page's hundreds of
 * kilobytes would sit in the large-object space until the next full collection.
 */
export const CHUNK_CHARS = 64 * 1024;

/** The rows of each page as text, in pieces of about CHUNK_CHARS, `first` before the first. */
async function* pieces<Row>(
  pages: AsyncIterable<readonly Row[]>,
  line: (row: Row) => string,
  first = '',
): AsyncGenerator<string> {
  let text = first;
  for await (const rows of pages) {
    for (const row of rows) {
      text += line(row);
      if (text.length >= CHUNK_CHARS) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
    text = '';
  }
  if (first && text === first) yield text;
}

/**
 * The file's text: the header row with the first rows (so that the first chunk asked for reads the first
 * page), then the rows, in pieces of about CHUNK_CHARS.
 */
export function csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  pages: AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  return pieces(
    pages,
    (row) => csvLine(columns.map((c) => c.value(row))),
    csvLine(columns.map((c) => c.header)),
  );
}

/** NDJSON: one JSON value per line. */
export function ndjsonChunks<Row>(
  toJson: (row: Row) => unknown,
  pages: AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  return pieces(pages, (row) => `${JSON.stringify(toJson(row))}\n`);
}
