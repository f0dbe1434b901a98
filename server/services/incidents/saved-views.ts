// Saved views of the incident board: each user's named filter sets, private or shared with everyone who can
// see the board. Only its owner changes or deletes a view; a shared one is read by all.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { savedViews, users, type SavedViewRow } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict, forbidden, notFound } from '../../errors';
import type { SavedView } from '../../schemas/views';
import { formatLocalDateTime as at } from '../../time';
import { isUniqueViolation } from '../db-errors';

const toView = (row: SavedViewRow, owner: string, actor: Principal): SavedView => ({
  id: row.id,
  name: row.name,
  search: row.search,
  mine: row.mine,
  shared: row.shared,
  owner,
  yours: row.ownerId === actor.userId,
  createdAt: at(row.createdAt),
  updatedAt: at(row.updatedAt),
});

/** Whose views: a user's (with SECURITY_DISABLED, the anonymous caller has none). */
function ownerOf(actor: Principal): number {
  if (actor.userId === null) throw forbidden('Saved views belong to users: sign in to keep one');
  return actor.userId;
}

const nameTaken = (name: string) =>
  conflict(`You have a view named "${name}" already`, [{ field: 'name', message: 'already taken' }]);

/** The caller's views and everyone's shared ones, the caller's first, then by name. */
export async function listSavedViews(db: Db, _input: object, actor: Principal): Promise<SavedView[]> {
  if (actor.userId === null) return [];
  const rows = await db
    .select({ view: savedViews, owner: users.username })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(or(eq(savedViews.ownerId, actor.userId), eq(savedViews.shared, true)))
    .orderBy(
      sql`${savedViews.ownerId} <> ${actor.userId}`,
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
  return rows.map(({ view, owner }) => toView(view, owner, actor));
}

export async function createSavedView(
  db: Db,
  input: { name: string; search: string; mine?: boolean; shared?: boolean },
  actor: Principal,
): Promise<SavedView> {
  try {
    const [row] = await db
      .insert(savedViews)
      .values({
        ownerId: ownerOf(actor),
        name: input.name,
        search: input.search,
        mine: input.mine ?? false,
        shared: input.shared ?? false,
      })
      .returning();
    return toView(row, actor.username, actor);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/**
 * Why the caller's change of view `id` matched no row of theirs: 404 when they cannot see it, 403 when it is
 * someone else's shared one. Asked only after the change found nothing, so a change costs one statement.
 */
async function refusalFor(db: Db, id: number): Promise<Error> {
  const [found] = await db
    .select({ shared: savedViews.shared })
    .from(savedViews)
    .where(eq(savedViews.id, id));
  return found?.shared
    ? forbidden(`Saved view ${id} is someone else's: only its owner can change it`)
    : notFound('Saved view', id);
}

export async function updateSavedView(
  db: Db,
  { id, ...changes }: { id: number; name?: string; search?: string; mine?: boolean; shared?: boolean },
  actor: Principal,
): Promise<SavedView> {
  try {
    const [row] = await db
      .update(savedViews)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, ownerOf(actor))))
      .returning();
    if (!row) throw await refusalFor(db, id);
    return toView(row, actor.username, actor);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(changes.name ?? '');
    throw error;
  }
}

export async function deleteSavedView(db: Db, { id }: { id: number }, actor: Principal): Promise<void> {
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, ownerOf(actor))))
    .returning({ id: savedViews.id });
  if (!deleted.length) throw await refusalFor(db, id);
}
