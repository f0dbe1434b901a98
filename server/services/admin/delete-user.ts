// Deleting a user (never oneself), with the user's memberships and API tokens (docs/contract.md §5), as
// every principal is deleted (delete-principal.ts).
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { deletePrincipal } from './delete-principal';
import { PERSON } from './principal-kinds';

export function deleteUser(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  return deletePrincipal(db, PERSON, input, actor, { selfRefusal: 'You cannot delete your own account' });
}
