// Delivers incident events to webhook subscriptions, in the background of every instance.
//
// Two steps, each safe with any number of instances on one database:
//  1. Enqueue: each enabled subscription (locked FOR UPDATE SKIP LOCKED, so one instance at a time) reads the
//     incident feed after its cursor, and the events it wants become deliveries (with their body fixed) in the
//     transaction that advances the cursor: nothing is skipped or enqueued twice, however instances crash.
//  2. Deliver: due deliveries are claimed FOR UPDATE SKIP LOCKED under a lease (so each attempt is made once;
//     a delivery whose instance died mid-attempt is taken over when the lease ends: at least once), and only
//     the first unfinished delivery of each (subscription, incident): in order per subscription and incident,
//     while other incidents go on. Every attempt is logged; failures are retried with exponential back-off
//     and jitter (or Retry-After) for up to 24 h after the event.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { rowsOf, type Database, type Db } from '../../../db/client';
import {
  incidents,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookSecrets,
  webhookSubscriptions,
  type WebhookDeliveryRow,
} from '../../../db/schema';
import { log } from '../../observability/log';
import { observeNotificationAttempt } from '../../observability/metrics';
import { recordAudit } from '../admin/audit';
import { cursorOf, readFeed, subscribeFeed } from '../events/incident-feed';
import type { NotificationChannel } from '../../../domain/notifications';
import { webhookIdOf } from './delivery-log';
import type { EmailMessage } from './email-message';
import { emailHeaders, sendEmail } from './send-email';
import { gatheredUnder, gatherEvents, type Pending } from './grouping';
import { renderBody, wants } from './payload';
import { sendWebhook, type AttemptResult } from './send-webhook';
import type { NotificationSettings } from './settings';
import { signatureHeader } from './signing';

export interface DelivererOptions {
  /** The process's (server/runtime/notification-settings.ts), or a test's. */
  settings: NotificationSettings;
  /** Bound of one attempt (5 s). */
  timeoutMs?: number;
  /** First retry delay before jitter (10 s); doubling up to maxRetryDelayMs. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** How long after its event a delivery is retried (24 h). */
  giveUpAfterMs?: number;
  /** The safety-net rescan of the feed and of due retries (1 s). */
  rescanMs?: number;
  /** Attempts under way at once per instance (8). */
  concurrency?: number;
  /**
   * Where each recorded attempt is counted (the process's metrics). A deliverer in its own thread
   * (deliverer-thread.ts) hands them to the process's registry, which is the one /metrics serves.
   */
  observe?: typeof observeNotificationAttempt;
  /**
   * Whether the API is busy now (server/runtime/api-load.ts). While it is, delivery yields to it: one step a second,
   * of at most `busyPace` attempts and `busyPace` events read from the feed per subscription.
   */
  apiBusy?: () => boolean;
  /** Attempts a second while the API is busy (NOTIFICATION_BUSY_PACE, 5). */
  busyPace?: number;
}

export interface Deliverer {
  /** Runs a pass now (besides the feed's wake-ups and the rescan). */
  wake(): void;
  /** Stops after the pass under way, its attempts included. */
  stop(): Promise<void>;
}

const FEED_PAGE = 200;
/** While the API is busy, a step of delivery (and a pass that begins one) starts at most once in this long. */
const BUSY_STEP_MS = 1_000;

/** The audit log's actor for what the service does by itself. */
export const SYSTEM_ACTOR = 'system';

/** How much of the feed one call of enqueueDeliveries reads for each subscription. */
export interface EnqueueLimits {
  /** Events read at once (200). */
  pageSize?: number;
  /** Pages read (all there are). */
  pages?: number;
}

/**
 * Enqueues, for every enabled subscription, the events after its cursor that it wants. `more` says whether
 * some subscription had more events than the limits let it read.
 */
