// The incidents a filter matches, as a CSV file written while it is read (docs/contract.md §6, "Export"):
// the list's filters (filters() in list-incidents.ts, so a filter added there applies here), newest first
// by id, read in pages of EXPORT_PAGE_ROWS by keyset (`id < the last id sent`), each page its own short
// statement. Memory holds one page whatever the count, on PostgreSQL and PGlite alike (PGlite has no
// cursor), and no transaction stays open while a slow client reads: a long one would hold back the
// incident feed and every change stream (section 10) for as long as the download took.
import { and, desc, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, incidents, type IncidentRow } from '../../../db/schema';
import { csvChunks, type CsvColumn } from '../../../lib/csv';
import { exportFileName, StreamedFile } from '../../../lib/streamed-file';
import type { ExportIncidentsQuery } from '../../schemas/incidents';
import { checkCreatedRange, filters, type Viewer } from './list-incidents';
import { textSearch } from './text-search';

/** Rows per statement: large enough that the round trips cost little, small enough to hold. */
export const EXPORT_PAGE_ROWS = 1_000;

/** What the file holds of an incident: only these columns are read (not `technicalDetails`, a stack trace). */
const EXPORTED = {
  id: incidents.id,
  status: incidents.status,
  severity: incidents.severity,
  source: incidents.source,
  processInstanceId: incidents.processInstanceId,
  nodeId: incidents.nodeId,
  message: incidents.message,
  externalReferenceId: incidents.externalReferenceId,
  occurrenceCount: incidents.occurrenceCount,
  createdAt: incidents.createdAt,
  lastOccurredAt: incidents.lastOccurredAt,
  updatedAt: incidents.updatedAt,
  acknowledgedAt: incidents.acknowledgedAt,
  acknowledgedBy: incidents.acknowledgedBy,
  resolvedAt: incidents.resolvedAt,
  resolvedBy: incidents.resolvedBy,
  resolutionAction: incidents.resolutionAction,
  resolutionNote: incidents.resolutionNote,
  assignee: incidents.assignee,
  snoozedUntil: incidents.snoozedUntil,
  processDefinition: incidents.processDefinition,
  owner: sql<
    string | null
  >`(select ${groups.code} from ${groups} where ${groups.id} = ${incidents.ownerTeamId})`,
};
type ExportedIncident = Pick<IncidentRow, Exclude<keyof typeof EXPORTED, 'owner'>> & { owner: string | null };

/** The columns of the file, in order, named as the API names the fields; every timestamp in UTC (csvCell). */
export const INCIDENT_CSV_COLUMNS: readonly CsvColumn<ExportedIncident>[] = (
  Object.keys(EXPORTED) as (keyof typeof EXPORTED)[]
).map((key) => ({ header: key, value: (row) => row[key] }));

/** The matching incidents, a page at a time, newest first by id; nothing is read until the first is asked for. */
async function* incidentPages(db: Db, where: ReturnType<typeof filters>): AsyncGenerator<ExportedIncident[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select(EXPORTED)
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
export async function exportIncidents(
  db: Db,
  query: ExportIncidentsQuery,
  viewer?: Viewer,
): Promise<StreamedFile> {
  checkCreatedRange(query);
  const search = query.q ? await textSearch(db, query.q) : undefined;
  const pages = incidentPages(db, filters(query, search, viewer));
  return new StreamedFile(
    exportFileName('incidents', query.format),
    query.format,
    csvChunks(INCIDENT_CSV_COLUMNS, pages),
  );
}
