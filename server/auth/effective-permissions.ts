// A user's effective permissions, computed in one place: the permissions given to the user directly and
// those of every group the user belongs to, each once. Authentication (principal.ts), the user views of the
// admin API and the last-administrator rule (services/admin/admin-change.ts) all read them through this.
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { groups, userGroups, users } from '../../db/schema';

/** The columns that name the user row in the surrounding query (a relational query aliases them). */
export interface UserColumns {
  id: AnyPgColumn;
  permissions: AnyPgColumn;
}

/**
 * `table.column`, always: Drizzle leaves a column unqualified in the selection of a query on one table, and
 * inside the subquery below an unqualified `id` or `permissions` would name the group's.
 */
function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** text[]: the effective permission codes of the user row `user`, distinct, in no particular order. */
export function effectivePermissions(user: UserColumns = users): SQL<string[]> {
  return sql<string[]>`array(
    select unnest(${qualified(user.permissions)})
    union
    select unnest(${qualified(groups.permissions)})
    from ${userGroups} join ${groups} on ${qualified(groups.id)} = ${qualified(userGroups.groupId)}
    where ${qualified(userGroups.userId)} = ${qualified(user.id)})`;
}

/** Whether the user row `user` holds `permission`, directly or through a group. */
export function holdsPermission(permission: string, user: UserColumns = users): SQL {
  return sql`${permission} = any(${effectivePermissions(user)})`;
}
