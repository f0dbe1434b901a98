// Teams as the API shows them (docs/contract.md §13): groups marked as teams, with what only a team has.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, teams, userGroups, users } from '../../../db/schema';
import { notFound } from '../../errors';
import type { TeamView } from '../../schemas/teams';
import type { Viewer } from '../incidents/list-incidents';

async function loadTeamViews(db: Db, where?: SQL): Promise<TeamView[]> {
  const rows = await db
    .select({
      id: teams.groupId,
      code: groups.code,
      name: groups.name,
      description: teams.description,
      leadUserId: teams.leadUserId,
      memberCount: sql<number>`(${db
        .select({ n: count() })
        .from(userGroups)
        .innerJoin(users, eq(users.id, userGroups.userId))
        .where(and(eq(userGroups.groupId, teams.groupId), eq(users.kind, 'PERSON')))})::int`,
    })
    .from(teams)
    .innerJoin(groups, eq(groups.id, teams.groupId))
    .where(where)
    .orderBy(asc(groups.code));
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

export function listTeams(db: Db): Promise<TeamView[]> {
  return loadTeamViews(db);
}

export async function getTeam(db: Db, input: { id: number }): Promise<TeamView> {
  const [view] = await loadTeamViews(db, eq(teams.groupId, input.id));
  if (!view) throw notFound('Team', input.id);
  return view;
}

/** The teams the viewer is a member of (their groups marked as teams), by code; none for no user. */
export async function listMyTeams(db: Db, _input: object, viewer: Viewer): Promise<TeamView[]> {
  if (viewer.userId === null) return [];
  return loadTeamViews(
    db,
    sql`${teams.groupId} in (select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${viewer.userId})`,
  );
}
