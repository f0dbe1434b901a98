// Outbound notifications: webhook subscriptions, their signing secrets, and the delivery of each
// incident event to each subscription with a log of every attempt.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_CHANNELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_FORMATS,
} from '../../domain/notifications';
import { SECURITY_EVENT_TYPES } from '../../domain/security-events';
import { incidentEventType, incidentSeverity, incidentSource, silences } from './incidents';
import { xid8 } from './xid8';

export const webhookFormat = pgEnum('webhook_format', WEBHOOK_FORMATS);
export const notificationChannel = pgEnum('notification_channel', NOTIFICATION_CHANNELS);
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATUSES);
export const securityEventType = pgEnum('security_event_type', SECURITY_EVENT_TYPES);

export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** `webhook` posts to url; `email` mails the recipients through SMTP_* (server/runtime/env.ts). */
  channel: notificationChannel('channel').notNull().default('webhook'),
  /** The target of a webhook; empty for email. */
  url: text('url').notNull(),
  /** The addresses of an email subscription; empty for a webhook. */
  recipients: text('recipients')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** The timeline entry types wanted. */
  eventTypes: incidentEventType('event_types').array().notNull(),
  /**
   * The security events wanted (server/services/notifications/security-events.ts): the audit records of
   * sign-ins, second factors, credentials and permissions. Incident filters do not apply to them.
   */
  securityEventTypes: securityEventType('security_event_types')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Only incidents of this severity or above; null, all. */
  minSeverity: incidentSeverity('min_severity'),
  /** Only incidents of these sources; empty, all. */
  sources: incidentSource('sources')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Only incidents at these nodes; empty, all. */
  nodeIds: text('node_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  format: webhookFormat('format').notNull().default('json'),
  /**
   * Storm grouping: with a window of N seconds, the system's events of one incident group
   * (server/services/notifications/grouping.ts) are gathered for N seconds into one message that lists
   * their count; 0, one message per event.
   */
  groupWindowSeconds: integer('group_window_seconds').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** Since when every attempt failed (null after a success): the run that leads to needs attention. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /**
   * When the system paused it after failing for the configured period (WEBHOOK_ATTENTION_AFTER_MS): its
   * events are still enqueued (kept), none is attempted until an administrator enables it again.
   */
  needsAttentionAt: timestamp('needs_attention_at', { withTimezone: true }),
  /**
   * The incident feed's position up to which deliveries were made for this subscription
   * (server/services/events/incident-feed.ts): advanced in the transaction that inserts them.
   */
  cursorTxId: xid8('cursor_tx_id').notNull(),
  cursorEventId: bigint('cursor_event_id', { mode: 'number' }).notNull(),
  /**
   * The snapshot (pg_snapshot, as text) taken where the cursor last started (created, or enabled again):
   * entries whose writers had committed by then are history, not sent, though they may sit after the
   * cursor (incident-feed.ts, feedStart).
   */
  startSnapshot: text('start_snapshot'),
  /** The audit log's position up to which security events were enqueued for it (as the incident cursor). */
  auditCursorTxId: xid8('audit_cursor_tx_id')
    .notNull()
    .default(sql`'0'`),
  auditCursorId: bigint('audit_cursor_id', { mode: 'number' }).notNull().default(0),
  /**
   * The snapshot (pg_snapshot, as text) taken when it came to want security events: records of the
   * transactions that had committed by then are history, not sent, even those whose tx_id is above the
   * cursor because a transaction older than theirs was still running (security-events.ts, auditStart).
   */
  auditStartSnapshot: text('audit_start_snapshot'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One or two per subscription: every delivery is signed with each (rotation without downtime). */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** `whsec_` and the base64 of the key, as Standard Webhooks writes it; shown once when made. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_secrets_subscription_idx').on(t.subscriptionId, t.id)],
);

/** One incident event for one subscription: its fixed body, and where its delivery stands. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** Null, with incidentId and eventType, for a test event (POST /admin/webhooks/{id}/test). */
    eventId: bigint('event_id', { mode: 'number' }),
    incidentId: bigint('incident_id', { mode: 'number' }),
    eventType: incidentEventType('event_type'),
    /** The body sent on every attempt (the webhook-id is `msg_<id>`, the same on every attempt). */
    body: text('body').notNull(),
    /** The `traceparent` of the request that caused the event (incident_events.traceparent), sent along. */
    traceparent: text('traceparent'),
    status: webhookDeliveryStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was (re)scheduled: made, redelivered or resumed. Retries run for 24 h from here. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    /** While DELIVERING: when another instance may take it over (this one died mid-attempt). */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * A grouped message (subscription's groupWindowSeconds): the group's key (event type, source, template,
     * node) while it gathers events, and the events it stands for, its own first. Null for one event's.
     */
    groupKey: text('group_key'),
    groupedEvents: jsonb('grouped_events').$type<GroupedEvents>(),
    /**
     * A silence's summary (server/services/incidents/silences.ts): the notifications it held, counted for this
     * subscription when it ended. Null otherwise; with eventId null, it is not a test event.
     */
    silenceId: bigint('silence_id', { mode: 'number' }).references(() => silences.id),
    /**
     * A security event (server/services/notifications/security-events.ts): its type, and the audit record it
     * tells of (the first one, for failed sign-ins gathered in one message). Null otherwise.
     */
    securityEventType: securityEventType('security_event_type'),
    auditEventId: bigint('audit_event_id', { mode: 'number' }),
    /** Failed sign-ins gathered in one message while it waits (security-events.ts); null otherwise. */
    gatheredFailures: jsonb('gathered_failures').$type<GatheredFailures>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.subscriptionId, t.eventId),
    // One summary of a silence per subscription.
    uniqueIndex('webhook_deliveries_silence_key').on(t.subscriptionId, t.silenceId),
    // One delivery per subscription and audit record: a security event is enqueued once.
    uniqueIndex('webhook_deliveries_audit_key').on(t.subscriptionId, t.auditEventId),
    // The message of failed sign-ins a subscription is still gathering (at most one).
    index('webhook_deliveries_gathering_failures_idx')
      .on(t.subscriptionId)
      .where(sql`gathered_failures is not null and status = 'PENDING' and attempts = 0`),
    // The grouped messages not yet sent: found by the enqueue of each subscription (those still gathering),
    // and by the deliverer's claim, which sends an incident's later deliveries after them.
    index('webhook_deliveries_groups_unfinished_idx')
      .on(t.subscriptionId, t.id)
      .where(sql`group_key is not null and status in ('PENDING', 'DELIVERING')`),
    // The deliverer's claim: due deliveries, and the earlier unfinished ones of the same incident.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('PENDING', 'DELIVERING')`),
    index('webhook_deliveries_unfinished_idx')
      .on(t.subscriptionId, t.incidentId, t.id)
      .where(sql`status in ('PENDING', 'DELIVERING')`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);

/** The events a grouped message stands for: how many, and the incidents they are of. */
export interface GroupedEvents {
  count: number;
  /** Every incident of the group's events, once each, in the order they came. */
  incidentIds: number[];
  /** The time of the latest event gathered (ISO 8601). */
  lastAt: string;
}

/** Failed sign-ins gathered into one message (server/services/notifications/security-events.ts). */
export interface GatheredFailures {
  count: number;
  /** The first of them, as each is sent on its own (at most 100). */
  failures: Record<string, unknown>[];
  firstAt: string;
  lastAt: string;
}

/** The delivery log: every attempt, as sent (without secrets) and as answered. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    /** The first 4 KiB of the response body. */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
