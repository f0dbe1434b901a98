// The grouped view of incidents (docs/contract.md §6): one row per source, node and message
// template (the message with its numbers folded to `#`, migration 0006), with counts per status and when
// the group was first and last seen. The list's filters apply through the list's own where-builder.
// Unfiltered, or filtered by source only, the groups are read from their counters (incidentGroupCounts,
// migration 0015): a few thousand rows whatever the number of incidents. Any other filter aggregates the
// matching incidents; the unresolved ones through their partial covering index (migration 0014).
import { asc, desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentGroupCounts, incidentMessageTemplates, incidents } from '../../../db/schema';
import { toPage } from '../../schemas/common';
import type { IncidentGroupView, ListIncidentGroupsQuery } from '../../schemas/incidents';
import { formatLocalDateTime } from '../../time';
import { filters, type Viewer } from './list-incidents';
import { textSearch } from './text-search';

const countOf = (status: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED') =>
  sql<number>`count(*) filter (where ${incidents.status} = ${status})`.mapWith(Number);

/** The parameters the counters can answer; any other filter means aggregating the incidents. */
const COUNTED_SHAPE: ReadonlySet<string> = new Set(['source', 'sort', 'page', 'size']);

/** Whether the counters answer the query: an allow-list, so a filter added later is never ignored. */
function servedByCounters(query: ListIncidentGroupsQuery): boolean {
  return Object.entries(query).every(([key, value]) => value === undefined || COUNTED_SHAPE.has(key));
}

/** The groups' order: ties end in the group's key, so that pages never overlap. */
function groupOrder(query: ListIncidentGroupsQuery, count: SQL, lastSeen: SQL, keys: SQL[]): SQL[] {
  return query.sort === 'count'
    ? [desc(count), desc(lastSeen), ...keys.map((k) => asc(k))]
    : [desc(lastSeen), desc(count), ...keys.map((k) => asc(k))];
}

export async function listIncidentGroups(db: Db, query: ListIncidentGroupsQuery, viewer?: Viewer) {
  if (servedByCounters(query)) {
    const where = countedWhere(query);
    return toGroupPage(db, query, await countedGroups(db, query, where), () =>
      countGroups(db, incidentGroupCounts, where),
    );
  }
  const search = query.q ? await textSearch(db, query.q) : undefined;
  const where = filters(query, search, viewer);
  const count = sql<number>`count(*)`.mapWith(Number);
  const lastSeen = sql<Date>`max(${incidents.lastOccurredAt})`.mapWith(incidents.lastOccurredAt);
  const keys = [incidents.source, incidents.nodeId, incidents.templateId];
  const rows = await db
    .select({
      source: incidents.source,
      nodeId: incidents.nodeId,
      templateId: incidents.templateId,
      count,
      open: countOf('OPEN'),
      acknowledged: countOf('ACKNOWLEDGED'),
      resolved: countOf('RESOLVED'),
      firstSeen: sql<Date>`min(${incidents.createdAt})`.mapWith(incidents.createdAt),
      lastSeen,
      latestIncidentId: sql<number>`max(${incidents.id})`.mapWith(Number),
      // The number of groups, counted in the same statement (a window over the grouped rows).
      groups: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(incidents)
    .where(where)
    .groupBy(...keys)
    .orderBy(
      ...groupOrder(
        query,
        count,
        lastSeen,
        keys.map((k) => sql`${k}`),
      ),
    )
    .limit(query.size)
    .offset(query.page * query.size);
  return toGroupPage(db, query, rows, () => countGroups(db, incidents, where));
}

/** The counters' filter: the source is all they can be asked for (servedByCounters). */
function countedWhere(query: ListIncidentGroupsQuery): SQL | undefined {
  return query.source ? inArray(incidentGroupCounts.source, query.source) : undefined;
}

/** A page of groups from their counters: each group's 8 shards summed. */
function countedGroups(db: Db, query: ListIncidentGroupsQuery, where: SQL | undefined) {
  const g = incidentGroupCounts;
  const sum = (column: AnyColumn) => sql<number>`sum(${column})`.mapWith(Number);
  const count = sql<number>`sum(${g.open} + ${g.acknowledged} + ${g.resolved})`.mapWith(Number);
  const lastSeen = sql<Date>`max(${g.lastSeen})`.mapWith(g.lastSeen);
  const keys = [g.source, g.nodeId, g.templateId];
  return db
    .select({
      source: g.source,
      nodeId: g.nodeId,
      templateId: g.templateId,
      count,
      open: sum(g.open),
      acknowledged: sum(g.acknowledged),
      resolved: sum(g.resolved),
      firstSeen: sql<Date>`min(${g.firstSeen})`.mapWith(g.firstSeen),
      lastSeen,
      latestIncidentId: sql<number>`max(${g.latestIncidentId})`.mapWith(Number),
      groups: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(g)
    .where(where)
    .groupBy(...keys)
    .orderBy(
      ...groupOrder(
        query,
        count,
        lastSeen,
        keys.map((k) => sql`${k}`),
      ),
    )
    .limit(query.size)
    .offset(query.page * query.size);
}

type GroupRow = Awaited<ReturnType<typeof countedGroups>>[number];

/** The page of groups with their texts; `countAll` counts the groups for a page past the end. */
async function toGroupPage(
  db: Db,
  query: ListIncidentGroupsQuery,
  rows: GroupRow[],
  countAll: () => Promise<number>,
) {
  const totalElements = rows.length ? rows[0].groups : await countAll();
  if (!rows.length) return toPage<IncidentGroupView>([], query.page, query.size, totalElements);

  // The page's texts: its groups' templates and the message of each one's latest incident.
  const [templates, latest] = await Promise.all([
    db
      .select({ id: incidentMessageTemplates.id, template: incidentMessageTemplates.template })
      .from(incidentMessageTemplates)
      .where(
        inArray(
          incidentMessageTemplates.id,
          rows.map((r) => r.templateId),
        ),
      ),
    db
      .select({ id: incidents.id, message: incidents.message })
      .from(incidents)
      .where(
        inArray(
          incidents.id,
          rows.map((r) => r.latestIncidentId),
        ),
      ),
  ]);
  const templateOf = new Map(templates.map((t) => [t.id, t.template]));
  const messageOf = new Map(latest.map((m) => [m.id, m.message]));
  const content = rows.map((r): IncidentGroupView => ({
    key: `${r.source}:${r.templateId}:${r.nodeId}`,
    source: r.source,
    nodeId: r.nodeId,
    templateId: r.templateId,
    template: templateOf.get(r.templateId) ?? '',
    sampleMessage: messageOf.get(r.latestIncidentId) ?? '',
    latestIncidentId: r.latestIncidentId,
    count: r.count,
    open: r.open,
    acknowledged: r.acknowledged,
    resolved: r.resolved,
    firstSeen: formatLocalDateTime(r.firstSeen),
    lastSeen: formatLocalDateTime(r.lastSeen),
  }));
  return toPage(content, query.page, query.size, totalElements);
}

/**
 * The number of groups among the rows of `table` that pass `where`, for a page past the end (which has no
 * row to carry it): the incidents themselves, or their groups' counters.
 */
async function countGroups(
  db: Db,
  table: typeof incidents | typeof incidentGroupCounts,
  where: SQL | undefined,
): Promise<number> {
  const grouped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .groupBy(table.source, table.nodeId, table.templateId)
    .as('grouped');
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(grouped);
  return n;
}
