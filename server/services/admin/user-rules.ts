// What every change of a user obeys: a password other than the username, a free username, memberships
// replaced whole (docs/contract.md §5).
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userGroups } from '../../../db/schema';
import { conflict, fieldError } from '../../errors';
import { isForeignKeyViolation, sortedSet } from '../db-errors';

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
