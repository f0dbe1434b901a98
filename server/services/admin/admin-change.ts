// Every administrative change runs here: one transaction, serialised with the others, that refuses to
// commit a state in which no enabled user holds ACCESS_BPM_ADMIN.
import { inArray, sql } from 'drizzle-orm';
import { groups, users } from '../../../db/schema';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { forgetAuthentications } from '../../auth/auth-cache';
import { lastAdmin, validationError } from '../../errors';
import { ADMIN_PERMISSION } from '../../permissions';

// Admin changes are rare; serialising them makes the last-admin rule exact under concurrency (two admins
// removing each other at once cannot both succeed) at no cost that matters.
const ADMIN_CHANGE_LOCK = 7_340_211;

async function someEnabledAdminExists(tx: Db): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`
      select exists (
        select 1 from users u
        where u.enabled and (${ADMIN_PERMISSION} = any(u.permissions) or exists (
          select 1 from user_groups ug join groups g on g.id = ug.group_id
          where ug.user_id = u.id and ${ADMIN_PERMISSION} = any(g.permissions)))
      ) as ok`),
  );
  return row.ok;
}

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

/** 400 naming every id in `ids` that has no row in `table` (users or groups). */
export async function assertIdsExist(
  tx: Db,
  table: typeof users | typeof groups,
  ids: number[],
  field: string,
) {
  if (!ids.length) return;
  const found = new Set(
    (await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id),
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
