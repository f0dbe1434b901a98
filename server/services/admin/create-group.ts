// Creating a group with its permissions (docs/contract.md §5); audited.
import type { Db } from '../../../db/client';
import { groups } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import type { GroupView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { auditedChange } from './admin-change';
import { getGroupView } from './groups';

const codeTaken = (code: string) =>
  conflict(`Group code "${code}" is already taken`, [{ field: 'code', message: 'already taken' }]);

export async function createGroup(
  db: Db,
  input: { code: string; name: string; permissionCodes: string[] },
  actor: Principal,
): Promise<GroupView> {
  return auditedChange(
    db,
    {
      action: 'group.create',
      targetType: 'group',
      targetId: (view) => view.id,
      write: async (tx) => {
        const inserted = await tx
          .insert(groups)
          .values({ code: input.code, name: input.name, permissions: sortedSet(input.permissionCodes) })
          .onConflictDoNothing()
          .returning({ id: groups.id });
        if (!inserted.length) throw codeTaken(input.code);
        return inserted[0];
      },
      after: getGroupView,
    },
    actor,
  );
}
