// A silence's summary (docs/contract.md §12): when a silence ends, each subscription that would have been sent
// some of the notifications it held gets one message that counts them, instead of them.
import { count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  incidentEvents,
  incidents,
  webhookDeliveries,
  webhookSubscriptions,
  type SilenceRow,
} from '../../../db/schema';
import { formatLocalDateTime as at } from '../../time';
import { silenceSummaryBody, wants } from './payload';

/**
 * In the transaction that ends the silence (after the UPDATE of its row, which waited for every transaction
 * that held an entry under it): one delivery per subscription that wants some of its held entries, as
 * `wants` decides for each entry had it not been held. Answers how many summaries it wrote.
 */
export async function summarizeSilence(tx: Db, silence: SilenceRow, publicUrl: string): Promise<number> {
  // Grouped by what a subscription's filters look at: a storm's thousands of entries are a few rows.
  const held = await tx
    .select({
      incidentId: incidentEvents.incidentId,
      eventType: incidentEvents.eventType,
      severity: incidents.severity,
      source: incidents.source,
      nodeId: incidents.nodeId,
      entries: count(),
    })
    .from(incidentEvents)
    .innerJoin(incidents, eq(incidents.id, incidentEvents.incidentId))
    .where(eq(incidentEvents.silenceId, silence.id))
    .groupBy(
      incidentEvents.incidentId,
      incidentEvents.eventType,
      incidents.severity,
      incidents.source,
      incidents.nodeId,
    )
    .orderBy(incidentEvents.incidentId);
  if (!held.length) return 0;
  const subscriptions = await tx
    .select()
    .from(webhookSubscriptions)
    // As enqueue's: a subscription paused for needing attention gets it once it is enabled again.
    .where(or(eq(webhookSubscriptions.enabled, true), isNotNull(webhookSubscriptions.needsAttentionAt)));
  const time = silence.endedAt ?? new Date();
  const summary = {
    id: silence.id,
    name: silence.name,
    createdBy: silence.createdBy,
    startsAt: at(silence.startsAt),
    endsAt: at(silence.endsAt),
    endedAt: at(time),
    endedBy: silence.endedBy,
  };
  const values = subscriptions.flatMap((subscription) => {
    const wanted = held.filter((h) => wants(subscription, { eventType: h.eventType, held: false }, h));
    if (!wanted.length) return [];
    const incidentIds = [...new Set(wanted.map((h) => h.incidentId))];
    const total = wanted.reduce((sum, h) => sum + Number(h.entries), 0);
    return [
      {
        subscriptionId: subscription.id,
        silenceId: silence.id,
        body: silenceSummaryBody(
          subscription,
          { silence: summary, count: total, incidentIds, time },
          publicUrl,
        ),
        nextAttemptAt: sql`now()`,
      },
    ];
  });
  if (!values.length) return 0;
  await tx.insert(webhookDeliveries).values(values).onConflictDoNothing();
  return values.length;
}
