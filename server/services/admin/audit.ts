// The audit trail of every administrative change (docs/contract.md §5).
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens, auditEvents, groups, incidents, users } from '../../../db/schema';
import { fieldError } from '../../errors';
import { csvChunks, ndjsonChunks, type CsvColumn } from '../../../lib/csv';
import { exportFileName, StreamedFile } from '../../../lib/streamed-file';
import type { AuditFilter, AuditQuery, ExportAuditQuery } from '../../schemas/admin';
import { toPage } from '../../schemas/common';
import { endOfLocal, formatLocalDateTime, startOfLocal } from '../../time';
import { prefixPattern } from '../db-errors';

export interface AuditEntry {
  actor: string;
  action: string;
  targetType:
    | 'user'
    | 'service_account'
    | 'group'
    | 'api_token'
    | 'webhook'
    | 'silence'
    | 'team'
    | 'ownership_rules'
    | 'oncall_schedule';
  targetId: number | null;
  /** Snapshots without secrets: never a password or token. */
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

function auditFilters(query: AuditFilter): SQL[] {
  const filters: SQL[] = [];
  // Usernames are ASCII (docs/contract.md §5), so lower-casing here and in SQL agree.
  if (query.actor)
    filters.push(sql`lower(${auditEvents.actor}) like ${prefixPattern(query.actor.toLowerCase())}`);
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.from) filters.push(gte(auditEvents.createdAt, startOfLocal(query.from)));
  if (query.to) filters.push(lt(auditEvents.createdAt, endOfLocal(query.to)));
  if (query.from && query.to && startOfLocal(query.from) >= endOfLocal(query.to)) {
    throw fieldError('to', 'must not be before from');
  }
  return filters;
}

export async function listAuditEvents(db: Db, query: AuditQuery) {
  const filters = auditFilters(query);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  const pathOf = await targetPaths(db, rows);
  const content = rows.map((r) => auditEventView(r, pathOf(r)));
  return toPage(content, query.page, query.size, Number(total));
}

type AuditRow = typeof auditEvents.$inferSelect;

/** A record as the list answers it, and as each line of the NDJSON export holds it. */
function auditEventView(r: AuditRow, targetPath: string | null) {
  return {
    id: r.id,
    actor: r.actor,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetPath,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: formatLocalDateTime(r.createdAt),
  };
}

/** Records per statement of an export (as the incidents' export). */
export const AUDIT_EXPORT_PAGE_ROWS = 1_000;

type AuditExportRow = { row: AuditRow; targetPath: string | null };

/** The CSV's columns: `before` and `after` as their JSON text; the time in UTC. */
const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditExportRow>[] = [
  { header: 'id', value: ({ row }) => row.id },
  { header: 'createdAt', value: ({ row }) => row.createdAt },
  { header: 'actor', value: ({ row }) => row.actor },
  { header: 'action', value: ({ row }) => row.action },
  { header: 'targetType', value: ({ row }) => row.targetType },
  { header: 'targetId', value: ({ row }) => row.targetId },
  { header: 'targetPath', value: ({ targetPath }) => targetPath },
  { header: 'before', value: ({ row }) => (row.before == null ? null : JSON.stringify(row.before)) },
  { header: 'after', value: ({ row }) => (row.after == null ? null : JSON.stringify(row.after)) },
];

/**
 * The matching records, a page at a time, newest first, each page by keyset (`id <` the last sent) in a
 * statement of its own with its targets' pages found as the list finds them: one page in memory, and no
 * transaction held open while the client reads (docs/contract.md §5, "Export").
 */
async function* auditPages(db: Db, where: SQL | undefined): AsyncGenerator<AuditExportRow[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(where, before === undefined ? undefined : lt(auditEvents.id, before)))
      .orderBy(desc(auditEvents.id))
      .limit(AUDIT_EXPORT_PAGE_ROWS);
    if (rows.length) {
      const pathOf = await targetPaths(db, rows);
      yield rows.map((row) => ({ row, targetPath: pathOf(row) }));
    }
    if (rows.length < AUDIT_EXPORT_PAGE_ROWS) return;
    before = rows[rows.length - 1].id;
  }
}

/**
 * The export of the records `query` matches, as NDJSON (each line a record as the list answers it) or CSV.
 * The filter is checked now, before the answer starts; the records are read as the file is written.
 */
export function exportAuditEvents(db: Db, query: ExportAuditQuery): StreamedFile {
  const filters = auditFilters(query);
  const pages = auditPages(db, filters.length ? and(...filters) : undefined);
  const chunks =
    query.format === 'ndjson'
      ? ndjsonChunks(({ row, targetPath }: AuditExportRow) => auditEventView(row, targetPath), pages)
      : csvChunks(AUDIT_CSV_COLUMNS, pages);
  return new StreamedFile(exportFileName('audit-events', query.format), query.format, chunks);
}

type Target = { targetType: string; targetId: string | null };

/** The ids of one type of target among `rows` (ids written by hand that are not numbers cannot name a row). */
function idsOf(rows: Target[], type: string): number[] {
  return [
    ...new Set(
      rows
        .filter((r) => r.targetType === type && r.targetId && /^[1-9][0-9]{0,15}$/.test(r.targetId))
        .map((r) => Number(r.targetId)),
    ),
  ];
}

/** The console page of a user or service account: they share the table, each kind has its own pages. */
const principalPath = (id: number, kind: string) =>
  kind === 'SERVICE' ? `/admin/service-accounts/${id}` : `/admin/users/${id}`;

/**
 * Finds, in one query per type of target on the page, the console page of each target that still exists:
 * a user's or service account's page, the groups page searched for the group's code, an API token's owner,
 * an incident.
 */
async function targetPaths(db: Db, rows: Target[]): Promise<(row: Target) => string | null> {
  const userIds = [...idsOf(rows, 'user'), ...idsOf(rows, 'service_account')];
  const groupIds = idsOf(rows, 'group');
  const tokenIds = idsOf(rows, 'api_token');
  const incidentIds = idsOf(rows, 'incident');
  const [foundUsers, foundGroups, foundTokens, foundIncidents] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, kind: users.kind }).from(users).where(inArray(users.id, userIds))
      : [],
    groupIds.length
      ? db.select({ id: groups.id, code: groups.code }).from(groups).where(inArray(groups.id, groupIds))
      : [],
    tokenIds.length
      ? db
          .select({ id: apiTokens.id, userId: apiTokens.userId, kind: users.kind })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .where(inArray(apiTokens.id, tokenIds))
      : [],
    incidentIds.length
      ? db.select({ id: incidents.id }).from(incidents).where(inArray(incidents.id, incidentIds))
      : [],
  ]);
  const paths = new Map<string, string>([
    ...foundUsers.map(
      (u) =>
        [
          `${u.kind === 'SERVICE' ? 'service_account' : 'user'}:${u.id}`,
          principalPath(u.id, u.kind),
        ] as const,
    ),
    ...foundGroups.map((g) => [`group:${g.id}`, `/admin/groups?q=${encodeURIComponent(g.code)}`] as const),
    ...foundTokens.map((t) => [`api_token:${t.id}`, principalPath(t.userId, t.kind)] as const),
    ...foundIncidents.map((i) => [`incident:${i.id}`, `/incidents/${i.id}`] as const),
  ]);
  return (row) => paths.get(`${row.targetType}:${row.targetId}`) ?? null;
}
