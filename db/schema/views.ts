// Saved views of the incident board (server/services/incidents/saved-views.ts): a named filter set, its
// owner's alone or shared with everyone who can see the board.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './admin';

export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The board's query string (components/incidents/board-view.ts), without a page: `status=OPEN&q=ledger`. */
    search: text('search').notNull(),
    /** "Assigned to me": to whoever opens it, not to its owner. */
    mine: boolean('mine').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per owner: a view is found again by its name.
    uniqueIndex('saved_views_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    index('saved_views_shared_idx')
      .on(t.id)
      .where(sql`shared`),
  ],
);

export type SavedViewRow = typeof savedViews.$inferSelect;
