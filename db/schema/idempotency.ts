// The answers kept for requests sent with an Idempotency-Key (docs/contract.md §8): a repeat of
// the request is answered with the first answer instead of being done again.
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: the user the request authenticated as (`user:<id>`), so keys never meet across users. */
    owner: text('owner').notNull(),
    /** The operation (the procedure's path, `incidents.report`): the same key may name one request per operation. */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's input: a repeat with another input is refused, not answered. */
    fingerprint: text('fingerprint').notNull(),
    /**
     * The first answer. The key is claimed first and its answer written last in the transaction of the
     * request's change, so a committed key always has its answer, and a key is kept exactly when the change
     * was; null only inside that transaction.
     */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.owner, t.operation, t.key] }),
    // The sweep deletes keys past their retention, oldest first.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
