// Creating a user, with groups and direct permissions (docs/contract.md §5); audited.
import type { Db } from '../../../db/client';
import { hashPassword } from '../../auth/passwords';
import type { Principal } from '../../auth/principal';
import type { UserView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { auditedChange } from './admin-change';
import { getUserView } from './users';
import { assertPasswordAllowed, insertUserWithGroups, usernameTaken } from './user-rules';

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
      write: (tx) =>
        insertUserWithGroups(
          tx,
          {
            username: input.username,
            passwordHash,
            enabled: input.enabled,
            permissions: sortedSet(input.permissionCodes),
          },
          input.groupIds,
          () => usernameTaken(input.username),
        ),
      after: getUserView,
    },
    actor,
  );
}
