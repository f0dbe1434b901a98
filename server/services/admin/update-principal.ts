// What merge-updating a principal (a person or a service account) obeys whichever it is
// (docs/contract.md §5): groups checked to exist, direct permissions kept as a sorted set, memberships
// replaced whole, disabling ends its tokens for good, the whole change audited in one admin transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import type { PrincipalKind } from './principal-kinds';
import { setMemberships } from './user-rules';

/** The fields both kinds share. */
export interface UpdatePrincipalInput {
  id: number;
  enabled?: boolean;
  groupIds?: number[];
  permissionCodes?: string[];
}

/** `columns`: the kind's own columns the input sets. */
export async function updatePrincipal<V extends { enabled: boolean }>(
  db: Db,
  kind: PrincipalKind<V>,
  input: UpdatePrincipalInput,
  actor: Principal,
  columns: Partial<typeof users.$inferInsert> = {},
): Promise<V> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: `${kind.targetType}.update`,
      targetType: kind.targetType,
      targetId: id,
      before: async (tx) => {
        const before = await kind.load(tx, { id });
        if (input.groupIds) await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
        return before;
      },
      write: async (tx, before) => {
        const disabling = input.enabled === false && before.enabled;
        await tx
          .update(users)
          .set({
            ...columns,
            ...(input.enabled !== undefined && { enabled: input.enabled }),
            ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
            // A disabled principal's tokens must die now and stay dead if it is enabled again later.
            ...(disabling && { tokenVersion: sql`${users.tokenVersion} + 1` }),
            updatedAt: sql`now()`,
          })
          .where(and(eq(users.id, id), eq(users.kind, kind.kind)));
        if (disabling && kind.onDisable) await kind.onDisable(tx, id);
        if (input.groupIds) await setMemberships(tx, id, input.groupIds);
      },
      after: (tx) => kind.load(tx, { id }),
    },
    actor,
  );
}
