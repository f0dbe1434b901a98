// Redeliver one delivery, whatever its outcome: see redelivery.ts.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../admin/audit';
import { webhookIdOf } from './delivery-log';
import { lockSubscriptionForRedelivery, sendAgain } from './redelivery';

/** One delivery again, whatever its outcome; one under way (DELIVERING) is refused (409). */
export async function redeliverDelivery(
  db: Db,
  { id: subscriptionId, deliveryId }: { id: number; deliveryId: number },
  actor: Principal,
) {
  return db.transaction(async (tx) => {
    await lockSubscriptionForRedelivery(tx, subscriptionId);
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
      .for('update');
    if (!delivery) throw notFound('Webhook delivery', deliveryId);
    if (delivery.status === 'DELIVERING') {
      throw conflict(`Delivery ${deliveryId} is being attempted now; redeliver it once the attempt is done`);
    }
    await tx.update(webhookDeliveries).set(sendAgain).where(eq(webhookDeliveries.id, deliveryId));
    await recordAudit(tx, {
      actor: actor.username,
      action: 'webhook.redeliver',
      targetType: 'webhook',
      targetId: subscriptionId,
      before: { deliveryId, status: delivery.status },
      after: { deliveryId, status: 'PENDING' },
    });
    return { redelivered: 1, webhookIds: [webhookIdOf(deliveryId)] };
  });
}
