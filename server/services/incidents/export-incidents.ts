// The incidents a filter matches, as a CSV file written while it is read (docs/contract.md §6, "Export"):
// the list's filters (filters() in list-incidents.ts, so a filter added there applies here), newest first
// by id, read in pages of EXPORT_PAGE_ROWS by keyset (`id < the last id sent`), each page its own short
// statement. Memory holds one page whatever the count, on PostgreSQL and PGlite alike (PGlite has no
// cursor), and no transaction stays open while a slow client reads: a long one would hold back the
// incident feed and every change stream (section 10) for as long as the download took.
import { and, desc, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents, type IncidentRow } from '../../../db/schema';
import { csvChunks, type CsvColumn } from '../../../lib/csv';
import { exportFileName, StreamedFile } from '../../../lib/streamed-file';
import type { ExportIncidentsQuery } from '../../schemas/incidents';
import { checkCreatedRange, filters } from './list-incidents';
import { textSearch } from './text-search';

/** Rows per statement: large enough that the round trips cost little, small enough to hold. */
export const EXPORT_PAGE_ROWS = 1_000;

/** The columns of the file, in order; every timestamp in UTC (csvCell). */
export const INCIDENT_CSV_COLUMNS: readonly CsvColumn<IncidentRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'status', value: (r) => r.status },
  { header: 'severity', value: (r) => r.severity },
  { header: 'source', value: (r) => r.source },
  { header: 'processInstanceId', value: (r) => r.processInstanceId },
  { header: 'nodeId', value: (r) => r.nodeId },
  { header: 'message', value: (r) => r.message },
  { header: 'externalReferenceId', value: (r) => r.externalReferenceId },
  { header: 'occurrenceCount', value: (r) => r.occurrenceCount },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'lastOccurredAt', value: (r) => r.lastOccurredAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
  { header: 'acknowledgedAt', value: (r) => r.acknowledgedAt },
  { header: 'acknowledgedBy', value: (r) => r.acknowledgedBy },
  { header: 'resolvedAt', value: (r) => r.resolvedAt },
  { header: 'resolvedBy', value: (r) => r.resolvedBy },
  { header: 'resolutionAction', value: (r) => r.resolutionAction },
  { header: 'resolutionNote', value: (r) => r.resolutionNote },
  { header: 'assignee', value: (r) => r.assignee },
  { header: 'snoozedUntil', value: (r) => r.snoozedUntil },
];

/** The matching incidents, a page at a time, newest first by id; nothing is read until the first is asked for. */
async function* incidentPages(db: Db, where: ReturnType<typeof filters>): AsyncGenerator<IncidentRow[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(incidents)
      .where(and(where, before === undefined ? undefined : lt(incidents.id, before)))
      .orderBy(desc(incidents.id))
      .limit(EXPORT_PAGE_ROWS);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    before = rows[rows.length - 1].id;
  }
}

/**
 * The export of the incidents `query` matches. The filter is checked (and a text search resolved) now, so
 * that a bad one is refused before the answer starts; the rows are read as the file is written.
 */
export async function exportIncidents(db: Db, query: ExportIncidentsQuery): Promise<StreamedFile> {
  checkCreatedRange(query);
  const search = query.q ? await textSearch(db, query.q) : undefined;
  const pages = incidentPages(db, filters(query, search));
  return new StreamedFile(
    exportFileName('incidents', query.format),
    query.format,
    csvChunks(INCIDENT_CSV_COLUMNS, pages),
  );
}
