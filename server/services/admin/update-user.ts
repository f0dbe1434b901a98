// Merge-updating a user: enabled, groups, direct permissions (docs/contract.md §5); audited. Disabling ends
// the user's tokens and console sessions at once.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, users } from '../../../db/schema';
import { endSessionsOfUser } from '../../auth/console-sessions';
import type { Principal } from '../../auth/principal';
import type { UserView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { getUserView } from './users';
import { setMemberships } from './user-rules';

export interface UpdateUserInput {
  id: number;
  enabled?: boolean;
  groupIds?: number[];
  permissionCodes?: string[];
}

export async function updateUser(db: Db, input: UpdateUserInput, actor: Principal): Promise<UserView> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: async (tx) => {
        const before = await getUserView(tx, { id });
        if (input.groupIds) await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
        return before;
      },
      write: async (tx, before) => {
        const disabling = input.enabled === false && before.enabled;
        await tx
          .update(users)
          .set({
            ...(input.enabled !== undefined && { enabled: input.enabled }),
            ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
            // A disabled user's tokens must die now and stay dead if the user is enabled again later.
            ...(disabling && { tokenVersion: sql`${users.tokenVersion} + 1` }),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id));
        if (disabling) await endSessionsOfUser(tx, { userId: id });
        if (input.groupIds) await setMemberships(tx, id, input.groupIds);
      },
      after: (tx) => getUserView(tx, { id }),
    },
    actor,
  );
}
