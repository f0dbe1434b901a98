// Replacing a group's members whole (docs/contract.md §5); audited.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userGroups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { fieldError } from '../../errors';
import type { UserView } from '../../schemas/admin';
import { isForeignKeyViolation, sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { getGroupView } from './groups';
import { listUsersOfGroup } from './users';
import { usernamesOf } from './group-members';

/**
 * Replaces the group's people with exactly `userIds` (duplicates collapsed). Service accounts in the group
 * stay: their groups are set on each service account, and an id of one here is an unknown user id.
 */
export async function updateGroupUsers(
  db: Db,
  input: { id: number; userIds: number[] },
  actor: Principal,
): Promise<UserView[]> {
  const { id, userIds } = input;
  return auditedChange(
    db,
    {
      action: 'group.members_update',
      targetType: 'group',
      targetId: id,
      before: async (tx) => {
        const { code } = await getGroupView(tx, { id });
        await assertIdsExist(tx, users, userIds, 'userIds');
        return { code, members: usernamesOf(await listUsersOfGroup(tx, { groupId: id })) };
      },
      write: async (tx) => {
        await tx
          .delete(userGroups)
          .where(
            and(
              eq(userGroups.groupId, id),
              inArray(
                userGroups.userId,
                tx.select({ id: users.id }).from(users).where(eq(users.kind, 'PERSON')),
              ),
            ),
          );
        if (!userIds.length) return;
        await tx
          .insert(userGroups)
          .values(sortedSet(userIds).map((userId) => ({ userId, groupId: id })))
          .catch((e) => {
            if (isForeignKeyViolation(e))
              throw fieldError('userIds', 'refers to a user that no longer exists');
            throw e;
          });
      },
      after: (tx) => listUsersOfGroup(tx, { groupId: id }),
      snapshots: (before, members) => ({
        before,
        after: { code: before.code, members: usernamesOf(members) },
      }),
    },
    actor,
  );
}
