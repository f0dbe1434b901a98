// Merge-updating a service account: description, enabled, groups, direct permissions (docs/contract.md §5);
// audited. Disabling ends its tokens at once, as it does a user's.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { ServiceAccountView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { getServiceAccount } from './service-accounts';
import { setMemberships } from './user-rules';

export interface UpdateServiceAccountInput {
  id: number;
  description?: string | null;
  enabled?: boolean;
  groupIds?: number[];
  permissionCodes?: string[];
  /** null: back to the default. */
  rateLimitPerMinute?: number | null;
}

export async function updateServiceAccount(
  db: Db,
  input: UpdateServiceAccountInput,
  actor: Principal,
): Promise<ServiceAccountView> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: 'service_account.update',
      targetType: 'service_account',
      targetId: id,
      before: async (tx) => {
        const before = await getServiceAccount(tx, { id });
        if (input.groupIds) await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
        return before;
      },
      write: async (tx, before) => {
        const disabling = input.enabled === false && before.enabled;
        await tx
          .update(users)
          .set({
            ...(input.description !== undefined && { description: input.description || null }),
            ...(input.enabled !== undefined && { enabled: input.enabled }),
            ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
            ...(input.rateLimitPerMinute !== undefined && { rateLimitPerMinute: input.rateLimitPerMinute }),
            // As for a user: a disabled account's tokens die now and stay dead if it is enabled again.
            ...(disabling && { tokenVersion: sql`${users.tokenVersion} + 1` }),
            updatedAt: sql`now()`,
          })
          .where(and(eq(users.id, id), eq(users.kind, 'SERVICE')));
        if (input.groupIds) await setMemberships(tx, id, input.groupIds);
      },
      after: (tx) => getServiceAccount(tx, { id }),
    },
    actor,
  );
}
