// Webhook subscriptions: made, changed and removed by administrators, every change audited.
// A new subscription starts at the head of the incident feed: it is sent what happens from then on.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  webhookDeliveries,
  webhookSecrets,
  webhookSubscriptions,
  type WebhookSubscriptionRow,
} from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict, fieldError, notFound } from '../../errors';
import {
  isSecurityEventType,
  timelineTypeOf,
  webhookEventTypeOf,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookResponse,
} from '../../schemas/webhooks';
import { formatLocalDateTime as at } from '../../time';
import { recordAudit } from '../admin/audit';
import { feedStart } from '../events/incident-feed';
import { auditStart } from './security-events';
import type { NotificationSettings } from './settings';
import { generateSecret, secretPrefix } from './signing';
import { checkTargetUrl, type TargetPolicy } from './target-policy';

/** The event types named, split into the timeline's (incident events) and security events, each once. */
function splitEventTypes(types: CreateWebhookRequest['eventTypes']) {
  const unique = [...new Set(types)];
  return {
    eventTypes: unique.filter((t) => !isSecurityEventType(t)).map(timelineTypeOf),
    securityEventTypes: unique.filter(isSecurityEventType),
  };
}

/** Active secrets per subscription at most: two let a receiver rotate without missing a delivery. */
const MAX_SECRETS = 2;

type SecretRow = typeof webhookSecrets.$inferSelect;

const secretView = (s: SecretRow) => ({
  id: s.id,
  prefix: secretPrefix(s.secret),
  createdAt: at(s.createdAt),
});

function toView(row: WebhookSubscriptionRow, secrets: SecretRow[]): WebhookResponse {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    url: row.url,
    recipients: row.recipients,
    eventTypes: [...row.eventTypes.map(webhookEventTypeOf), ...row.securityEventTypes],
    minSeverity: row.minSeverity,
    sources: row.sources,
    nodeIds: row.nodeIds,
    format: row.format,
    groupWindowSeconds: row.groupWindowSeconds,
    enabled: row.enabled,
    needsAttention: row.needsAttentionAt !== null,
    needsAttentionSince: row.needsAttentionAt && at(row.needsAttentionAt),
    failingSince: row.failingSince && at(row.failingSince),
    secrets: secrets.map(secretView),
    createdBy: row.createdBy,
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}

/** The audit log's view: no secret, not even its prefix. */
const audited = ({ secrets, ...view }: WebhookResponse) => ({ ...view, secretIds: secrets.map((s) => s.id) });

function audit(tx: Db, actor: Principal, action: string, id: number, before?: unknown, after?: unknown) {
  return recordAudit(tx, {
    actor: actor.username,
    action,
    // audit_events.target_type is text; AuditEntry names the admin areas' types only.
    targetType: 'webhook',
    targetId: id,
    before,
    after,
  });
}

async function secretsOf(db: Db, ids: number[]): Promise<Map<number, SecretRow[]>> {
  const rows = ids.length
    ? await db
        .select()
        .from(webhookSecrets)
        .where(inArray(webhookSecrets.subscriptionId, ids))
        .orderBy(asc(webhookSecrets.id))
    : [];
  const map = new Map<number, SecretRow[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(row.subscriptionId)!.push(row);
  return map;
}

async function lockSubscription(tx: Db, id: number): Promise<WebhookSubscriptionRow> {
  const [row] = await tx
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .for('update');
  if (!row) throw notFound('Webhook', id);
  return row;
}

export async function listWebhooks(db: Db): Promise<WebhookResponse[]> {
  const rows = await db.select().from(webhookSubscriptions).orderBy(asc(webhookSubscriptions.id));
  const secrets = await secretsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, secrets.get(r.id)!));
}

export async function getWebhook(db: Db, { id }: { id: number }): Promise<WebhookResponse> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!row) throw notFound('Webhook', id);
  return toView(row, (await secretsOf(db, [id])).get(id)!);
}

/** A webhook needs a safe url, an email subscription recipients: the other is left empty. */
function targetOf(
  policy: TargetPolicy,
  channel: WebhookSubscriptionRow['channel'],
  url?: string,
  recipients?: string[],
) {
  if (channel === 'email') {
    if (!recipients?.length)
      throw fieldError('recipients', 'an email subscription needs at least one address');
    return { url: '', recipients: [...new Set(recipients.map((r) => r.toLowerCase()))] };
  }
  if (url === undefined) throw fieldError('url', 'a webhook needs a url');
  return { url: checkTargetUrl(url, policy), recipients: [] };
}

