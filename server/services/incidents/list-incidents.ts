// The paged, filtered, sorted list of incidents. Every query here is served by an index of
// db/schema/incidents.ts or by the counters (incidentCounts, incidentTemplateCounts).
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  not,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { preparedByShape } from '../../../db/prepared';
import {
  groups,
  incidentCounts,
  incidentGroupCounts,
  incidentTemplateCounts,
  incidents,
  teams,
  userGroups,
} from '../../../db/schema';
import { fieldError } from '../../errors';
import { toPage } from '../../schemas/common';
import { endOfLocal, startOfLocal } from '../../time';
import type { IncidentFilter, ListIncidentsQuery, SortField, SortOrder } from '../../schemas/incidents';
import { incidentViews } from './incident-view';
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
  query: IncidentFilter,
): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(oneOf(table.status, query.status));
  if (query.source) where.push(oneOf(table.source, query.source));
  if (query.severity) where.push(oneOf(table.severity, query.severity));
  return where;
}

/**
 * The list's filters as one condition on incidents (`search` is textSearch's answer for `q`): the grouped
 * view and the bulk actions by filter filter through it too, so the three cannot drift.
 */
export function filters(
  query: IncidentFilter,
  search: TextSearch | undefined,
  viewer?: Viewer,
): SQL | undefined {
  const where = kindFilters(incidents, query);
  if (query.owner) where.push(ownedBy(query.owner, viewer));
  if (query.processInstanceId) where.push(eq(incidents.processInstanceId, query.processInstanceId));
  if (query.nodeId) where.push(oneOf(incidents.nodeId, query.nodeId));
  if (query.assignee) where.push(oneOf(incidents.assignee, query.assignee));
  if (query.createdFrom) where.push(gte(incidents.createdAt, startOfLocal(query.createdFrom)));
  if (query.createdTo) where.push(lt(incidents.createdAt, endOfLocal(query.createdTo)));
  if (query.group) {
    where.push(
      eq(incidents.source, query.group.source),
      eq(incidents.templateId, query.group.templateId),
      eq(incidents.nodeId, query.group.nodeId),
    );
  }
  if (search) where.push(matchesText(search));
  return where.length ? and(...where) : undefined;
}

/** Who asks: `owner=mine` means the teams of this user. */
export interface Viewer {
  userId: number | null;
}

