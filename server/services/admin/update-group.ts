// Updating a group's name and permissions (docs/contract.md §5); audited.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { GroupView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { auditedChange } from './admin-change';
import { getGroupView } from './groups';

export async function updateGroup(
  db: Db,
  input: { id: number; name?: string; permissionCodes?: string[] },
  actor: Principal,
): Promise<GroupView> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: 'group.update',
      targetType: 'group',
      targetId: id,
      before: (tx) => getGroupView(tx, { id }),
      write: async (tx) => {
        await tx
          .update(groups)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
            updatedAt: sql`now()`,
          })
          .where(eq(groups.id, id));
      },
      after: (tx) => getGroupView(tx, { id }),
    },
    actor,
  );
}
