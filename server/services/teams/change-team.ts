// Creating, changing and deleting teams, and setting their members (docs/contract.md §13); each audited,
// under the administrators' lock (admin-change.ts) as every change to groups is.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { groups, ownershipRules, teams, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict, notFound } from '../../errors';
import type { CreateTeamInput, TeamView, UpdateTeamInput } from '../../schemas/teams';
import type { UserView } from '../../schemas/admin';
import { assertIdsExist, auditedChange } from '../admin/admin-change';
import { updateGroupUsers } from '../admin/update-group-users';
import { getTeam } from './teams';

async function assertLead(tx: Tx, leadUserId: number | null | undefined) {
  if (leadUserId != null) await assertIdsExist(tx, users, [leadUserId], 'leadUserId');
}

/** A team: an existing group marked as one, or a new group made for it. */
export function createTeam(db: Db, input: CreateTeamInput, actor: Principal): Promise<TeamView> {
  return auditedChange(
    db,
    {
      action: 'team.create',
      targetType: 'team',
      targetId: (view) => view.id,
      write: async (tx) => {
        await assertLead(tx, input.leadUserId);
        let groupId = input.groupId;
        if (groupId === undefined) {
          const [created] = await tx
            .insert(groups)
            .values({ code: input.code!, name: input.name! })
            .onConflictDoNothing()
            .returning({ id: groups.id });
          if (!created)
            throw conflict(`Group code "${input.code}" is already taken`, [
              { field: 'code', message: 'already taken' },
            ]);
          groupId = created.id;
        } else {
          await assertIdsExist(tx, groups, [groupId], 'groupId');
        }
        const [marked] = await tx
          .insert(teams)
          .values({ groupId, description: input.description, leadUserId: input.leadUserId })
          .onConflictDoNothing()
          .returning({ id: teams.groupId });
        if (!marked)
          throw conflict(`Group ${groupId} is already a team`, [
            { field: 'groupId', message: 'already a team' },
          ]);
        return marked;
      },
      after: (tx, { id }) => getTeam(tx, { id }),
    },
    actor,
  );
}

export function updateTeam(db: Db, input: UpdateTeamInput, actor: Principal): Promise<TeamView> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: 'team.update',
      targetType: 'team',
      targetId: id,
      before: (tx) => getTeam(tx, { id }),
      write: async (tx) => {
        await assertLead(tx, input.leadUserId);
        if (input.name !== undefined)
          await tx.update(groups).set({ name: input.name, updatedAt: new Date() }).where(eq(groups.id, id));
        if (input.description !== undefined || input.leadUserId !== undefined)
          await tx
            .update(teams)
            .set({ description: input.description, leadUserId: input.leadUserId })
            .where(eq(teams.groupId, id));
      },
      after: (tx) => getTeam(tx, { id }),
    },
    actor,
  );
}

/**
 * Takes the team mark off the group (the group, its members and permissions stay). Refused while a rule
 * names the team: the rules are replaced first, which decides the owners of its unresolved incidents again.
 * Resolved incidents it owned are left with no owner.
 */
export async function deleteTeam(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  const { id } = input;
  await auditedChange(
    db,
    {
      action: 'team.delete',
      targetType: 'team',
      targetId: id,
      before: (tx) => getTeam(tx, { id }),
      write: async (tx) => {
        const named = await tx
          .select({ position: ownershipRules.position })
          .from(ownershipRules)
          .where(eq(ownershipRules.teamId, id))
          .limit(1);
        if (named.length) throw conflict(`Team ${id} is named by ownership rules: replace the rules first`);
        await tx.delete(teams).where(eq(teams.groupId, id));
      },
    },
    actor,
  );
}

/** The team's people replaced whole: its group's members (update-group-users.ts). */
export async function updateTeamMembers(
  db: Db,
  input: { id: number; userIds: number[] },
  actor: Principal,
): Promise<UserView[]> {
  const [team] = await db.select({ id: teams.groupId }).from(teams).where(eq(teams.groupId, input.id));
  if (!team) throw notFound('Team', input.id);
  return updateGroupUsers(db, input, actor);
}
