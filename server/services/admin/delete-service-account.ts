// Deleting a service account with its memberships and API tokens (docs/contract.md §5), as every principal
// is deleted (delete-principal.ts).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { deletePrincipal } from './delete-principal';
import { SERVICE_ACCOUNT } from './principal-kinds';

export function deleteServiceAccount(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  return deletePrincipal(db, SERVICE_ACCOUNT, input, actor, {
    selfRefusal: 'A service account cannot delete itself',
    // The tokens that end with it are named in the record, as each revocation would be.
    record: async (tx, account) => ({
      ...account,
      tokens: (
        await tx
          .select({ name: apiTokens.name })
          .from(apiTokens)
          .where(eq(apiTokens.userId, account.id))
          .orderBy(asc(apiTokens.id))
      ).map((t) => t.name),
    }),
  });
}
