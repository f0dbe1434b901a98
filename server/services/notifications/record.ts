// Record: a batch of attempts written in one transaction, each delivery then succeeded, retried later (with
// back-off) or failed, and every attempt in the delivery log.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import {
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookSubscriptions,
  type WebhookDeliveryRow,
} from '../../../db/schema';
import type { Attempted } from './attempt';
import { pauseIfFailingTooLong } from './pause';
import type { AttemptResult } from './send-webhook';

/** When a failed attempt is tried again, and how long a subscription fails before it is paused. */
export interface RetryRules {
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

export type Outcome = 'succeeded' | 'retrying' | 'failed';

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
export async function recordAttempts(
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
    // Test events say nothing of the run of failures: only incident and security events count. A success
    // breaks the run, so a subscription with a success in this batch is not failing, whatever else it holds.
    const incidentEvents = recorded.filter(
      (d) => d.claimed.delivery.eventId !== null || d.claimed.delivery.auditEventId !== null,
    );
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
