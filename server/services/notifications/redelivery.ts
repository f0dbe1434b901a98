// What redelivery shares: one delivery or every failed one of a subscription is sent again
// with its body and webhook-id unchanged (a receiver that saw it already recognises it) and a fresh retry
// window; the deliverer sends it through the one path every attempt takes (signed, logged).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookSubscriptions } from '../../../db/schema';
import { notFound } from '../../errors';

/** Locks the subscription: redeliveries of one subscription are made one at a time. */
export async function lockSubscriptionForRedelivery(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .for('update');
  if (!row) throw notFound('Webhook', id);
}

/** Due now, with a fresh retry window. */
export const sendAgain = {
  status: 'PENDING',
  nextAttemptAt: sql`now()`,
  scheduledAt: sql`now()`,
  updatedAt: sql`now()`,
} as const;
