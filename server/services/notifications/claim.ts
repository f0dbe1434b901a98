// Claim: due deliveries taken FOR UPDATE SKIP LOCKED under a lease, each the first unfinished one of its
// (subscription, incident), so that each attempt is made once and in order.
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { webhookDeliveries, type WebhookDeliveryRow } from '../../../db/schema';
import type { NotificationChannel } from '../../../domain/notifications';

export interface Claimed {
  delivery: WebhookDeliveryRow;
  channel: NotificationChannel;
  url: string;
  recipients: string[];
}

/**
 * Claims up to `limit` due deliveries under a lease of `leaseMs`: each the first unfinished one of its
 * (subscription, incident), a grouped message counting for each of its incidents, of an enabled subscription. Test events (no event, silence or audit record) go to any subscription:
 * they are how an administrator checks a receiver before enabling it again.
 */
export async function claimDeliveries(db: Db, limit: number, leaseMs: number): Promise<Claimed[]> {
  const rows = rowsOf<{
    id: string | number;
    url: string;
    channel: NotificationChannel;
    recipients: string[];
  }>(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_subscriptions s on s.id = d.subscription_id
        where (s.enabled or (d.event_id is null and d.silence_id is null and d.audit_event_id is null))
          and d.status in ('PENDING', 'DELIVERING')
          and ((d.status = 'PENDING' and d.next_attempt_at <= now())
            or (d.status = 'DELIVERING' and d.lease_expires_at < now()))
          and not exists (
            select 1 from webhook_deliveries e
            where e.subscription_id = d.subscription_id and e.incident_id = d.incident_id
              and e.status in ('PENDING', 'DELIVERING') and e.id < d.id)
          and not exists (
            select 1 from webhook_deliveries g
            where g.subscription_id = d.subscription_id and g.group_key is not null
              and g.status in ('PENDING', 'DELIVERING') and g.id < d.id
              and g.grouped_events -> 'incidentIds' @> to_jsonb(d.incident_id))
        order by d.id
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries w
      set status = 'DELIVERING', attempts = w.attempts + 1,
          lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      from due, webhook_subscriptions s
      where w.id = due.id and s.id = w.subscription_id
      returning w.id, s.url, s.channel, s.recipients`),
  );
  if (!rows.length) return [];
  const claimed = await db
    .select()
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        rows.map((r) => Number(r.id)),
      ),
    );
  const targets = new Map(rows.map((r) => [Number(r.id), r]));
  return claimed
    .sort((a, b) => a.id - b.id)
    .map((delivery) => {
      const { url, channel, recipients } = targets.get(delivery.id)!;
      return { delivery, url, channel, recipients };
    });
}
