// Incidents and their lifecycle timeline (docs/seed-service-spec.md: Incident, Incident timeline entry;
// docs/contract.md §6).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  INCIDENT_EVENT_TYPES,
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  RESOLUTION_ACTIONS,
} from '../../domain/incidents';
import type { PayloadChange } from '../../domain/payload-patch';
import { teams } from './teams';
import { xid8 } from './xid8';
import { workerRequests } from './workers';

export const incidentStatus = pgEnum('incident_status', INCIDENT_STATUSES);
export const incidentSource = pgEnum('incident_source', INCIDENT_SOURCES);
export const incidentSeverity = pgEnum('incident_severity', INCIDENT_SEVERITIES);
export const resolutionAction = pgEnum('resolution_action', RESOLUTION_ACTIONS);
export const incidentEventType = pgEnum('incident_event_type', INCIDENT_EVENT_TYPES);

/**
 * Every distinct message template, once: a message with each run of digits written `#` (`Order # not
 * found`). A text without digits (or `#`) is in a message exactly when it is in the message's template, so
 * such a text is looked for among the templates and its incidents counted from incidentTemplateCounts: the
 * ids and numbers that make messages distinct do not multiply what it has to read (docs/performance.md,
 * "Text search").
 */
export const incidentMessageTemplates = pgTable(
  'incident_message_templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    template: text('template').notNull(),
  },
  (t) => [
    // One row per template, looked up by its digest (a template may be longer than a btree entry can be).
    uniqueIndex('incident_message_templates_digest_key').on(sql`message_digest(${t.template})`),
    index('incident_message_templates_trgm_idx').using('gin', t.template.op('gin_trgm_ops')),
  ],
);

/**
 * Every distinct incident message, once, with its template. A text with digits is looked for among the
 * messages, and their incidents found by message id.
 */
export const incidentMessages = pgTable(
  'incident_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    message: text('message').notNull(),
    /** Set by the trigger that adds the message (migration 0006). */
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => incidentMessageTemplates.id)
      .$defaultFn(() => sql`null`),
  },
  (t) => [
    // One row per message: the trigger that gives an incident its message_id looks the message up by its
    // digest (a message may be longer than a btree entry can be).
    uniqueIndex('incident_messages_digest_key').on(sql`message_digest(${t.message})`),
    // q: case-insensitive substring (ILIKE '%...%'), through trigrams. The migration creates the pg_trgm
    // extension first (db/client.ts loads it into PGlite).
    index('incident_messages_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
  ],
);