export async function enqueueDeliveries(
  db: Db,
  settings: NotificationSettings,
  { pageSize = FEED_PAGE, pages = Infinity }: EnqueueLimits = {},
): Promise<{ enqueued: number; more: boolean }> {
  const ids = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    // A subscription paused for needing attention keeps its events (delivered once it is enabled again).
    .where(or(eq(webhookSubscriptions.enabled, true), isNotNull(webhookSubscriptions.needsAttentionAt)));
  let enqueued = 0;
  let more = false;
  for (const { id } of ids) {
    for (let page = 0; ; page++) {
      if (page === pages) {
        more = true;
        break;
      }
      const result = await enqueueFor(db, id, settings, pageSize);
      enqueued += result.count;
      if (!result.more) break;
    }
  }
  return { enqueued, more };
}

async function enqueueFor(db: Db, subscriptionId: number, settings: NotificationSettings, pageSize: number) {
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(webhookSubscriptions)
      .where(
        and(
          eq(webhookSubscriptions.id, subscriptionId),
          or(eq(webhookSubscriptions.enabled, true), isNotNull(webhookSubscriptions.needsAttentionAt)),
        ),
      )
      .for('update', { skipLocked: true });
    if (!subscription) return { count: 0, more: false }; // another instance has it, or it is gone
    const events = await readFeed(
      tx,
      { txId: subscription.cursorTxId, id: subscription.cursorEventId },
      pageSize,
    );
    if (!events.length) return { count: 0, more: false };
    const incidentIds = [...new Set(events.map((e) => e.incidentId))];
    const rows = await tx.select().from(incidents).where(inArray(incidents.id, incidentIds));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const wanted = events.flatMap((event) => {
      const incident = byId.get(event.incidentId);
      return incident && wants(subscription, event, incident) ? [{ event, incident }] : [];
    });
    // A storm's events go into the subscription's grouped messages (grouping.ts), if it has a window.
    const gathered: Pending[] = wanted.flatMap(({ event, incident }) => {
      const group = gatheredUnder(subscription, event, incident);
      return group ? [{ event, incident, ...group }] : [];
    });
    const begun = await gatherEvents(tx, subscription, gathered, settings.publicUrl);
    // In feed order, a message that begins a group where its first event is: deliveries of one incident are
    // sent in the order of their ids.
    const values: PgInsertValue<typeof webhookDeliveries>[] = wanted.flatMap(({ event, incident }) => {
      if (gatheredUnder(subscription, event, incident)) {
        const group = begun.get(event.id);
        return group ? [group] : [];
      }
      return [
        {
          subscriptionId,
          eventId: event.id,
          incidentId: event.incidentId,
          eventType: event.eventType,
          body: renderBody(subscription, event, incident, settings.publicUrl),
          traceparent: event.traceparent,
          nextAttemptAt: sql`now()`,
        },
      ];
    });
    if (values.length) await tx.insert(webhookDeliveries).values(values).onConflictDoNothing();
    const last = cursorOf(events[events.length - 1]);
    await tx
      .update(webhookSubscriptions)
      .set({ cursorTxId: last.txId, cursorEventId: last.id })
      .where(eq(webhookSubscriptions.id, subscriptionId));
    return { count: values.length, more: events.length === pageSize };
  });
}

interface Claimed {
  delivery: WebhookDeliveryRow;
  channel: NotificationChannel;
  url: string;
  recipients: string[];
}

/**
 * Claims up to `limit` due deliveries under a lease of `leaseMs`: each the first unfinished one of its
 * (subscription, incident), a grouped message counting for each of its incidents, of an enabled subscription. Test events (no event id) go to any subscription:
 * they are how an administrator checks a receiver before enabling it again.
 */
