// What every change of a user obeys: a password other than the username, a free username, memberships
// replaced whole (docs/contract.md §5).
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import { conflict, fieldError, type DomainError } from '../../errors';
import { isForeignKeyViolation, sortedSet } from '../db-errors';
import { assertIdsExist } from './admin-change';

export function assertPasswordAllowed(username: string, password: string) {
  if (password.toLowerCase() === username.toLowerCase())
    throw fieldError('password', 'must not equal the username');
}

export const usernameTaken = (username: string) =>
  conflict(`Username "${username}" is already taken`, [{ field: 'username', message: 'already taken' }]);

/**
 * Replaces a user's group memberships with exactly `groupIds`. A group deleted between the existence check
 * and the insert surfaces as a foreign-key violation: a 400 on groupIds.
 */
export async function setMemberships(tx: Db, userId: number, groupIds: number[]) {
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  if (!groupIds.length) return;
  await tx
    .insert(userGroups)
    .values(sortedSet(groupIds).map((groupId) => ({ userId, groupId })))
    .catch((error) => {
      if (isForeignKeyViolation(error))
        throw fieldError('groupIds', 'refers to a group or user that no longer exists');
      throw error;
    });
}

/**
 * A new row of `users` (a person or a service account: one name space) with its groups, in the change's
 * transaction; `taken` is the refusal when the name is already someone's.
 */
export async function insertUserWithGroups(
  tx: Db,
  row: typeof users.$inferInsert,
  groupIds: number[],
  taken: () => DomainError,
): Promise<{ id: number }> {
  await assertIdsExist(tx, groups, groupIds, 'groupIds');
  const inserted = await tx.insert(users).values(row).onConflictDoNothing().returning({ id: users.id });
  if (!inserted.length) throw taken();
  const { id } = inserted[0];
  await setMemberships(tx, id, groupIds);
  return { id };
}
