// An answer that is a file written as it is read: a CSV or NDJSON export (docs/contract.md §6 and §5). An
// operation whose meta says `file` returns one; the REST transport and the console's download route
// (server/transport/file-answer.ts) write its chunks one at a time, each only once the client has taken the
// one before, so an export of a million rows holds one page in memory, never the file.
//
// The chunks are made lazily: nothing is read from the database before the transport asks for the first
// chunk, and the transport asks for it before it sends the status, so that a failure of the first read is
// still answered as a problem document. Stopping the iteration (`return()`, when the client goes away)
// stops the reading.

export const FILE_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson',
  ics: 'text/calendar; charset=utf-8',
} as const;
export type FileFormat = keyof typeof FILE_MEDIA_TYPES;

/**
 * The format an `Accept` header asks for among `formats`, by its q-values (RFC 9110 §12.5.1; the earlier one
 * of equal weight); undefined when it names none of them (absent, `*\/*`, or only others).
 */
export function acceptedFormat(
  accept: string | undefined,
  formats: readonly FileFormat[],
): FileFormat | undefined {
  let best: { format: FileFormat; q: number } | undefined;
  for (const range of (accept ?? '').split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    const format = formats.find((f) => FILE_MEDIA_TYPES[f].split(';')[0] === type);
    if (format && q > 0 && !(best && best.q >= q)) best = { format, q };
  }
  return best?.format;
}

export class StreamedFile {
  constructor(
    /** The name a browser saves it under (Content-Disposition). */
    readonly name: string,
    readonly format: FileFormat,
    /** The file's text, a piece at a time. */
    readonly chunks: AsyncIterable<string>,
  ) {}

  get mediaType(): string {
    return FILE_MEDIA_TYPES[this.format];
  }
}

/** `prefix-20261129-183000Z.ext`: the time of the export, in UTC, in a name every file system takes. */
export function exportFileName(prefix: string, format: FileFormat, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
  return `${prefix}-${stamp}.${format}`;
}
