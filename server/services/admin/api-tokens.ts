// API tokens for external systems: created for a user, listed without the secret, revoked
// (docs/contract.md §4).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { TokenScope } from '../../auth/token-scopes';
import { generateApiToken } from '../../auth/tokens';
import { fieldError, notFound } from '../../errors';
import { DEFAULT_API_TOKEN_DAYS } from '../../schemas/admin';
import { formatLocalDateTime, formatNullable } from '../../time';
import { auditedChange } from './admin-change';

type ApiTokenRow = typeof apiTokens.$inferSelect;

/** `active`: whether the token authenticates now (its user enabled, no password reset since, not expired). */
function toView(row: ApiTokenRow, active: boolean) {
  return {
    active,
    id: row.id,
    name: row.name,
    userId: row.userId,
    scope: row.scope as TokenScope,
    createdAt: formatLocalDateTime(row.createdAt),
    expiresAt: formatNullable(row.expiresAt),
    lastUsedAt: formatNullable(row.lastUsedAt),
  };
}

async function getUser(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User', userId);
  return user;
}

/**
 * When a new token expires: the given local date-time, never for an explicit null (an engine's token that an
 * administrator chooses to keep, visible in the list and the audit record), else DEFAULT_API_TOKEN_DAYS on.
 */
function expiryOf(requested: string | null | undefined): Date | null {
  if (requested === null) return null;
  if (requested === undefined) return new Date(Date.now() + DEFAULT_API_TOKEN_DAYS * 24 * 3600 * 1000);
  // A local date-time without offset is read in the service's time zone, as it is written.
  const expiresAt = new Date(requested);
  if (Number.isNaN(expiresAt.getTime())) throw fieldError('expiresAt', 'is not a valid date-time');
  if (expiresAt.getTime() <= Date.now()) throw fieldError('expiresAt', 'must be in the future');
  return expiresAt;
}

export interface CreateApiTokenInput {
  /** The user the token is for. */
  userId: number;
  name: string;
  expiresAt?: string | null;
  scope: TokenScope;
}

export async function createApiToken(db: Db, input: CreateApiTokenInput, actor: Principal) {
  const expiresAt = expiryOf(input.expiresAt);
  const { token, hash } = generateApiToken();
  const view = await auditedChange(
    db,
    {
      action: 'api_token.create',
      targetType: 'api_token',
      before: (tx) => getUser(tx, input.userId),
      write: async (tx, user) => {
        const [row] = await tx
          .insert(apiTokens)
          .values({
            userId: input.userId,
            name: input.name,
            tokenHash: hash,
            userTokenVersion: user.tokenVersion,
            expiresAt,
            scope: input.scope,
          })
          .returning();
        return toView(row, user.enabled);
      },
      targetId: (view) => view.id,
      snapshots: (user, view) => ({ after: { ...view, username: user.username } }),
    },
    actor,
  );
  return { ...view, token };
}

export async function listApiTokens(db: Db, input: { userId: number }) {
  const user = await getUser(db, input.userId);
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, input.userId))
    .orderBy(asc(apiTokens.id));
  const now = new Date();
  return rows.map((row) =>
    toView(
      row,
      user.enabled && row.userTokenVersion === user.tokenVersion && (!row.expiresAt || row.expiresAt > now),
    ),
  );
}

export async function revokeApiToken(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  await auditedChange(
    db,
    {
      action: 'api_token.revoke',
      targetType: 'api_token',
      targetId: input.id,
      write: async (tx) => {
        const [row] = await tx.delete(apiTokens).where(eq(apiTokens.id, input.id)).returning();
        if (!row) throw notFound('API token', input.id);
        return row;
      },
      snapshots: (_, row) => ({ before: toView(row, false) }),
    },
    actor,
  );
}
