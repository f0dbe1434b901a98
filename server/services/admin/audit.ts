// The audit trail of every administrative change (contract section 5).
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditEvents } from '../../../db/schema';
import { toPage } from '../../schemas/common';
import { formatLocalDateTime } from '../../time';

export interface AuditEntry {
  actor: string;
  action: string;
  targetType: 'user' | 'group' | 'api_token';
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

export async function listAuditEvents(
  db: Db,
  query: { page: number; size: number; actor?: string; action?: string },
) {
  const filters: SQL[] = [];
  if (query.actor) filters.push(eq(auditEvents.actor, query.actor));
  if (query.action) filters.push(eq(auditEvents.action, query.action));
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
  const content = rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: formatLocalDateTime(r.createdAt),
  }));
  return toPage(content, query.page, query.size, Number(total));
}
