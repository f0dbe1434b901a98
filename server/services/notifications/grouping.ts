// Storm grouping of notifications (docs/contract.md §12): a subscription with a window of N
// seconds gets the events the system writes (reports, reopenings, failed retries: actor null) of one incident
// group and one event type as one message, sent N seconds after the first of them, that lists their count,
// instead of one message each. A storm of 10,000 new incidents in 40 groups is then 40 messages a window.
// What people do (acknowledge, resolve, notes...) is always one message each: it is rare, and each matters.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  incidentEvents,
  incidents,
  webhookDeliveries,
  type GroupedEvents,
  type IncidentEventRow,
  type IncidentRow,
  type WebhookSubscriptionRow,
} from '../../../db/schema';
import { renderBody } from './payload';

/** The group of an event a subscription gathers, or undefined when it is sent on its own. */
export function gatheredUnder(
  subscription: Pick<WebhookSubscriptionRow, 'groupWindowSeconds'>,
  event: IncidentEventRow,
  incident: IncidentRow,
): { deliveryKey: string; groupKey: string } | undefined {
  if (subscription.groupWindowSeconds <= 0 || event.actor !== null) return undefined;
  // The grouped view's key (docs/contract.md §6), so that the message's link opens the group on the board.
  const groupKey = `${incident.source}:${incident.templateId}:${incident.nodeId}`;
  return { deliveryKey: `${event.eventType}|${groupKey}`, groupKey };
}

export interface Pending {
  event: IncidentEventRow;
  incident: IncidentRow;
  groupKey: string;
  deliveryKey: string;
}

/**
 * Gathers these events (in feed order) into the subscription's grouped messages, in the caller's
 * transaction (the one that advances its cursor): each joins the message of its group that is still
 * gathering, or begins one, due when its window ends. Answers the new messages' rows to insert, by the id of
 * the event that begins each.
 */
export async function gatherEvents(
  tx: Db,
  subscription: WebhookSubscriptionRow,
  pending: Pending[],
  publicUrl: string,
) {
  if (!pending.length) return new Map<number, never>();
  // The messages still gathering (not yet attempted), locked: the deliverer claims one only once it is due,
  // and a claim that comes first leaves it DELIVERING, which this no longer finds.
  const gathering = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, subscription.id),
        inArray(webhookDeliveries.groupKey, [...new Set(pending.map((p) => p.deliveryKey))]),
        isNotNull(webhookDeliveries.groupKey),
        eq(webhookDeliveries.status, 'PENDING'),
        eq(webhookDeliveries.attempts, 0),
      ),
    )
    .for('update');
  const joined = new Map<number, { row: typeof webhookDeliveries.$inferSelect; events: Gathering }>();
  const byKey = new Map(gathering.map((row) => [row.groupKey!, row]));
  const begun = new Map<string, { first: Pending; events: Gathering }>();
  for (const p of pending) {
    const row = byKey.get(p.deliveryKey);
    if (row) {
      const entry = joined.get(row.id) ?? { row, events: gatheringOf(row.groupedEvents!) };
      joined.set(row.id, entry);
      add(entry.events, p);
      continue;
    }
    const group = begun.get(p.deliveryKey);
    if (group) add(group.events, p);
    else begun.set(p.deliveryKey, { first: p, events: add(gatheringOf(undefined), p) });
  }

  // The messages joined: their count and body again (the body is what every attempt sends).
  if (joined.size) {
    const firsts = [...joined.values()];
    const events = await tx
      .select()
      .from(incidentEvents)
      .where(
        inArray(
          incidentEvents.id,
          firsts.map((j) => j.row.eventId!),
        ),
      );
    const rows = await tx
      .select()
      .from(incidents)
      .where(
        inArray(
          incidents.id,
          firsts.map((j) => j.row.incidentId!),
        ),
      );
    const eventById = new Map(events.map((e) => [e.id, e]));
    const incidentById = new Map(rows.map((r) => [r.id, r]));
    for (const { row, events: gathered } of firsts) {
      const grouped = groupedOf(gathered);
      const event = eventById.get(row.eventId!);
      const incident = incidentById.get(row.incidentId!);
      if (!event || !incident) continue; // the incident was deleted: its message keeps what it said
      const groupKey = row.groupKey!.slice(row.groupKey!.indexOf('|') + 1);
      await tx
        .update(webhookDeliveries)
        .set({
          groupedEvents: grouped,
          body: renderBody(subscription, event, incident, publicUrl, { key: groupKey, events: grouped }),
          updatedAt: sql`now()`,
        })
        .where(eq(webhookDeliveries.id, row.id));
    }
  }

  const windowEnd = sql`now() + ${`${subscription.groupWindowSeconds} seconds`}::interval`;
  const messages = [...begun.values()].map(({ first, events: gathered }) => {
    const events = groupedOf(gathered);
    return {
      subscriptionId: subscription.id,
      eventId: first.event.id,
      incidentId: first.incident.id,
      eventType: first.event.eventType,
      body: renderBody(subscription, first.event, first.incident, publicUrl, {
        key: first.groupKey,
        events,
      }),
      traceparent: first.event.traceparent,
      nextAttemptAt: windowEnd,
      groupKey: first.deliveryKey,
      groupedEvents: events,
    };
  });
  return new Map(messages.map((m) => [m.eventId, m]));
}

/** A group's events while they are gathered: its incidents as a set. */
interface Gathering {
  count: number;
  incidentIds: Set<number>;
  lastAt: string;
}

const gatheringOf = (events: GroupedEvents | undefined): Gathering => ({
  count: events?.count ?? 0,
  incidentIds: new Set(events?.incidentIds),
  lastAt: events?.lastAt ?? '',
});

const groupedOf = (g: Gathering): GroupedEvents => ({
  count: g.count,
  incidentIds: [...g.incidentIds],
  lastAt: g.lastAt,
});

function add(g: Gathering, p: Pending): Gathering {
  g.count += 1;
  g.incidentIds.add(p.incident.id);
  g.lastAt = p.event.createdAt.toISOString();
  return g;
}