export async function createWebhook(
  db: Db,
  input: CreateWebhookRequest,
  actor: Principal,
  { policy }: Pick<NotificationSettings, 'policy'>,
) {
  const channel = input.channel ?? 'webhook';
  const { url, recipients } = targetOf(policy, channel, input.url, input.recipients);
  const secret = generateSecret();
  return db.transaction(async (tx) => {
    const head = await feedStart(tx);
    const start = await auditStart(tx);
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        name: input.name,
        channel,
        url,
        recipients,
        ...splitEventTypes(input.eventTypes),
        minSeverity: input.minSeverity ?? null,
        sources: [...new Set(input.sources ?? [])],
        nodeIds: [...new Set(input.nodeIds ?? [])],
        format: input.format ?? 'json',
        groupWindowSeconds: input.groupWindowSeconds ?? 0,
        enabled: input.enabled ?? true,
        cursorTxId: head.cursor.txId,
        cursorEventId: head.cursor.id,
        startSnapshot: head.history,
        ...start,
        createdBy: actor.username,
      })
      .returning();
    const [secretRow] = await tx
      .insert(webhookSecrets)
      .values({ subscriptionId: row.id, secret })
      .returning();
    const view = toView(row, [secretRow]);
    await audit(tx, actor, 'webhook.create', row.id, undefined, audited(view));
    return { ...view, secret };
  });
}

export async function updateWebhook(
  db: Db,
  { id, ...input }: UpdateWebhookRequest & { id: number },
  actor: Principal,
  { policy }: Pick<NotificationSettings, 'policy'>,
): Promise<WebhookResponse> {
  return db.transaction(async (tx) => {
    const current = await lockSubscription(tx, id);
    const target =
      input.url === undefined && input.recipients === undefined
        ? undefined
        : targetOf(policy, current.channel, input.url ?? current.url, input.recipients ?? current.recipients);
    const secrets = (await secretsOf(tx, [id])).get(id)!;
    const enabling = input.enabled === true && !current.enabled;
    // Enabled again by the administrator who disabled it: sent what happens from now on (what was pending
    // when it was disabled is kept). Enabled again after the service paused it (needs attention): its
    // events were kept meanwhile, and are delivered from where it stopped, each with a fresh retry window.
    const resuming = enabling && current.needsAttentionAt !== null;
    const head = enabling && !resuming ? await feedStart(tx) : undefined;
    const types = input.eventTypes && splitEventTypes(input.eventTypes);
    // Security events are sent from when it first wants some (or is enabled again), not its history.
    const wantsSecurityNow =
      (head !== undefined || current.securityEventTypes.length === 0) &&
      (types ? types.securityEventTypes.length > 0 : current.securityEventTypes.length > 0);
    const start = wantsSecurityNow ? await auditStart(tx) : undefined;
    if (resuming) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()`, scheduledAt: sql`now()` })
        .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.status, 'PENDING')));
    }
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(target && { url: target.url, recipients: target.recipients }),
        ...types,
        ...(input.minSeverity !== undefined && { minSeverity: input.minSeverity }),
        ...(input.sources && { sources: [...new Set(input.sources)] }),
        ...(input.nodeIds && { nodeIds: [...new Set(input.nodeIds)] }),
        ...(input.format && { format: input.format }),
        ...(input.groupWindowSeconds !== undefined && { groupWindowSeconds: input.groupWindowSeconds }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
        ...(head && {
          cursorTxId: head.cursor.txId,
          cursorEventId: head.cursor.id,
          startSnapshot: head.history,
        }),
        ...start,
        ...(enabling && { needsAttentionAt: null, failingSince: null }),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    const view = toView(row, secrets);
    await audit(tx, actor, 'webhook.update', id, audited(toView(current, secrets)), audited(view));
    return view;
  });
}

export async function deleteWebhook(db: Db, { id }: { id: number }, actor: Principal): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockSubscription(tx, id);
    const secrets = (await secretsOf(tx, [id])).get(id)!;
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    await audit(tx, actor, 'webhook.delete', id, audited(toView(current, secrets)));
  });
}

/** A further signing secret (rotation): deliveries are signed with both until the old one is removed. */
export async function addWebhookSecret(db: Db, { id }: { id: number }, actor: Principal) {
  const secret = generateSecret();
  return db.transaction(async (tx) => {
    await lockSubscription(tx, id);
    const secrets = (await secretsOf(tx, [id])).get(id)!;
    if (secrets.length >= MAX_SECRETS) {
      throw conflict(`Webhook ${id} has ${MAX_SECRETS} secrets already; remove the old one first`);
    }
    const [row] = await tx.insert(webhookSecrets).values({ subscriptionId: id, secret }).returning();
    await audit(tx, actor, 'webhook.secret.create', id, undefined, { secretId: row.id });
    return { ...secretView(row), secret };
  });
}

export async function removeWebhookSecret(
  db: Db,
  { id, secretId }: { id: number; secretId: number },
  actor: Principal,
) {
  await db.transaction(async (tx) => {
    await lockSubscription(tx, id);
    const secrets = (await secretsOf(tx, [id])).get(id)!;
    if (!secrets.some((s) => s.id === secretId)) throw notFound('Webhook secret', secretId);
    if (secrets.length === 1)
      throw conflict(`Webhook ${id} needs a secret; add another before removing this one`);
    await tx.delete(webhookSecrets).where(eq(webhookSecrets.id, secretId));
    await audit(tx, actor, 'webhook.secret.delete', id, { secretId }, undefined);
  });
}
