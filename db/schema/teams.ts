// Teams and the ownership rules that give incidents an owner (docs/decisions/0015-teams-and-ownership.md;
// docs/contract.md §13).
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups, users } from './admin';

/**
 * A group marked as a team: its members are the group's, its code and name the group's. What only a team
 * has lives here; deleting the group deletes the mark.
 */
export const teams = pgTable('teams', {
  groupId: bigint('group_id', { mode: 'number' })
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  description: text('description').notNull().default(''),
  /** The person who leads the team (the next slice lets a lead manage it); null when none is named. */
  leadUserId: bigint('lead_user_id', { mode: 'number' }).references(() => users.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ownership rules in force, replaced whole (server/services/teams/replace-ownership-rules.ts). Each field
 * is a glob, or null for any value; the team of the most specific matching rule owns an incident.
 */
export const ownershipRules = pgTable(
  'ownership_rules',
  {
    /** The rule's place in the set, from 0: the last tie-break. */
    position: integer('position').primaryKey(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.groupId),
    source: text('source'),
    processDefinition: text('process_definition'),
    nodeId: text('node_id'),
    topic: text('topic'),
    incidentGroup: text('incident_group'),
  },
  (t) => [
    check(
      'ownership_rules_some_field',
      sql`num_nonnulls(${t.source}, ${t.processDefinition}, ${t.nodeId}, ${t.topic}, ${t.incidentGroup}) > 0`,
    ),
  ],
);

/**
 * One row: the revision of the rules, one more at each replacement. Every instance's cache of the rules is
 * checked against it inside the transaction that gives incidents their owner (server/services/teams/owners.ts).
 */
export const ownershipRevision = pgTable(
  'ownership_revision',
  {
    id: integer('id').primaryKey().default(1),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    /** A fresh random value at each replacement: the key of a process's compiled rules. */
    token: text('token')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
  },
  (t) => [check('ownership_revision_one_row', sql`${t.id} = 1`)],
);

export type TeamRow = typeof teams.$inferSelect;
export type OwnershipRuleRow = typeof ownershipRules.$inferSelect;