export async function claimDeliveries(db: Db, limit: number, leaseMs: number): Promise<Claimed[]> {
  const rows = rowsOf<{
    id: string | number;
    url: string;
    channel: NotificationChannel;
    recipients: string[];
  }>(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_subscriptions s on s.id = d.subscription_id
        where (s.enabled or d.event_id is null)
          and d.status in ('PENDING', 'DELIVERING')
          and ((d.status = 'PENDING' and d.next_attempt_at <= now())
            or (d.status = 'DELIVERING' and d.lease_expires_at < now()))
          and not exists (
            select 1 from webhook_deliveries e
            where e.subscription_id = d.subscription_id and e.incident_id = d.incident_id
              and e.status in ('PENDING', 'DELIVERING') and e.id < d.id)
          and not exists (
            select 1 from webhook_deliveries g
            where g.subscription_id = d.subscription_id and g.group_key is not null
              and g.status in ('PENDING', 'DELIVERING') and g.id < d.id
              and g.grouped_events -> 'incidentIds' @> to_jsonb(d.incident_id))
        order by d.id
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries w
      set status = 'DELIVERING', attempts = w.attempts + 1,
          lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      from due, webhook_subscriptions s
      where w.id = due.id and s.id = w.subscription_id
      returning w.id, s.url, s.channel, s.recipients`),
  );
  if (!rows.length) return [];
  const claimed = await db
    .select()
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        rows.map((r) => Number(r.id)),
      ),
    );
  const targets = new Map(rows.map((r) => [Number(r.id), r]));
  return claimed
    .sort((a, b) => a.id - b.id)
    .map((delivery) => {
      const { url, channel, recipients } = targets.get(delivery.id)!;
      return { delivery, url, channel, recipients };
    });
}

/** The headers of one attempt: Standard Webhooks', signed with every active secret of the subscription. */
function headersFor(delivery: WebhookDeliveryRow, secrets: string[]) {
  const timestamp = Math.floor(Date.now() / 1000);
  const logged = {
    'content-type': 'application/json',
    'user-agent': 'bpm-admin-console-webhooks',
    'webhook-id': webhookIdOf(delivery.id),
    'webhook-timestamp': String(timestamp),
    // The receiver's span joins the trace of the request that caused the event, as a child of its span.
    ...(delivery.traceparent && { traceparent: delivery.traceparent }),
  };
  const signature = signatureHeader(secrets, logged['webhook-id'], timestamp, delivery.body);
  return { sent: { ...logged, 'webhook-signature': signature }, logged };
}

interface RetryRules {
  attentionAfterMs: number;
  retryBaseMs: number;
  maxRetryDelayMs: number;
  giveUpAfterMs: number;
}

/** When to try again, or undefined to give up. Jitter over the upper half of the back-off keeps retries spread. */
export function nextAttemptDelay(
  attempts: number,
  result: AttemptResult,
  ageMs: number,
  rules: RetryRules,
): number | undefined {
  if (!result.retryable || ageMs >= rules.giveUpAfterMs) return undefined;
  const backoff = Math.min(rules.maxRetryDelayMs, rules.retryBaseMs * 2 ** (attempts - 1));
  const delay = result.retryAfterMs ?? backoff * (0.5 + Math.random() / 2);
  // The last attempt falls at the window's end: a run of failures as long as the window is seen (and paused).
  return Math.min(delay, rules.giveUpAfterMs - ageMs);
}

type Outcome = 'succeeded' | 'retrying' | 'failed';

/** One attempt made: the delivery as claimed, what was sent (secrets left out), and the answer. */
interface Attempted {
  claimed: Claimed;
  /** Where it went, as the delivery log shows it: the URL, or mailto: and the recipients. */
  target: string;
  headers: Record<string, string>;
  result: AttemptResult;
  startedAt: Date;
}

const STATUS_AFTER: Record<Outcome, WebhookDeliveryRow['status']> = {
  succeeded: 'SUCCEEDED',
  retrying: 'PENDING',
  failed: 'FAILED',
};

/**
 * Records a batch of attempts in one transaction of a few statements whatever its size (in a storm these
 * writes, not the sending, were most of the deliverer's cost): each delivery's new state, only while its
 * lease is ours (had it ended and another instance taken over, that instance's attempt counts), and the
 * attempts in the delivery log. Returns each attempt's outcome, undefined where the lease was lost.
 */
async function recordAttempts(
  db: Db,
  attempts: Attempted[],
  rules: RetryRules,
): Promise<(Outcome | undefined)[]> {
  const decided = attempts.map((attempted) => {
    const { delivery } = attempted.claimed;
    const { result } = attempted;
    const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
    const ageMs = Date.now() - delivery.scheduledAt.getTime();
    const delay = succeeded ? null : nextAttemptDelay(delivery.attempts, result, ageMs, rules);
    const outcome: Outcome = delay === null ? 'succeeded' : delay === undefined ? 'failed' : 'retrying';
    return { ...attempted, succeeded, delay: delay ?? null, outcome };
  });
  return db.transaction(async (tx) => {
    const changes = sql.join(
      decided.map(
        ({ claimed: { delivery }, outcome, delay, result }) =>
          sql`(${delivery.id}::bigint, ${delivery.attempts}::int,
               ${STATUS_AFTER[outcome]}::webhook_delivery_status, ${delay}::float8, ${result.error}::text)`,
      ),
      sql`, `,
    );
    const updated = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        update webhook_deliveries w
        set status = v.status, lease_expires_at = null, last_error = v.error, updated_at = now(),
            next_attempt_at = coalesce(now() + v.delay_ms * interval '1 millisecond', w.next_attempt_at)
        from (values ${changes}) as v(id, attempts, status, delay_ms, error)
        where w.id = v.id and w.status = 'DELIVERING' and w.attempts = v.attempts
        returning w.id`),
    );
    const ours = new Set(updated.map((row) => Number(row.id)));
    const recorded = decided.filter((d) => ours.has(d.claimed.delivery.id));
    if (!recorded.length) return decided.map(() => undefined);
    await tx.insert(webhookDeliveryAttempts).values(
      recorded.map(({ claimed: { delivery }, target, headers, result, startedAt }) => ({
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        url: target,
        requestHeaders: headers,
        requestBody: delivery.body,
        responseStatus: result.status,
        responseHeaders: result.headers,
        responseBody: result.body,
        durationMs: result.durationMs,
        error: result.error,
        startedAt,
      })),
    );
    const outcomes = new Map(recorded.map((d) => [d.claimed.delivery.id, d.outcome]));
    // Test events say nothing of the run of failures: only incident events count. A success breaks the run,
    // so a subscription with a success in this batch is not failing, whatever else the batch holds.
    const incidentEvents = recorded.filter((d) => d.claimed.delivery.eventId !== null);
    const succeeding = [
      ...new Set(incidentEvents.filter((d) => d.succeeded).map((d) => d.claimed.delivery.subscriptionId)),
    ];
    if (succeeding.length) {
      await tx
        .update(webhookSubscriptions)
        .set({ failingSince: null })
        .where(
          and(inArray(webhookSubscriptions.id, succeeding), isNotNull(webhookSubscriptions.failingSince)),
        );
    }
    for (const { claimed, result } of incidentEvents) {
      const { delivery } = claimed;
      if (succeeding.includes(delivery.subscriptionId)) continue;
      const paused = await pauseIfFailingTooLong(tx, delivery, rules.attentionAfterMs);
      // Kept, not dropped: the delivery that found the subscription failing waits for it to be enabled again.
      if (paused && result.retryable) {
        await tx
          .update(webhookDeliveries)
          .set({ status: 'PENDING', nextAttemptAt: sql`now()` })
          .where(eq(webhookDeliveries.id, delivery.id));
        outcomes.set(delivery.id, 'retrying');
      }
    }
    return decided.map((d) => outcomes.get(d.claimed.delivery.id));
  });
}

