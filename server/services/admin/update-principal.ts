// What merge-updating a principal (a person or a service account, both rows of `users`) obeys whichever it
// is (docs/contract.md §5): groups checked to exist, direct permissions kept as a sorted set, memberships
// replaced whole, disabling ends its tokens for good, the whole change audited in one admin transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { groups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { setMemberships } from './user-rules';

/** The fields both kinds share; a kind's own columns come through `PrincipalKind.columns`. */
export interface UpdatePrincipalInput {
  id: number;
  enabled?: boolean;
  groupIds?: number[];
  permissionCodes?: string[];
}

/** What differs between a person and a service account when either is updated. */
export interface PrincipalKind<V extends { enabled: boolean }> {
  kind: (typeof users.$inferSelect)['kind'];
  action: string;
  targetType: 'user' | 'service_account';
  /** The principal as the API shows it; refuses (404) an id of the other kind. */
  load: (tx: Db, input: { id: number }) => Promise<V>;
  /** The kind's own columns the input sets. */
  columns?: Partial<typeof users.$inferInsert>;
  /** What else a disabled principal loses, in the same transaction (a person's console sessions). */
  onDisable?: (tx: Tx, id: number) => Promise<unknown>;
}

export async function updatePrincipal<V extends { enabled: boolean }>(
  db: Db,
  kind: PrincipalKind<V>,
  input: UpdatePrincipalInput,
  actor: Principal,
): Promise<V> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: kind.action,
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
            ...kind.columns,
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
