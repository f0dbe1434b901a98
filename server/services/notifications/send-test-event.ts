// A test event: a delivery with no incident, sent by the deliverer like any other (signed,
// retried, logged), also to a disabled or paused subscription so that a receiver can be checked first.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { recordAudit } from '../admin/audit';
import { webhookIdOf } from './delivery-log';
import { testEventBody } from './payload';
import type { NotificationSettings } from './settings';

export async function sendTestEvent(
  db: Db,
  { id: subscriptionId }: { id: number },
  actor: Principal,
  { publicUrl }: Pick<NotificationSettings, 'publicUrl'>,
) {
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscriptionId))
      .for('update');
    if (!subscription) throw notFound('Webhook', subscriptionId);
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        subscriptionId,
        body: testEventBody(subscription, actor.username, publicUrl),
      })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, {
      actor: actor.username,
      action: 'webhook.test',
      targetType: 'webhook',
      targetId: subscriptionId,
      after: { deliveryId: delivery.id },
    });
    return { deliveryId: delivery.id, webhookId: webhookIdOf(delivery.id) };
  });
}
