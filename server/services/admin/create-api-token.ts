// Creating an API token for a user, with a scope and an expiry; the secret is answered once, never stored
// (only its hash). Audited.
import type { Db } from '../../../db/client';
import { apiTokens, type UserKind } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { TokenScope } from '../../auth/token-scopes';
import { generateApiToken } from '../../auth/tokens';
import { fieldError } from '../../errors';
import { DEFAULT_API_TOKEN_DAYS } from '../../schemas/admin';
import { auditedChange } from './admin-change';
import { getTokenOwner, toApiTokenView } from './api-token-view';

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
  /** Requests per minute on the REST API; null or absent: its service account's, else the default. */
  rateLimitPerMinute?: number | null;
}

/** `ownerKind`: whom `userId` must name, a person (the users operations) or a service account (its own). */
export async function createApiToken(
  db: Db,
  input: CreateApiTokenInput,
  actor: Principal,
  { ownerKind = 'PERSON' }: { ownerKind?: UserKind } = {},
) {
  const expiresAt = expiryOf(input.expiresAt);
  const { token, hash } = generateApiToken();
  const view = await auditedChange(
    db,
    {
      action: 'api_token.create',
      targetType: 'api_token',
      before: (tx) => getTokenOwner(tx, input.userId, ownerKind),
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
            rateLimitPerMinute: input.rateLimitPerMinute ?? null,
          })
          .returning();
        return toApiTokenView(row, user.enabled);
      },
      targetId: (view) => view.id,
      snapshots: (user, view) => ({
        after: { ...view, username: user.username, ...(ownerKind === 'SERVICE' && { serviceAccount: true }) },
      }),
    },
    actor,
  );
  return { ...view, token };
}
