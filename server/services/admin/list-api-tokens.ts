// A user's API tokens, whether each authenticates now.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens } from '../../../db/schema';
import { getTokenOwner, toApiTokenView } from './api-token-view';

export async function listApiTokens(db: Db, input: { userId: number }) {
  const user = await getTokenOwner(db, input.userId);
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
