// Lifting the sign-in lock that repeated failed attempts put on a user (server/auth/lockout.ts).
import type { Db } from '../../../db/client';
import { clearFailures } from '../../auth/lockout';
import type { Principal } from '../../auth/principal';
import { auditedChange } from './admin-change';
import { getUserDetail } from './users';

/** Lifts a user's sign-in lock and forgets their failed attempts. */
export async function unlockUser(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  await auditedChange(
    db,
    {
      action: 'user.unlock',
      targetType: 'user',
      targetId: input.id,
      before: async (tx) => {
        const { username, lockedUntil } = await getUserDetail(tx, input);
        return { username, lockedUntil };
      },
      write: (tx, { username }) => clearFailures(tx, { username }),
    },
    actor,
  );
}
