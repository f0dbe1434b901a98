// Service accounts as the admin API shows them (docs/contract.md §5): principals for engines and workers,
// kept in the users table as kind SERVICE, with no password. The changes are one per file beside it:
// create-service-account, update-service-account, delete-service-account, service-account-tokens.
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { effectivePermissions } from '../../auth/effective-permissions';
import { notFound } from '../../errors';
import type { ServiceAccountView } from '../../schemas/admin';
import { formatLocalDateTime } from '../../time';
import { likePattern, sortedSet } from '../db-errors';

async function loadServiceAccountViews(db: Db, where?: SQL): Promise<ServiceAccountView[]> {
  const rows = await db.query.users.findMany({
    columns: {
      id: true,
      username: true,
      description: true,
      enabled: true,
      permissions: true,
      rateLimitPerMinute: true,
      createdAt: true,
    },
    extras: (user) => ({ effectivePermissions: effectivePermissions(user).as('effective_permissions') }),
    where: and(eq(users.kind, 'SERVICE'), where),
    orderBy: [asc(users.id)],
    with: { memberships: { columns: {}, with: { group: { columns: { code: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.username,
    description: row.description,
    enabled: row.enabled,
    groups: sortedSet(row.memberships.map((m) => m.group.code)),
    permissions: sortedSet(row.permissions),
    effectivePermissions: sortedSet(row.effectivePermissions),
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdAt: formatLocalDateTime(row.createdAt),
  }));
}

export async function getServiceAccount(db: Db, input: { id: number }): Promise<ServiceAccountView> {
  const [view] = await loadServiceAccountViews(db, eq(users.id, input.id));
  if (!view) throw notFound('Service account', input.id);
  return view;
}

export function listServiceAccounts(db: Db, input: { q?: string }): Promise<ServiceAccountView[]> {
  return loadServiceAccountViews(db, input.q ? ilike(users.username, likePattern(input.q)) : undefined);
}
