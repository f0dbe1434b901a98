// Merge-updating a user: enabled, groups, direct permissions (docs/contract.md §5), by the rules every
// principal's update obeys (update-principal.ts). Disabling also ends the user's console sessions at once.
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { UserView } from '../../schemas/admin';
import { PERSON } from './principal-kinds';
import { updatePrincipal, type UpdatePrincipalInput } from './update-principal';

export type UpdateUserInput = UpdatePrincipalInput;

export function updateUser(db: Db, input: UpdateUserInput, actor: Principal): Promise<UserView> {
  return updatePrincipal(db, PERSON, input, actor);
}
