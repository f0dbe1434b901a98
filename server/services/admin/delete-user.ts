// Deleting a user (never oneself), with the user's memberships and API tokens (docs/contract.md §5); audited.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import { auditedChange } from './admin-change';
import { getUserView } from './users';

export async function deleteUser(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  if (actor.userId === input.id) throw conflict('You cannot delete your own account');
  await auditedChange(
    db,
    {
      action: 'user.delete',
      targetType: 'user',
      targetId: input.id,
      before: (tx) => getUserView(tx, input),
      // Memberships and API tokens go with the user (ON DELETE CASCADE).
      write: async (tx) => {
        await tx.delete(users).where(eq(users.id, input.id));
      },
    },
    actor,
  );
}
