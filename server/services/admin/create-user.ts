// Creating a user, with groups and direct permissions (docs/contract.md §5); audited.
import type { Db } from '../../../db/client';
import { groups, users } from '../../../db/schema';
import { hashPassword } from '../../auth/passwords';
import type { Principal } from '../../auth/principal';
import type { UserView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { getUserView } from './users';
import { assertPasswordAllowed, setMemberships, usernameTaken } from './user-rules';

export interface CreateUserInput {
  username: string;
  password: string;
  enabled: boolean;
  groupIds: number[];
  permissionCodes: string[];
}

export async function createUser(db: Db, input: CreateUserInput, actor: Principal): Promise<UserView> {
  assertPasswordAllowed(input.username, input.password);
  const passwordHash = await hashPassword(input.password);
  return auditedChange(
    db,
    {
      action: 'user.create',
      targetType: 'user',
      targetId: (view) => view.id,
      write: async (tx) => {
        await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
        const inserted = await tx
          .insert(users)
          .values({
            username: input.username,
            passwordHash,
            enabled: input.enabled,
            permissions: sortedSet(input.permissionCodes),
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!inserted.length) throw usernameTaken(input.username);
        const { id } = inserted[0];
        await setMemberships(tx, id, input.groupIds);
        return { id };
      },
      after: getUserView,
    },
    actor,
  );
}
