// Users as the admin API shows them: listing, one user, the members of a group (docs/contract.md §5). Users
// here are people: service accounts share the table but have their own operations (service-accounts.ts).
// The changes are one per file beside it: create-user, update-user, delete-user, reset-password, unlock-user.
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passkeys, secondFactors, userGroups, users } from '../../../db/schema';
import { effectivePermissions } from '../../auth/effective-permissions';
import { lockedUntilOf } from '../../auth/lockout';
import { notFound } from '../../errors';
import type { UserDetailView, UserView } from '../../schemas/admin';
import { formatNullable } from '../../time';
import { likePattern, sortedSet } from '../db-errors';

async function loadUserViews(db: Db, where?: SQL): Promise<UserView[]> {
  const rows = await db.query.users.findMany({
    columns: { id: true, username: true, enabled: true, permissions: true },
    extras: (user) => ({ effectivePermissions: effectivePermissions(user).as('effective_permissions') }),
    where: and(eq(users.kind, 'PERSON'), where),
    orderBy: [asc(users.id)],
    with: { memberships: { columns: {}, with: { group: { columns: { code: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    enabled: row.enabled,
    groups: sortedSet(row.memberships.map((m) => m.group.code)),
    permissions: sortedSet(row.permissions),
    effectivePermissions: sortedSet(row.effectivePermissions),
  }));
}

export async function getUserView(db: Db, input: { id: number }): Promise<UserView> {
  const [view] = await loadUserViews(db, eq(users.id, input.id));
  if (!view) throw notFound('User', input.id);
  return view;
}

/**
 * One user as the user page shows it: with the sign-in lock, if any (server/auth/lockout.ts), the identity
 * provider they sign in through, and where each effective permission comes from. A person of the provider
 * has the groups it gave at their last sign-in (oidc-sign-in.ts replaces them all each time).
 */
export async function getUserDetail(db: Db, input: { id: number }): Promise<UserDetailView> {
  const view = await getUserView(db, input);
  const row = await db.query.users.findFirst({
    columns: { permissions: true, oidcIssuer: true },
    where: eq(users.id, input.id),
    with: { memberships: { columns: {}, with: { group: { columns: { code: true, permissions: true } } } } },
  });
  if (!row) throw notFound('User', input.id);
  const groupSource = row.oidcIssuer ? ('IDENTITY_PROVIDER' as const) : ('GROUP' as const);
  const permissionSources = [
    ...row.permissions.map((permission) => ({ permission, source: 'DIRECT' as const, group: null })),
    ...row.memberships.flatMap(({ group }) =>
      group.permissions.map((permission) => ({ permission, source: groupSource, group: group.code })),
    ),
  ].sort((a, b) => a.permission.localeCompare(b.permission) || (a.group ?? '').localeCompare(b.group ?? ''));
  const [app] = await db
    .select({ confirmed: sql<boolean>`${secondFactors.confirmedAt} is not null` })
    .from(secondFactors)
    .where(eq(secondFactors.userId, input.id));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, input.id));
  return {
    ...view,
    lockedUntil: formatNullable(await lockedUntilOf(db, { username: view.username })),
    identityProvider: row.oidcIssuer,
    permissionSources,
    secondFactor: { authenticatorApp: app?.confirmed ?? false, passkeys: keys.n },
  };
}

export function listUsers(db: Db, input: { q?: string }): Promise<UserView[]> {
  return loadUserViews(db, input.q ? ilike(users.username, likePattern(input.q)) : undefined);
}

/** Users who belong to a group, by id. */
export function listUsersOfGroup(db: Db, input: { groupId: number }): Promise<UserView[]> {
  return loadUserViews(
    db,
    inArray(
      users.id,
      db.select({ id: userGroups.userId }).from(userGroups).where(eq(userGroups.groupId, input.groupId)),
    ),
  );
}