/** The owner filter: a team by code, the viewer's teams, or nobody. */
export function ownedBy(owner: string, viewer: Viewer | undefined): SQL {
  if (owner === 'none') return isNull(incidents.ownerTeamId);
  if (owner === 'mine') {
    if (!viewer?.userId) return sql`false`;
    return inArray(
      incidents.ownerTeamId,
      sql`(select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${viewer.userId})`,
    );
  }
  return eq(
    incidents.ownerTeamId,
    sql`(select ${teams.groupId} from ${teams} join ${groups} on ${groups.id} = ${teams.groupId} where ${groups.code} = ${owner})`,
  );
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
 * The sum of the group counters (incidentGroupCounts) that pass the query's status and source filters
 * (they know no severity) and `more`: the counts of the statuses asked for.
 */
function groupCounted(query: ListIncidentsQuery, ...more: SQL[]) {
  const g = incidentGroupCounts;
  const statuses = query.status ?? (['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const);
  const column = { OPEN: g.open, ACKNOWLEDGED: g.acknowledged, RESOLVED: g.resolved };
  const counts = sql.join(
    statuses.map((s) => sql`${column[s]}`),
    sql` + `,
  );
  const where = [...(query.source ? [oneOf(g.source, query.source)] : []), ...more];
  return sql`(select coalesce(sum(${counts}), 0) from ${g}${where.length ? sql` where ${and(...where)}` : sql``})`;
}

/**
 * totalElements, as a scalar subquery, exact whatever the table's size. Each case is decided once:
 *
 * - Filtered by status, source and severity only (or not at all): the sum of the matching counters (at most
 *   a few hundred rows; see incidentCounts).
 * - By node (and status and source): the sum of the groups' counters, which know the node but no severity.
 * - Any other filter beside the enums (process instance, assignee, creation time, group, or node with a
 *   severity or a text): the matching incidents counted through that filter's index.
 * - A text found among the messages (one with digits or `#`, an id or a number, which few messages hold):
 *   the matching incidents counted through the messages' index.
 * - Any other text: the counters of the templates that contain it, plus the group counters of the nodes
 *   whose id contains it (their other templates), plus the incidents whose reference alone contains it.
 *   With a severity, which the group counters do not know, the templates' counters plus the incidents that
 *   their reference or node id alone finds; or, when no template holds the text, the matching incidents.
 */
function totalOf(query: ListIncidentsQuery, where: SQL | undefined, search: TextSearch | undefined): SQL {
  const matching = sql`(select count(*) from ${incidents} where ${where})`;
  if (!hasOnlyEnumFilters({ ...query, q: undefined })) {
    if (query.nodeId && !query.severity && hasOnlyEnumFilters({ ...query, nodeId: undefined })) {
      return groupCounted(query, oneOf(incidentGroupCounts.nodeId, query.nodeId));
    }
    return matching;
  }
  if (!search) return counted(incidentCounts, query);
  const { found } = search;
  // The template counters: a template found; a message found (a text with digits) has none.
  if (found && !found.templateCounters) return matching;
  const byTemplate = found?.templateCounters
    ? counted(incidentTemplateCounts, query, found.templateCounters)
    : sql`0`;
  if (query.severity) {
    // The group counters know no severity: the nodes' incidents are counted with the references'.
    if (!found) return matching;
    const byReferenceOnly = and(...kindFilters(incidents, query), search.inReference, not(found.incidents));
    return sql`(${byTemplate} + (select count(*) from ${incidents} where ${byReferenceOnly}))`;
  }
  // Three disjoint parts: a template found; else a node found; else the reference alone.
  const byNode = search.nodeIds.length
    ? groupCounted(
        query,
        inArray(incidentGroupCounts.nodeId, search.nodeIds),
        ...(found?.groupCounters ? [not(found.groupCounters)] : []),
      )
    : sql`0`;
  const byReferenceOnly = and(
    ...kindFilters(incidents, query),
    search.inReferenceAlone,
    ...(found ? [not(found.incidents)] : []),
    ...(search.atNode ? [not(search.atNode)] : []),
  );
  return sql`(${byTemplate} + ${byNode} + (select count(*) from ${incidents} where ${byReferenceOnly}))`;
}

/**
 * Rows skipped to reach a page cost a walk along the index. Up to this offset that is cheap (about 1 ms per
 * thousand); beyond it a page is read from whichever end of the order is nearer, so the last pages of a
 * million incidents cost what the first do and only the middle ones pay for their offset.
 */
export const DEEP_OFFSET = 1_000;

/** A creation range that ends before it starts is a 400 on `createdTo`, for every reader of the filter. */
export function checkCreatedRange(filter: IncidentFilter): void {
  if (filter.createdFrom && filter.createdTo) {
    if (startOfLocal(filter.createdFrom) >= endOfLocal(filter.createdTo)) {
      throw fieldError('createdTo', 'must not be before createdFrom');
    }
  }
}

export async function listIncidents(db: Db, query: ListIncidentsQuery, viewer?: Viewer) {
  checkCreatedRange(query);
  const search = query.q ? await textSearch(db, query.q) : undefined;
  const where = filters(query, search, viewer);
  const total = totalOf(query, where, search);
  const offset = query.page * query.size;
  return offset < DEEP_OFFSET ? nearPage(db, query, where, total, search) : deepPage(db, query, where, total);
}

/**
 * First pages filtered by status, source and severity only (or not at all): the console's and the
 * dashboard's most frequent reads, each shape (its filters, order and page size) built and prepared once per
 * handle (db/prepared.ts). The values are the enums' and the sizes' own, so the shapes are bounded.
 */
let firstPageNames = 0;

/** The parameters a prepared first page's shape is made of; any other filter set means a built query. */
const FIRST_PAGE_SHAPE: ReadonlySet<string> = new Set([
  'status',
  'source',
  'severity',
  'sort',
  'size',
  'page',
]);

/** Whether the query filters by nothing but the enums: an allow-list, so a filter added later is never ignored. */
function hasOnlyEnumFilters(query: ListIncidentsQuery): boolean {
  return Object.entries(query).every(([key, value]) => value === undefined || FIRST_PAGE_SHAPE.has(key));
}
const firstPages = preparedByShape<PreparedPage>(256);

type PreparedPage = ReturnType<ReturnType<typeof pageQuery>['prepare']>;

function pageQuery(db: Db, query: ListIncidentsQuery, where: SQL | undefined, total: SQL) {
  return db
    .select({ incident: incidents, total: sql<number>`${total}`.mapWith(Number) })
    .from(incidents)
    .where(where)
    .orderBy(...orderBy(query.sort ?? []))
    .limit(query.size)
    .offset(query.page * query.size);
}

/** One statement: the page's rows, each carrying the total (counted once, in the same snapshot). */
async function nearPage(
  db: Db,
  query: ListIncidentsQuery,
  where: SQL | undefined,
  total: SQL,
  search: TextSearch | undefined,
) {
  const rows =
    query.page === 0 && !search && hasOnlyEnumFilters(query)
      ? await firstPages(
          db,
          JSON.stringify([query.status, query.source, query.severity, query.sort, query.size]),
          () => pageQuery(db, query, where, total).prepare(`incidents_first_page_${firstPageNames++}`),
        ).execute()
      : await pageQuery(db, query, where, total);
  // A page past the end (or no match) has no row to carry the total.
  const totalElements = rows.length ? rows[0].total : await countOf(db, total);
  return toPage(
    await incidentViews(
      db,
      rows.map((r) => r.incident),
    ),
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
      return toPage(await incidentViews(tx, rows), query.page, query.size, totalElements);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function countOf(db: Db | Tx, total: SQL): Promise<number> {
  return Number(rowsOf<{ total: string | number }>(await db.execute(sql`select ${total} as total`))[0].total);
}
