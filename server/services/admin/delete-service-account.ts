// Deleting a service account with its memberships and API tokens (docs/contract.md §5); audited.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import { auditedChange } from './admin-change';
import { getServiceAccount } from './service-accounts';

export async function deleteServiceAccount(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  // As for a user: a token must not delete the account it acts as, the caller would lock itself out.
  if (actor.userId === input.id) throw conflict('A service account cannot delete itself');
  await auditedChange(
    db,
    {
      action: 'service_account.delete',
      targetType: 'service_account',
      targetId: input.id,
      // The tokens that end with it are named in the record, as each revocation would be.
      before: async (tx) => ({
        ...(await getServiceAccount(tx, input)),
        tokens: (
          await tx
            .select({ id: apiTokens.id, name: apiTokens.name })
            .from(apiTokens)
            .where(eq(apiTokens.userId, input.id))
            .orderBy(asc(apiTokens.id))
        ).map((t) => t.name),
      }),
      // Its tokens go with it (ON DELETE CASCADE), so they stop working at once.
      write: async (tx) => {
        await tx.delete(users).where(and(eq(users.id, input.id), eq(users.kind, 'SERVICE')));
      },
    },
    actor,
  );
}