/**
 * Extends the subscription's run of failures (it began when the first failing delivery was due, so that an
 * event retried for its whole window is a run of that length) and, once the run is `attentionAfterMs` long,
 * marks it as needing attention and pauses it, in the audit log as `system` (docs/contract.md §12).
 */
async function pauseIfFailingTooLong(tx: Db, delivery: WebhookDeliveryRow, attentionAfterMs: number) {
  await tx
    .update(webhookSubscriptions)
    .set({
      failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, least(now(), ${delivery.scheduledAt.toISOString()}::timestamptz))`,
    })
    .where(eq(webhookSubscriptions.id, delivery.subscriptionId));
  const [paused] = await tx
    .update(webhookSubscriptions)
    .set({ enabled: false, needsAttentionAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookSubscriptions.id, delivery.subscriptionId),
        eq(webhookSubscriptions.enabled, true),
        sql`${webhookSubscriptions.failingSince} <= now() - ${`${attentionAfterMs} milliseconds`}::interval`,
      ),
    )
    .returning();
  if (!paused) return false;
  await recordAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: 'webhook.needs_attention',
    targetType: 'webhook',
    targetId: paused.id,
    before: { enabled: true },
    after: {
      enabled: false,
      failingSince: paused.failingSince?.toISOString() ?? null,
      lastError: delivery.lastError,
    },
  });
  log.warn({ subscriptionId: paused.id }, 'webhook subscription needs attention: paused after failing');
  return true;
}

export function startDeliverer(database: Database, options: DelivererOptions): Deliverer {
  const { settings } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const concurrency = options.concurrency ?? 8;
  const observe = options.observe ?? observeNotificationAttempt;
  const apiBusy = options.apiBusy ?? (() => false);
  const busyPace = options.busyPace ?? 5;
  // Long enough for an attempt and its record; a delivery whose instance died waits this long.
  const leaseMs = timeoutMs * 2 + 5_000;
  const rules: RetryRules = {
    attentionAfterMs: settings.attentionAfterMs,
    retryBaseMs: options.retryBaseMs ?? 10_000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 60 * 60_000,
    giveUpAfterMs: options.giveUpAfterMs ?? 24 * 60 * 60_000,
  };
  let stopped = false;
  let pass: Promise<void> | undefined;
  let again = false;
  let passStarted = 0;
  /** A pass put off while the API is busy: it begins when the API is idle again, or a step after the last. */
  let putOff: Promise<void> | undefined;

  async function attemptEmail(claimed: Claimed): Promise<Attempted> {
    const { delivery, recipients } = claimed;
    const message = JSON.parse(delivery.body) as EmailMessage;
    // One Message-ID on every attempt (as the webhook-id): a mailbox that got it twice shows it once.
    const messageId = `<${webhookIdOf(delivery.id)}.${delivery.subscriptionId}@bpm-admin-console>`;
    const startedAt = new Date();
    const { traceparent } = delivery;
    const result = await sendEmail(settings.smtp, recipients, message, messageId, timeoutMs, traceparent);
    const headers = emailHeaders(settings.smtp, recipients, message, messageId, traceparent);
    return { claimed, target: `mailto:${recipients.join(',')}`, headers, result, startedAt };
  }

  async function attemptWebhook(claimed: Claimed, secrets: string[]): Promise<Attempted> {
    const { sent, logged } = headersFor(claimed.delivery, secrets);
    const startedAt = new Date();
    const result = await sendWebhook(claimed.url, sent, claimed.delivery.body, {
      policy: settings.policy,
      timeoutMs,
    });
    return { claimed, target: claimed.url, headers: logged, result, startedAt };
  }

  /** The signing secrets of the batch's subscriptions, oldest first, in one query. */
  async function secretsOf(batch: Claimed[]): Promise<Map<number, string[]>> {
    const ids = [...new Set(batch.map((c) => c.delivery.subscriptionId))];
    const rows = await database.db
      .select({ subscriptionId: webhookSecrets.subscriptionId, secret: webhookSecrets.secret })
      .from(webhookSecrets)
      .where(inArray(webhookSecrets.subscriptionId, ids))
      .orderBy(webhookSecrets.id);
    const secrets = new Map<number, string[]>();
    for (const { subscriptionId, secret } of rows) {
      secrets.set(subscriptionId, [...(secrets.get(subscriptionId) ?? []), secret]);
    }
    return secrets;
  }

  /** Attempts a claimed batch at once and records the results together. */
  async function deliverBatch(batch: Claimed[]) {
    const secrets = await secretsOf(batch);
    const made = await Promise.all(
      batch.map((claimed) =>
        (claimed.channel === 'email'
          ? attemptEmail(claimed)
          : attemptWebhook(claimed, secrets.get(claimed.delivery.subscriptionId) ?? [])
        ).catch((error) => {
          // Left DELIVERING: attempted again when its lease ends.
          log.error({ err: error, deliveryId: claimed.delivery.id }, 'webhook attempt failed');
          return undefined;
        }),
      ),
    );
    const attempts = made.filter((attempted) => attempted !== undefined);
    if (!attempts.length) return;
    const outcomes = await recordAttempts(database.db, attempts, rules);
    attempts.forEach(({ claimed, result }, i) => {
      const outcome = outcomes[i];
      if (outcome) observe(claimed.channel, outcome, result.durationMs / 1000);
    });
  }

  // Set by every wake-up (a commit to the feed, the rescan): the feed may hold events not yet enqueued.
  let feedToRead = false;

  async function runPass() {
    while (!stopped) {
      // Idle, a step is a page of the feed per subscription and a batch of attempts, one after another: a
      // storm's first deliveries go out while the rest is enqueued. Busy, a step takes a second and does
      // busyPace of each: a storm trickles out, and runs at full speed again as soon as the API is idle.
      const busy = apiBusy();
      const stepStarted = Date.now();
      // Once read, the feed is read again only after a wake-up, not after every batch (what a batch's
      // successes unblock is claimed without it).
      if (feedToRead) {
        feedToRead = false;
        const pageSize = busy ? Math.min(busyPace, FEED_PAGE) : FEED_PAGE;
        const { more } = await enqueueDeliveries(database.db, settings, { pageSize, pages: 1 });
        if (more) feedToRead = true;
      }
      let attempts = 0;
      for (let budget = busy ? busyPace : concurrency; budget > 0 && !stopped;) {
        const batch = await claimDeliveries(database.db, Math.min(concurrency, budget), leaseMs);
        if (!batch.length) break;
        await deliverBatch(batch);
        attempts += batch.length;
        budget -= batch.length;
      }
      if (!attempts && !feedToRead) return;
      if (busy) await pauseWhileBusy(stepStarted + BUSY_STEP_MS);
    }
  }

  /** Until `until`, ended early when the API is idle again or the deliverer stops. */
  async function pauseWhileBusy(until: number) {
    while (!stopped && apiBusy() && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
    }
  }

  function wake() {
    if (stopped) return;
    feedToRead = true;
    if (pass) {
      again = true;
      return;
    }
    if (putOff) return;
    // Busy, passes are paced as the steps within one are: every commit wakes the deliverer, and a pass for
    // each (a read of the feed and a look for deliveries to claim, with no subscription as with many) took
    // nearly half of what an acknowledge costs on PGlite, whose statements all run on this thread
    // (docs/performance.md, "Embedded PGlite"). Those woken meanwhile are served by the one pass.
    const wait = apiBusy() ? passStarted + BUSY_STEP_MS - Date.now() : 0;
    if (wait > 0) {
      putOff = pauseWhileBusy(passStarted + BUSY_STEP_MS).then(() => {
        putOff = undefined;
        wake();
      });
      return;
    }
    again = false;
    passStarted = Date.now();
    pass = runPass()
      .catch((error) => log.error({ err: error }, 'webhook delivery pass failed'))
      .finally(() => {
        pass = undefined;
        if (again) wake();
      });
  }

  const feed = subscribeFeed(database, wake, { rescanMs: options.rescanMs ?? 1_000 });
  return {
    wake,
    async stop() {
      stopped = true;
      await feed.stop();
      await putOff;
      await pass;
    },
  };
}
