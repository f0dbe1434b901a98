// An API token as the API shows it (never its secret), and the user it belongs to.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens, users, type UserKind } from '../../../db/schema';
import type { TokenScope } from '../../auth/token-scopes';
import { notFound } from '../../errors';
import { formatLocalDateTime, formatNullable } from '../../time';

type ApiTokenRow = typeof apiTokens.$inferSelect;

/** `active`: whether the token authenticates now (its user enabled, no password reset since, not expired). */
export function toApiTokenView(row: ApiTokenRow, active: boolean) {
  return {
    active,
    id: row.id,
    name: row.name,
    userId: row.userId,
    scope: row.scope as TokenScope,
    createdAt: formatLocalDateTime(row.createdAt),
    expiresAt: formatNullable(row.expiresAt),
    lastUsedAt: formatNullable(row.lastUsedAt),
    rateLimitPerMinute: row.rateLimitPerMinute,
  };
}

/** The owner of tokens: a person (the users operations) or a service account (its own operations); 404 else. */
export async function getTokenOwner(db: Db, userId: number, kind: UserKind = 'PERSON') {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, kind)));
  if (!user) throw notFound(kind === 'PERSON' ? 'User' : 'Service account', userId);
  return user;
}
