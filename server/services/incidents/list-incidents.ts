// The paged, filtered, sorted list of incidents. Every query here is served by an index of
// db/schema/incidents.ts or by the counters (incidentCounts, incidentTemplateCounts).
import { and, asc, desc, eq, inArray, not, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { incidentCounts, incidentTemplateCounts, incidents } from '../../../db/schema';
import { toPage } from '../../schemas/common';
import type { ListIncidentsQuery, SortField, SortOrder } from '../../schemas/incidents';
import { toIncidentView } from './incident-view';
import { matchesText, textSearch, type TextSearch } from './text-search';

const SORT_COLUMNS = {
  id: incidents.id,
  createdAt: incidents.createdAt,
  updatedAt: incidents.updatedAt,
  lastOccurredAt: incidents.lastOccurredAt,
  severity: incidents.severity,
  status: incidents.status,
  source: incidents.source,
  occurrenceCount: incidents.occurrenceCount,
  processInstanceId: incidents.processInstanceId,
} satisfies Record<SortField, unknown>;

const DEFAULT_SORT: SortOrder[] = [{ field: 'createdAt', direction: 'desc' }];

/** The requested order, ending in id (in the direction of the last key) so that pages never overlap. */
function orderBy(sort: SortOrder[], reversed = false): SQL[] {
  const orders = sort.length ? sort : DEFAULT_SORT;
  const lastDirection = orders[orders.length - 1].direction;
  const keys = orders.some((o) => o.field === 'id')
    ? orders
    : [...orders, { field: 'id' as const, direction: lastDirection }];
  // Every key flipped is exactly the reverse order: PostgreSQL puts nulls last ascending and first descending.
  return keys.map((o) => ((o.direction === 'asc') !== reversed ? asc : desc)(SORT_COLUMNS[o.field]));
}

/** `column` is one of `values` (a plain equality for one, which every index of that column serves). */
function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  return values.length === 1 ? eq(column, values[0]) : inArray(column, [...values]);
}

/** The filters of status, source and severity, on any table that has those three columns. */
function kindFilters(
  table: typeof incidents | typeof incidentCounts | typeof incidentTemplateCounts,
  query: ListIncidentsQuery,
): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(oneOf(table.status, query.status));
  if (query.source) where.push(oneOf(table.source, query.source));
  if (query.severity) where.push(oneOf(table.severity, query.severity));
  return where;
}

function filters(query: ListIncidentsQuery, search: TextSearch | undefined): SQL | undefined {
  const where = kindFilters(incidents, query);
  if (query.processInstanceId) where.push(eq(incidents.processInstanceId, query.processInstanceId));
  if (search) where.push(matchesText(search));
  return where.length ? and(...where) : undefined;
}

/** The sum of the counters of `table` that pass the query's status, source and severity filters. */
function counted(
  table: typeof incidentCounts | typeof incidentTemplateCounts,
  query: ListIncidentsQuery,
  ...more: SQL[]
) {
  const where = [...kindFilters(table, query), ...more];
  return sql`(select coalesce(sum(${table.count}), 0) from ${table}${where.length ? sql` where ${and(...where)}` : sql``})`;
}

/**
 * totalElements, as a scalar subquery, exact whatever the table's size. Filtered by status, source and
 * severity only (or not at all), it is the sum of the matching counters (at most a few hundred rows; see
 * incidentCounts). With a text without digits, the counters of the templates that contain it, plus the
 * incidents whose reference alone contains it (found through the reference's index). Otherwise it counts
 * the matching incidents through their indexes: a process instance's few hundred, or the incidents of the
 * messages that contain a text with digits (an id or a number, which few messages hold).
 */
function totalOf(query: ListIncidentsQuery, where: SQL | undefined, search: TextSearch | undefined): SQL {
  if (query.processInstanceId === undefined && search?.found?.templateCounters) {
    const byTemplate = counted(incidentTemplateCounts, query, search.found.templateCounters);
    const byReferenceOnly = and(
      ...kindFilters(incidents, query),
      search.inReference,
      not(search.found.incidents),
    );
    return sql`(${byTemplate} + (select count(*) from ${incidents} where ${byReferenceOnly}))`;
  }
  if (query.processInstanceId !== undefined || search) {
    return sql`(select count(*) from ${incidents} where ${where})`;
  }
  return counted(incidentCounts, query);
}

/**
 * Rows skipped to reach a page cost a walk along the index. Up to this offset that is cheap (about 1 ms per
 * thousand); beyond it a page is read from whichever end of the order is nearer, so the last pages of a
 * million incidents cost what the first do and only the middle ones pay for their offset.
 */
export const DEEP_OFFSET = 1_000;

export async function listIncidents(db: Db, query: ListIncidentsQuery) {
  const search = query.q ? await textSearch(db, query.q) : undefined;
  const where = filters(query, search);
  const total = totalOf(query, where, search);
  const offset = query.page * query.size;
  return offset < DEEP_OFFSET ? nearPage(db, query, where, total) : deepPage(db, query, where, total);
}

/** One statement: the page's rows, each carrying the total (counted once, in the same snapshot). */
async function nearPage(db: Db, query: ListIncidentsQuery, where: SQL | undefined, total: SQL) {
  const rows = await db
    .select({ incident: incidents, total: sql<number>`${total}`.mapWith(Number) })
    .from(incidents)
    .where(where)
    .orderBy(...orderBy(query.sort ?? []))
    .limit(query.size)
    .offset(query.page * query.size);
  // A page past the end (or no match) has no row to carry the total.
  const totalElements = rows.length ? rows[0].total : await countOf(db, total);
  return toPage(
    rows.map((r) => toIncidentView(r.incident)),
    query.page,
    query.size,
    totalElements,
  );
}

/**
 * The total first, then the page from the nearer end, in one read-only snapshot so that the two agree:
 * a page nearer the end is the rows after it skipped in the reverse order, turned back round.
 */
function deepPage(db: Db, query: ListIncidentsQuery, where: SQL | undefined, total: SQL) {
  const offset = query.page * query.size;
  return db.transaction(
    async (tx) => {
      const totalElements = await countOf(tx, total);
      const remaining = totalElements - offset;
      if (remaining <= 0) return toPage([], query.page, query.size, totalElements);
      const after = Math.max(0, remaining - query.size);
      const fromEnd = after < offset;
      const rows = await tx
        .select()
        .from(incidents)
        .where(where)
        .orderBy(...orderBy(query.sort ?? [], fromEnd))
        .limit(Math.min(query.size, remaining))
        .offset(fromEnd ? after : offset);
      if (fromEnd) rows.reverse();
      return toPage(rows.map(toIncidentView), query.page, query.size, totalElements);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function countOf(db: Db | Tx, total: SQL): Promise<number> {
  return Number(rowsOf<{ total: string | number }>(await db.execute(sql`select ${total} as total`))[0].total);
}
