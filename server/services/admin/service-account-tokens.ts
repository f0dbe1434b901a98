// A service account's API tokens: made, listed and revoked as a user's are (create-api-token.ts,
// list-api-tokens.ts, revoke-api-token.ts), answered with the service account's id. Its tokens hang on the
// service account alone: nothing done to a person (a reset, a lock, a deletion) touches them.
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { ServiceAccountTokenView } from '../../schemas/admin';
import { createApiToken, type CreateApiTokenInput } from './create-api-token';
import { listApiTokens } from './list-api-tokens';

function asServiceAccountToken<T extends { userId: number }>({ userId, ...token }: T) {
  return { ...token, serviceAccountId: userId };
}

export async function createServiceAccountToken(
  db: Db,
  input: Omit<CreateApiTokenInput, 'userId'> & { serviceAccountId: number },
  actor: Principal,
): Promise<ServiceAccountTokenView & { token: string }> {
  const { serviceAccountId, ...token } = input;
  const created = await createApiToken(db, { ...token, userId: serviceAccountId }, actor, {
    ownerKind: 'SERVICE',
  });
  return asServiceAccountToken(created);
}

export async function listServiceAccountTokens(
  db: Db,
  input: { serviceAccountId: number },
): Promise<ServiceAccountTokenView[]> {
  const tokens = await listApiTokens(db, { userId: input.serviceAccountId }, { ownerKind: 'SERVICE' });
  return tokens.map(asServiceAccountToken);
}
