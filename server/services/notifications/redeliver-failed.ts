// Redeliver every failed delivery of a subscription since a time: see redelivery.ts.
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { recordAudit } from '../admin/audit';
import { webhookIdOf } from './delivery-log';
import { lockSubscriptionForRedelivery, sendAgain } from './redelivery';

/** Every FAILED delivery of the subscription made at or after `since`, in their order. */
export async function redeliverFailed(
  db: Db,
  { id: subscriptionId, since: sinceText }: { id: number; since: string },
  actor: Principal,
) {
  const since = new Date(sinceText);
  return db.transaction(async (tx) => {
    await lockSubscriptionForRedelivery(tx, subscriptionId);
    const failed = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.subscriptionId, subscriptionId),
          eq(webhookDeliveries.status, 'FAILED'),
          gte(webhookDeliveries.createdAt, since),
        ),
      )
      .orderBy(webhookDeliveries.id)
      .for('update');
    const ids = failed.map((d) => d.id);
    if (ids.length)
      await tx.update(webhookDeliveries).set(sendAgain).where(inArray(webhookDeliveries.id, ids));
    await recordAudit(tx, {
      actor: actor.username,
      action: 'webhook.redeliver_failed',
      targetType: 'webhook',
      targetId: subscriptionId,
      after: { since: since.toISOString(), deliveryIds: ids },
    });
    return { redelivered: ids.length, webhookIds: ids.map(webhookIdOf) };
  });
}
