// Deleting a group; its memberships go with it (docs/contract.md §5); audited.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import { isForeignKeyViolation } from '../db-errors';
import { auditedChange } from './admin-change';
import { getGroupView } from './groups';
import { listUsersOfGroup } from './users';
import { usernamesOf } from './group-members';

export async function deleteGroup(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  const { id } = input;
  await auditedChange(
    db,
    {
      action: 'group.delete',
      targetType: 'group',
      targetId: id,
      before: async (tx) => {
        const view = await getGroupView(tx, { id });
        return { ...view, members: usernamesOf(await listUsersOfGroup(tx, { groupId: id })) };
      },
      write: async (tx) => {
        await tx
          .delete(groups)
          .where(eq(groups.id, id))
          .catch((e) => {
            // Its team (teams.ts) is named by ownership rules, which would be left with no team.
            if (isForeignKeyViolation(e))
              throw conflict(`Group ${id} is a team that ownership rules name: replace the rules first`);
            throw e;
          });
      },
    },
    actor,
  );
}
