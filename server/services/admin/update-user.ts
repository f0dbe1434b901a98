// Merge-updating a user: enabled, groups, direct permissions (docs/contract.md §5), by the rules every
// principal's update obeys (update-principal.ts). Disabling also ends the user's console sessions at once.
import type { Db } from '../../../db/client';
import { endSessionsOfUser } from '../../auth/console-sessions';
import type { Principal } from '../../auth/principal';
import type { UserView } from '../../schemas/admin';
import { updatePrincipal, type UpdatePrincipalInput } from './update-principal';
import { getUserView } from './users';

export type UpdateUserInput = UpdatePrincipalInput;

export function updateUser(db: Db, input: UpdateUserInput, actor: Principal): Promise<UserView> {
  return updatePrincipal(
    db,
    {
      kind: 'PERSON',
      action: 'user.update',
      targetType: 'user',
      load: getUserView,
      onDisable: (tx, userId) => endSessionsOfUser(tx, { userId }),
    },
    input,
    actor,
  );
}