export const incidents = pgTable(
  'incidents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    processInstanceId: bigint('process_instance_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    status: incidentStatus('status').notNull().default('OPEN'),
    severity: incidentSeverity('severity').notNull(),
    source: incidentSource('source').notNull(),
    message: text('message').notNull(),
    /**
     * The message's row in incident_messages and its template, set by the trigger incidents_message_id
     * (migration 0006) for every writer; inserts leave them to the trigger.
     */
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => incidentMessages.id)
      .$defaultFn(() => sql`null`),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => incidentMessageTemplates.id)
      .$defaultFn(() => sql`null`),
    technicalDetails: text('technical_details').notNull().default(''),
    externalReferenceId: text('external_reference_id').notNull(),
    /**
     * The worker request whose failure a WORKER incident reports (its externalReferenceId is then
     * `worker-request:<id>`, domain/workers.ts); null for every other incident.
     */
    workerRequestId: bigint('worker_request_id', { mode: 'number' }).references(() => workerRequests.id),
    occurrenceCount: integer('occurrence_count').notNull().default(1),
    lastOccurredAt: timestamp('last_occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
    resolutionAction: resolutionAction('resolution_action'),
    /** The user who owns the incident now; null when nobody does. A username, as the actors are. */
    assignee: text('assignee'),
    /**
     * A snooze (server/services/incidents/snooze.ts): who set it and when, and when it ends, by time, by
     * occurrences (the occurrence count it wakes at), or whichever comes first. All null when not snoozed.
     * While it lasts, the timeline entries the system writes are held from notifications (incident_events.held).
     */
    snoozedAt: timestamp('snoozed_at', { withTimezone: true }),
    snoozedBy: text('snoozed_by'),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    snoozedUntilOccurrence: integer('snoozed_until_occurrence'),
    /** The process definition (its key) the report named, if any: what ownership rules may match. */
    processDefinition: text('process_definition'),
    /**
     * The team that owns the incident (server/services/teams/owners.ts), decided in the transaction that
     * created or reopened it and again whenever the rules change while it is unresolved; null: nobody.
     */
    ownerTeamId: bigint('owner_team_id', { mode: 'number' }).references(() => teams.groupId, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // At most one unresolved incident per (source, reference): concurrent reports upsert onto it.
    uniqueIndex('incidents_unresolved_reference_key')
      .on(t.source, t.externalReferenceId)
      .where(sql`status <> 'RESOLVED'`),
    // A report of a resolved incident reopens the latest one with that reference.
    index('incidents_reference_idx').on(t.source, t.externalReferenceId, t.id),
    // The snoozes whose time has come, found by every instance's clock (server/services/incidents/snooze.ts).
    index('incidents_snoozed_until_idx')
      .on(t.snoozedUntil)
      .where(sql`snoozed_until is not null`),
    // A worker's completion or final failure finds the incident of its request.
    index('incidents_worker_request_idx')
      .on(t.workerRequestId)
      .where(sql`worker_request_id is not null`),
    // List orders (every order ends in id so that pages never overlap), alone or after an equality filter:
    // a first page reads its 20 rows off one of these.
    // Ascending columns: a btree scanned backwards serves `desc, desc` with PostgreSQL's default null order,
    // which a DESC NULLS LAST index would not.
    // The default order, alone and after each equality filter (the process instance one also serves
    // sort=processInstanceId, through an incremental sort of one instance's few hundred incidents).
    index('incidents_created_idx').on(t.createdAt, t.id),
    index('incidents_status_created_idx').on(t.status, t.createdAt, t.id),
    index('incidents_source_created_idx').on(t.source, t.createdAt, t.id),
    index('incidents_severity_created_idx').on(t.severity, t.createdAt, t.id),
    index('incidents_process_instance_idx').on(t.processInstanceId, t.createdAt, t.id),
    // The assignee and node filters, in the default order.
    index('incidents_assignee_created_idx')
      .on(t.assignee, t.createdAt, t.id)
      .where(sql`assignee is not null`),
    index('incidents_node_created_idx').on(t.nodeId, t.createdAt, t.id),
    // The owner filter, in the default order.
    index('incidents_owner_created_idx')
      .on(t.ownerTeamId, t.createdAt, t.id)
      .where(sql`owner_team_id is not null`),
    // Every other sort field.
    index('incidents_last_occurred_idx').on(t.lastOccurredAt, t.id),
    index('incidents_updated_idx').on(t.updatedAt, t.id),
    index('incidents_severity_idx').on(t.severity, t.id),
    index('incidents_status_idx').on(t.status, t.id),
    index('incidents_source_idx').on(t.source, t.id),
    index('incidents_occurrence_count_idx').on(t.occurrenceCount, t.id),
    // q: case-insensitive substring of the reference (ILIKE '%...%'), through trigrams; of the message,
    // through incident_messages or incident_message_templates, then one of these.
    index('incidents_message_idx').on(t.messageId),
    index('incidents_template_idx').on(t.templateId),
    // Every non-HOT update adds entries to a GIN index's pending list, which every search then reads whole:
    // 4 MB by default, 300 pages after a few thousand acknowledges, 15 ms of a search (migration 0019).
    index('incidents_reference_trgm_idx')
      .using('gin', t.externalReferenceId.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 64 }),
    // q also matches node ids: the distinct node ids that contain it are found among the group
    // counters, and their incidents through incidents_node_created_idx (migration 0016 dropped the node
    // ids' trigram index, which matched a node's incidents one by one; text-search.ts).
    // The board's views of unresolved incidents (a few percent of all): status and severity, newest first.
    index('incidents_unresolved_idx')
      .on(t.status, t.severity, t.createdAt, t.id)
      .where(sql`status <> 'RESOLVED'`),
    // The grouped view of unresolved incidents (list-incident-groups.ts), a storm's usual view:
    // every column it reads, so that it is an index-only scan (200k incidents, 10k unresolved in 192
    // groups: 34 ms through the heap, 7.6 ms from this; docs/performance.md "Grouped view").
    index('incidents_unresolved_group_idx')
      .on(t.source, t.nodeId, t.templateId, t.status, t.createdAt, t.lastOccurredAt, t.id)
      .where(sql`status <> 'RESOLVED'`),
  ],
);

