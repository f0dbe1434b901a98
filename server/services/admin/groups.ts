// Groups as the admin API shows them, and their members (docs/contract.md §5). The changes are one per
// file beside it: create-group, update-group, delete-group, update-group-users.
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import { notFound } from '../../errors';
import type { GroupView, UserView } from '../../schemas/admin';
import { likePattern, sortedSet } from '../db-errors';
import { listUsersOfGroup } from './users';

async function loadGroupViews(db: Db, where?: SQL): Promise<GroupView[]> {
  const rows = await db
    .select({
      id: groups.id,
      code: groups.code,
      name: groups.name,
      permissions: groups.permissions,
      // The people in it, as its members list shows them; service accounts' groups are set on each of them.
      // (A query of two tables, so that Drizzle names every column with its table.)
      memberCount: sql<number>`(${db
        .select({ n: count() })
        .from(userGroups)
        .innerJoin(users, eq(users.id, userGroups.userId))
        .where(and(eq(userGroups.groupId, groups.id), eq(users.kind, 'PERSON')))})::int`,
    })
    .from(groups)
    .where(where)
    .orderBy(asc(groups.id));
  return rows.map((r) => ({
    ...r,
    permissions: sortedSet(r.permissions),
    memberCount: Number(r.memberCount),
  }));
}

export async function getGroupView(db: Db, input: { id: number }): Promise<GroupView> {
  const [view] = await loadGroupViews(db, eq(groups.id, input.id));
  if (!view) throw notFound('Group', input.id);
  return view;
}

export function listGroups(db: Db, input: { q?: string }): Promise<GroupView[]> {
  const where = input.q
    ? or(ilike(groups.code, likePattern(input.q)), ilike(groups.name, likePattern(input.q)))
    : undefined;
  return loadGroupViews(db, where);
}

export async function getGroupUsers(db: Db, input: { id: number }): Promise<UserView[]> {
  const [{ n }] = await db.select({ n: count() }).from(groups).where(eq(groups.id, input.id));
  if (!n) throw notFound('Group', input.id);
  return listUsersOfGroup(db, { groupId: input.id });
}
