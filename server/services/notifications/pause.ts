// Pause: a subscription failing for too long is marked as needing attention and disabled, by the system.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookSubscriptions, type WebhookDeliveryRow } from '../../../db/schema';
import { log } from '../../observability/log';
import { recordAudit } from '../admin/audit';

/** The audit log's actor for what the service does by itself. */
export const SYSTEM_ACTOR = 'system';

/**
 * Extends the subscription's run of failures (it began when the first failing delivery was due, so that an
 * event retried for its whole window is a run of that length) and, once the run is `attentionAfterMs` long,
 * marks it as needing attention and pauses it, in the audit log as `system` (docs/contract.md §12).
 */
export async function pauseIfFailingTooLong(tx: Db, delivery: WebhookDeliveryRow, attentionAfterMs: number) {
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