/**
 * How many incidents there are per (status, source, severity), kept by statement triggers on incidents
 * (migration 0003_incident_counts): list totals and the summary read a few hundred counter rows instead of
 * counting up to a million incidents. Each counter is split over 8 shards (incident id mod 8), so that
 * concurrent transitions seldom wait for the same counter row.
 */
export const incidentCounts = pgTable(
  'incident_counts',
  {
    status: incidentStatus('status').notNull(),
    source: incidentSource('source').notNull(),
    severity: incidentSeverity('severity').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.source, t.severity, t.shard] })],
);

/**
 * How many incidents there are per (message template, status, source, severity), kept by the same statement
 * triggers and split over the same 8 shards as incidentCounts: the total of a search for a text without
 * digits is the sum of the counters of the templates that contain it (plus the incidents whose reference
 * alone contains it).
 */
export const incidentTemplateCounts = pgTable(
  'incident_template_counts',
  {
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    status: incidentStatus('status').notNull(),
    source: incidentSource('source').notNull(),
    severity: incidentSeverity('severity').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.status, t.source, t.severity, t.shard] })],
);

/**
 * The grouped view's counters (GET /api/incidents/groups): per group (source, node, message
 * template) and shard (incident id mod 8, as incidentCounts), how many incidents there are in each status,
 * the earliest createdAt, the latest lastOccurredAt and the highest id. Kept exact by statement triggers on
 * incidents (migration 0015_incident_group_counts): the unfiltered grouped view of a million incidents reads
 * a few thousand rows here instead of aggregating the table (690 ms; docs/performance.md "Grouped view").
 */
