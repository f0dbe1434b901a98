// The delivery log of a subscription: its deliveries, newest first, each with every attempt.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from '../../../db/schema';
import { notFound } from '../../errors';
import { toPage } from '../../schemas/common';
import { SILENCE_SUMMARY_TYPE, TEST_EVENT_TYPE, webhookEventTypeOf } from '../../schemas/webhooks';
import { formatLocalDateTime as at } from '../../time';

export const webhookIdOf = (deliveryId: number) => `msg_${deliveryId}`;

export async function listDeliveries(
  db: Db,
  {
    id: subscriptionId,
    ...query
  }: { id: number; page: number; size: number; status?: (typeof webhookDeliveries.$inferSelect)['status'] },
) {
  const [subscription] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId));
  if (!subscription) throw notFound('Webhook', subscriptionId);
  const where = and(
    eq(webhookDeliveries.subscriptionId, subscriptionId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookDeliveryAttempts)
        .where(
          inArray(
            webhookDeliveryAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(webhookDeliveryAttempts.id))
    : [];
  const content = rows.map((r) => ({
    id: r.id,
    webhookId: webhookIdOf(r.id),
    eventId: r.eventId,
    incidentId: r.incidentId,
    auditEventId: r.auditEventId,
    eventType: r.eventType
      ? webhookEventTypeOf(r.eventType)
      : r.securityEventType
        ? r.securityEventType
        : r.silenceId !== null
          ? SILENCE_SUMMARY_TYPE
          : TEST_EVENT_TYPE,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'PENDING' ? at(r.nextAttemptAt) : null,
    lastError: r.lastError,
    createdAt: at(r.createdAt),
    updatedAt: at(r.updatedAt),
    log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        startedAt: at(a.startedAt),
        durationMs: a.durationMs,
        url: a.url,
        requestHeaders: a.requestHeaders,
        requestBody: a.requestBody,
        responseStatus: a.responseStatus,
        responseHeaders: a.responseHeaders,
        responseBody: a.responseBody,
        error: a.error,
      })),
  }));
  return toPage(content, query.page, query.size, Number(total));
}
