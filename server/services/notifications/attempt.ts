// Attempt: one claimed delivery sent, by email or as a signed webhook, with what was sent (secrets left out)
// and the answer, for record.ts to log.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookSecrets, type WebhookDeliveryRow } from '../../../db/schema';
import type { Claimed } from './claim';
import { webhookIdOf } from './delivery-log';
import type { EmailMessage } from './email-message';
import { emailHeaders, sendEmail } from './send-email';
import { sendWebhook, type AttemptResult } from './send-webhook';
import type { NotificationSettings } from './settings';
import { signatureHeader } from './signing';

/** One attempt made: the delivery as claimed, what was sent (secrets left out), and the answer. */
export interface Attempted {
  claimed: Claimed;
  /** Where it went, as the delivery log shows it: the URL, or mailto: and the recipients. */
  target: string;
  headers: Record<string, string>;
  result: AttemptResult;
  startedAt: Date;
}

/** The headers of one attempt: Standard Webhooks', signed with every active secret of the subscription. */
export function headersFor(delivery: WebhookDeliveryRow, secrets: string[]) {
  const timestamp = Math.floor(Date.now() / 1000);
  const logged = {
    'content-type': 'application/json',
    'user-agent': 'bpm-admin-console-webhooks',
    'webhook-id': webhookIdOf(delivery.id),
    'webhook-timestamp': String(timestamp),
    // The receiver's span joins the trace of the request that caused the event, as a child of its span.
    ...(delivery.traceparent && { traceparent: delivery.traceparent }),
  };
  const signature = signatureHeader(secrets, logged['webhook-id'], timestamp, delivery.body);
  return { sent: { ...logged, 'webhook-signature': signature }, logged };
}

/** The signing secrets of the batch's subscriptions, oldest first, in one query. */
export async function secretsOf(db: Db, batch: Claimed[]): Promise<Map<number, string[]>> {
  const ids = [...new Set(batch.map((c) => c.delivery.subscriptionId))];
  const rows = await db
    .select({ subscriptionId: webhookSecrets.subscriptionId, secret: webhookSecrets.secret })
    .from(webhookSecrets)
    .where(inArray(webhookSecrets.subscriptionId, ids))
    .orderBy(webhookSecrets.id);
  const secrets = new Map<number, string[]>();
  for (const { subscriptionId, secret } of rows) {
    secrets.set(subscriptionId, [...(secrets.get(subscriptionId) ?? []), secret]);
  }
  return secrets;
}

/** Sends an email delivery to its recipients through the SMTP server of `settings`, within `timeoutMs`. */
export async function attemptEmail(
  claimed: Claimed,
  settings: NotificationSettings,
  timeoutMs: number,
): Promise<Attempted> {
  const { delivery, recipients } = claimed;
  const message = JSON.parse(delivery.body) as EmailMessage;
  // One Message-ID on every attempt (as the webhook-id): a mailbox that got it twice shows it once.
  const messageId = `<${webhookIdOf(delivery.id)}.${delivery.subscriptionId}@bpm-admin-console>`;
  const startedAt = new Date();
  const { traceparent } = delivery;
  const result = await sendEmail(settings.smtp, recipients, message, messageId, timeoutMs, traceparent);
  const headers = emailHeaders(settings.smtp, recipients, message, messageId, traceparent);
  return { claimed, target: `mailto:${recipients.join(',')}`, headers, result, startedAt };
}

/**
 * POSTs a webhook delivery to its URL, signed with `secrets`, if the target policy of `settings` allows it,
 * within `timeoutMs`.
 */
export async function attemptWebhook(
  claimed: Claimed,
  secrets: string[],
  settings: NotificationSettings,
  timeoutMs: number,
): Promise<Attempted> {
  const { sent, logged } = headersFor(claimed.delivery, secrets);
  const startedAt = new Date();
  const result = await sendWebhook(claimed.url, sent, claimed.delivery.body, {
    policy: settings.policy,
    timeoutMs,
  });
  return { claimed, target: claimed.url, headers: logged, result, startedAt };
}
