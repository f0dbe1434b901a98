// The API tokens of a person or a service account, whether each authenticates now.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens, type UserKind } from '../../../db/schema';
import { getTokenOwner, toApiTokenView } from './api-token-view';

export async function listApiTokens(
  db: Db,
  input: { userId: number },
  { ownerKind = 'PERSON' }: { ownerKind?: UserKind } = {},
) {
  const user = await getTokenOwner(db, input.userId, ownerKind);
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, input.userId))
    .orderBy(asc(apiTokens.id));
  const now = new Date();
  return rows.map((row) =>
    toApiTokenView(
      row,
      user.enabled && row.userTokenVersion === user.tokenVersion && (!row.expiresAt || row.expiresAt > now),
    ),
  );
}
