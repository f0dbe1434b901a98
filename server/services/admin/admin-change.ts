// Every administrative change runs here: one transaction, serialised with the others, that refuses to
// commit a state in which no enabled person holds ACCESS_BPM_ADMIN, and writes the change's audit record.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { groups, users } from '../../../db/schema';
import type { Db, Tx } from '../../../db/client';
import { forgetAuthentications } from '../../auth/auth-cache';
import { holdsPermission } from '../../auth/effective-permissions';
import type { Principal } from '../../auth/principal';
import { lastAdmin, validationError } from '../../errors';
import { ADMIN_PERMISSION } from '../../permissions';
import { recordAudit, type AuditEntry } from './audit';

// Admin changes are rare; serialising them makes the last-admin rule exact under concurrency (two admins
// removing each other at once cannot both succeed) at no cost that matters.
const ADMIN_CHANGE_LOCK = 7_340_211;

async function someEnabledAdminExists(tx: Db): Promise<boolean> {
  const found = await tx
    .select({ id: users.id })
    .from(users)
    // Only a person counts: an administrator must remain someone who can sign in to the console.
    .where(and(eq(users.enabled, true), eq(users.kind, 'PERSON'), holdsPermission(ADMIN_PERMISSION)))
    .limit(1);
  return found.length > 0;
}

/**
 * A change under the administrators' lock that may not leave no enabled administrator (LAST_ADMIN): what
 * auditedChange runs, and the group memberships a single sign-on applies.
 */
export async function runAdminChange<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`);
    // Only a change that removes the last administrator is refused; a database that has none yet
    // (SECURITY_DISABLED before any admin exists) can still be set up.
    const hadAdmin = await someEnabledAdminExists(tx);
    const result = await change(tx);
    if (hadAdmin && !(await someEnabledAdminExists(tx))) throw lastAdmin();
    return result;
  });
  // Committed: the next request through this process must already see it (other processes hear the
  // NOTIFY of migration 0004).
  forgetAuthentications(db);
  return result;
}

/**
 * One administrative change: load the state before (which may refuse: 404, 400), write, load the state
 * after, and record both in the audit log, all in one admin transaction. `B` is what `before` loads,
 * `W` what `write` answers, `A` what `after` loads from it (W itself without `after`): the change answers A.
 * (TypeScript infers A from the properties in their order: a `targetId` or `snapshots` function that reads
 * the answer comes after `write` and `after`.)
 */
export interface AuditedChange<B, W, A> {
  action: string;
  targetType: AuditEntry['targetType'];
  /** The target's id, or how to find it in the answer (a creation learns it from its insert). */
  targetId: number | ((after: A) => number);
  before?: (tx: Tx) => Promise<B>;
  write: (tx: Tx, before: B) => Promise<W>;
  after?: (tx: Tx, written: W) => Promise<A>;
  /** The audit record's snapshots; by default what `before` and `after` loaded (those that were given). */
  snapshots?: (before: B, after: A) => Pick<AuditEntry, 'before' | 'after'>;
}

export function auditedChange<B = undefined, W = void, A = W>(
  db: Db,
  change: AuditedChange<B, W, A>,
  actor: Principal,
): Promise<A> {
  return runAdminChange(db, async (tx) => {
    const before = (change.before ? await change.before(tx) : undefined) as B;
    const written = await change.write(tx, before);
    const after = (change.after ? await change.after(tx, written) : written) as A;
    const snapshots = change.snapshots
      ? change.snapshots(before, after)
      : { before: change.before && before, after: change.after && after };
    await recordAudit(tx, {
      actor: actor.username,
      action: change.action,
      targetType: change.targetType,
      targetId: typeof change.targetId === 'function' ? change.targetId(after) : change.targetId,
      ...snapshots,
    });
    return after;
  });
}

/**
 * 400 naming every id in `ids` that has no row in `table`: groups, or users meaning people (a service
 * account's groups are set on the service account, never through a group's members).
 */
export async function assertIdsExist(
  tx: Db,
  table: typeof users | typeof groups,
  ids: number[],
  field: string,
) {
  if (!ids.length) return;
  const found = new Set(
    (
      await tx
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, ids), table === users ? eq(users.kind, 'PERSON') : undefined))
    ).map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const what = table === users ? 'user' : 'group';
    throw validationError(
      `Unknown ${what} id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      missing.map((id) => ({ field, message: `unknown ${what} id ${id}` })),
    );
  }
}
