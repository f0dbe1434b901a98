// Enqueue, the deliverer's first step: the events after each subscription's cursor that it wants become
// deliveries (their body fixed), in the transaction that advances the cursor.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { incidents, webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
import { cursorOf, readFeed } from '../events/incident-feed';
import { gatheredUnder, gatherEvents, type Pending } from './grouping';
import { renderBody, wants } from './payload';
import { enqueueSecurityEvents } from './security-events';
import type { NotificationSettings } from './settings';

/** Events read from the feed at once for each subscription (a busy API's pace reads fewer). */
export const FEED_PAGE = 200;

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
    // Security events: the audit records after its audit cursor (security-events.ts), in this transaction.
    const security = await enqueueSecurityEvents(tx, subscription, settings, pageSize);
    const incidentEvents = await enqueueIncidentEvents(tx, subscription, settings, pageSize);
    return {
      count: security.count + incidentEvents.count,
      more: security.more || incidentEvents.more,
    };
  });
}

/** The incident events after the subscription's cursor that it wants, with its row locked by the caller. */
async function enqueueIncidentEvents(
  tx: Db,
  subscription: typeof webhookSubscriptions.$inferSelect,
  settings: NotificationSettings,
  pageSize: number,
) {
  const subscriptionId = subscription.id;
  const events = await readFeed(
    tx,
    { txId: subscription.cursorTxId, id: subscription.cursorEventId },
    pageSize,
    subscription.startSnapshot,
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
}