export const incidentGroupCounts = pgTable(
  'incident_group_counts',
  {
    source: incidentSource('source').notNull(),
    nodeId: text('node_id').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    shard: smallint('shard').notNull(),
    open: bigint('open', { mode: 'number' }).notNull(),
    acknowledged: bigint('acknowledged', { mode: 'number' }).notNull(),
    resolved: bigint('resolved', { mode: 'number' }).notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    latestIncidentId: bigint('latest_incident_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.nodeId, t.templateId, t.shard] })],
);

/**
 * The dashboard's daily roll-up (GET /api/incidents/stats): per day the incidents were created on (in the
 * time zone of incidentStatsSettings), severity and shard (incident id mod 8, as incidentCounts, so that
 * concurrent reports of one day seldom wait for the same row), how many were created and, for the mean
 * times, how many were acknowledged/resolved and the sum of their seconds from creation. Kept exact by
 * statement triggers on incidents, as the counters are (migration 0012_incident_stats): the statistics of
 * 30 days read a few hundred rows instead of the window's incidents.
 */
export const incidentDailyStats = pgTable(
  'incident_daily_stats',
  {
    day: date('day').notNull(),
    severity: incidentSeverity('severity').notNull(),
    shard: smallint('shard').notNull(),
    created: bigint('created', { mode: 'number' }).notNull(),
    acknowledged: bigint('acknowledged', { mode: 'number' }).notNull(),
    acknowledgeSeconds: numeric('acknowledge_seconds').notNull(),
    resolved: bigint('resolved', { mode: 'number' }).notNull(),
    resolveSeconds: numeric('resolve_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.severity, t.shard] })],
);

/**
 * The same roll-up per day and node: how many incidents each node had, and how many of them are not
 * RESOLVED (the dashboard's nodes that fail most).
 */
export const incidentNodeDailyStats = pgTable(
  'incident_node_daily_stats',
  {
    day: date('day').notNull(),
    nodeId: text('node_id').notNull(),
    shard: smallint('shard').notNull(),
    created: bigint('created', { mode: 'number' }).notNull(),
    unresolved: bigint('unresolved', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.nodeId, t.shard] })],
);

/**
 * One row: the time zone (a PostgreSQL zone name) whose days the roll-ups count. It is the service's own
 * (the statistics count days as the summary counts "today"); when the service runs in another zone, the
 * first statistics call rebuilds the roll-ups in it (server/services/incidents/incident-stats.ts).
 */
export const incidentStatsSettings = pgTable('incident_stats_settings', {
  singleton: boolean('singleton').primaryKey().default(true),
  timeZone: text('time_zone').notNull(),
});

/**
 * Per process instance, the transaction that last changed what its incidents answer: an incident of it added,
 * changed or deleted, or the status of an incident's worker request changed (which decides `retryable`).
 * Written only by statement triggers on incidents and worker_requests (migration 0020), so every writer keeps
 * it exact; read by server/services/incidents/process-instance-answers.ts, which sends a process instance's
 * answer again, unchanged, while its revision is the one the answer was made at. A transaction id, not a
 * counter: it is new for every writer and never given twice, so no revision is reused after a delete.
 */
export const processInstanceRevisions = pgTable('process_instance_revisions', {
  processInstanceId: bigint('process_instance_id', { mode: 'number' }).primaryKey(),
  revision: xid8('revision').notNull(),
});

export const incidentEvents = pgTable(
  'incident_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    eventType: incidentEventType('event_type').notNull(),
    message: text('message').notNull(),
    /** The acting user's name; null for entries the system writes. */
    actor: text('actor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The writing transaction's id, raised by the trigger incident_events_feed_order (migration 0010) to
     * the incident's previous entry's so that (tx_id, id) orders one incident's entries as id does. The
     * feed (server/services/events/incident-feed.ts) reads in (tx_id, id) order only below the oldest
     * transaction still running, so no entry can commit behind a reader's cursor.
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /**
     * The writing transaction's id as it is (never raised): whether the entry had committed when a reader
     * started (a webhook subscription's start snapshot) is its writer's. Null for entries written before
     * migration 0036, all long committed.
     */
    writerTxId: xid8('writer_tx_id').default(sql`pg_current_xact_id()`),
    /**
     * The W3C `traceparent` of the traced request that wrote the entry (server/observability/observe-requests.ts), which
     * every writer passes on; its notifications send it on. Null outside a traced request.
     */
    traceparent: text('traceparent'),
    /**
     * A retry that corrected its worker request's payload: what it changed, secret-looking values masked
     * (domain/payload-patch.ts). Null on every other entry.
     */
    payloadChanges: jsonb('payload_changes').$type<PayloadChange[]>(),
    /**
     * Written by the system while its incident was snoozed or silenced: not notified (the snooze's end, or the
     * silence's summary, is). Set by the trigger incident_events_held (migrations 0024, 0028) for every writer.
     */
    held: boolean('held').notNull().default(false),
    /**
     * The silence that held it (written by the system while a silence matched its incident): counted in that
     * silence's summary when it ends. Set by the same trigger.
     */
    silenceId: bigint('silence_id', { mode: 'number' }).references(() => silences.id),
  },
  (t) => [
    index('incident_events_incident_idx').on(t.incidentId, t.id),
    index('incident_events_feed_idx').on(t.txId, t.id),
    index('incident_events_silence_idx')
      .on(t.silenceId)
      .where(sql`silence_id is not null`),
  ],
);

/**
 * Silences (server/services/incidents/silences.ts, docs/contract.md §6): matchers and a time window. The
 * incidents they match are recorded and shown as silenced; what the system writes on their timelines meanwhile
 * is held from notifications, and each subscription gets one summary when the silence ends. A matcher left
 * null matches everything; at least one is set (the service refuses a silence of everything).
 */
export const silences = pgTable(
  'silences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    comment: text('comment').notNull().default(''),
    source: incidentSource('source'),
    nodeId: text('node_id'),
    /** The grouped view's key, `<source>:<templateId>:<nodeId>` (docs/contract.md §6). */
    groupKey: text('group_key'),
    severities: incidentSeverity('severities').array(),
    /** Matched case-insensitively anywhere in the incident's message. */
    messageText: text('message_text'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When it ended: early by a person (endedBy) or at endsAt by the clock (endedBy null); null until then. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The silences not yet ended: what the trigger, the views and the clock look among.
    index('silences_unended_idx')
      .on(t.endsAt)
      .where(sql`ended_at is null`),
    index('silences_created_idx').on(t.createdAt, t.id),
  ],
);

export type SilenceRow = typeof silences.$inferSelect;

export type IncidentRow = typeof incidents.$inferSelect;
export type IncidentEventRow = typeof incidentEvents.$inferSelect;
