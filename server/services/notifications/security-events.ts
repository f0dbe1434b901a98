// Security events (docs/webhooks.md, "Security events"): the audit records of sign-ins, second factors,
// credentials and permissions, sent to the subscriptions that ask for them through the same deliveries as
// incident events (signed, retried, logged, redelivered).
//
// One source of truth: the audit log. Nothing else in the code emits a security event; a record written by
// recordAudit (server/services/admin/audit.ts) is one, when its action is in the table below. The deliverer's
// enqueue step reads the committed records after each subscription's audit cursor, as it reads the incident
// feed, and makes their deliveries in the transaction that advances the cursor: a record that rolled back is
// never read, and a committed one is enqueued exactly once (so an audit record and its deliveries are both or
// neither), while the request that wrote it does no more work than writing it.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import {
  auditEvents,
  webhookDeliveries,
  webhookSubscriptions,
  type GatheredFailures,
  type WebhookSubscriptionRow,
} from '../../../db/schema';
import type { SecurityEventType } from '../../../domain/security-events';
import { feedStart } from '../events/incident-feed';
import { shortEmailMessage } from './email-message';
import type { NotificationSettings } from './settings';

type AuditRecord = typeof auditEvents.$inferSelect;

/** An action's event, or a rule that decides from the record (a change that may not change who holds what). */
type SecurityEventRule =
  | SecurityEventType
  | { type: SecurityEventType; when: (record: Pick<AuditRecord, 'before' | 'after'>) => boolean };

/** Whether an update of a user, service account or group changed what a principal holds (or may use it). */
const changesHoldings = ({ before, after }: Pick<AuditRecord, 'before' | 'after'>) => {
  const pick = (snapshot: unknown) => {
    const s = (snapshot ?? {}) as Record<string, unknown>;
    return JSON.stringify([s.permissions, s.effectivePermissions, s.groups, s.groupIds, s.enabled]);
  };
  return pick(before) !== pick(after);
};

/**
 * THE TABLE: which audit action is which security event. An action not here is no security event. A new
 * audit action of sign-in, second factors, credentials or permissions (an OIDC sign-in, a passkey added,
 * removed or used) is added here, and only here.
 */
export const SECURITY_EVENT_OF_ACTION: Readonly<Record<string, SecurityEventRule>> = {
  // One sign-in is one auth.sign_in, whatever its second factor; what a factor spent changes is told apart.
  'auth.sign_in': 'security.sign_in',
  'auth.sign_in_failed': 'security.sign_in_failed',
  'auth.second_factor_failed': 'security.sign_in_failed',
  'auth.locked': 'security.locked',
  'user.second_factor_enrol': 'security.second_factor_changed',
  'user.second_factor_remove': 'security.second_factor_changed',
  'user.second_factor_reset': 'security.second_factor_changed',
  // A recovery code spent at a sign-in: one fewer left.
  'auth.recovery_code_used': 'security.second_factor_changed',
  'user.passkey_add': 'security.second_factor_changed',
  'user.passkey_remove': 'security.second_factor_changed',
  // A new set of recovery codes: the old ones, wherever they were written down, open nothing now.
  'user.recovery_codes_regenerate': 'security.second_factor_changed',
  'user.password_change': 'security.password_changed',
  'user.password_reset': 'security.password_changed',
  'api_token.create': 'security.token_created',
  'api_token.revoke': 'security.token_revoked',
  'user.create': 'security.permissions_changed',
  'user.delete': 'security.permissions_changed',
  'user.update': { type: 'security.permissions_changed', when: changesHoldings },
  'service_account.create': 'security.permissions_changed',
  'service_account.delete': 'security.permissions_changed',
  'service_account.update': { type: 'security.permissions_changed', when: changesHoldings },
  'group.create': 'security.permissions_changed',
  'group.delete': 'security.permissions_changed',
  'group.update': { type: 'security.permissions_changed', when: changesHoldings },
  'group.members_update': 'security.permissions_changed',
  // Single sign-on (server/auth/oidc-sign-in.ts) records its sign-ins as auth.sign_in and auth.sign_in_failed
  // (via single_sign_on), a new person as user.create, and the groups the provider's claims gave as:
  'user.groups_from_provider': 'security.permissions_changed',
};

const SECURITY_ACTIONS = Object.keys(SECURITY_EVENT_OF_ACTION);

/** The security event an audit record is, if any. */
export function securityEventOf(
  record: Pick<AuditRecord, 'action' | 'before' | 'after'>,
): SecurityEventType | undefined {
  const rule = SECURITY_EVENT_OF_ACTION[record.action];
  if (rule === undefined) return undefined;
  if (typeof rule === 'string') return rule;
  return rule.when(record) ? rule.type : undefined;
}

/**
 * Failed sign-ins come in floods (password guessing): each subscription gathers them into one message, sent
 * this long after the first (NotificationSettings.failedSignInWindowMs), that counts them and lists the
 * first MAX_LISTED_FAILURES. However many fail, a subscription has at most one such message per window.
 */
export const FAILED_SIGN_IN_WINDOW_MS = 10_000;
export const MAX_LISTED_FAILURES = 100;

/** Keys never sent, at any depth: audit snapshots hold no secret, and this keeps it so whatever is added. */
const SECRET_KEY = /password|secret|hash|^token$|^code$|^codes$|recoverycodes$|otpauth|^uri$/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : null);

/** What one audit record tells a receiver (docs/webhooks.md, "Security events"). */
export function securityEventPayload(record: AuditRecord, type: SecurityEventType, publicUrl: string) {
  const after = (record.after ?? {}) as Record<string, unknown>;
  return {
    id: `audit_${record.id}`,
    type,
    time: record.createdAt.toISOString(),
    actor: record.actor,
    action: record.action,
    target: { type: record.targetType, id: record.targetId },
    address: stringOr(after.address),
    via: stringOr(after.via),
    requestId: stringOr(after.requestId),
    message: messageOf(record),
    before: withoutSecrets(record.before ?? null),
    after: withoutSecrets(record.after ?? null),
    link: `${publicUrl}/admin/audit?action=${encodeURIComponent(record.action)}`,
  };
}

const messageOf = (r: AuditRecord) =>
  `${r.action} by ${r.actor}${r.targetId === null ? '' : ` on ${r.targetType} ${r.targetId}`}`;

/** One failed sign-in as a gathered message lists it: who was tried, when, from where, how. */
const failureOf = (r: AuditRecord) => {
  const p = securityEventPayload(r, 'security.sign_in_failed', '');
  return {
    id: p.id,
    time: p.time,
    username: r.actor,
    action: r.action,
    userId: r.targetId,
    address: p.address,
    via: p.via,
    requestId: p.requestId,
  };
};

/** The body of failed sign-ins gathered: a count, the first listed, their span. */
function failuresBody(
  subscription: Pick<WebhookSubscriptionRow, 'channel' | 'format'>,
  firstId: number,
  gathered: GatheredFailures,
  publicUrl: string,
): string {
  const message = `${gathered.count} failed sign-in${gathered.count === 1 ? '' : 's'} between ${gathered.firstAt} and ${gathered.lastAt}`;
  const link = `${publicUrl}/admin/audit?action=auth.sign_in_failed`;
  return render(subscription, message, link, {
    id: `audit_${firstId}`,
    type: 'security.sign_in_failed',
    time: gathered.firstAt,
    actor: null,
    message,
    failures: { ...gathered },
    link,
  });
}

function render(
  subscription: Pick<WebhookSubscriptionRow, 'channel' | 'format'>,
  message: string,
  link: string,
  json: object,
): string {
  if (subscription.channel === 'email') return JSON.stringify(shortEmailMessage(message, link));
  if (subscription.format === 'slack') {
    return JSON.stringify({
      text: message,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*<${link}|Security event>*\n${message}` } }],
    });
  }
  return JSON.stringify(json);
}

/** A position in the audit log: just after the record with this (txId, id). */
interface AuditCursor {
  txId: string;
  id: number;
}

/** Where a subscription that comes to want security events starts: its cursor and the snapshot of now. */
export interface AuditStart {
  auditCursorTxId: string;
  auditCursorId: number;
  auditStartSnapshot: string;
}

const readable = sql`${auditEvents.txId} < pg_snapshot_xmin(pg_current_snapshot())`;

/**
 * Just before every record not committed now: the incident feed's start (feedStart says why a position
 * alone is not that). An audit record's tx_id is its writer's own, so the snapshot tells history apart.
 */
export async function auditStart(db: Db): Promise<AuditStart> {
  const { cursor, history } = await feedStart(db);
  return { auditCursorTxId: cursor.txId, auditCursorId: cursor.id, auditStartSnapshot: history };
}

/**
 * In the caller's transaction, with the subscription's row locked: the committed audit records after its
 * audit cursor that are security events it wants become deliveries, and the cursor moves past what was read.
 * A subscription that wants none reads nothing: its cursor is set to the head when it comes to want some
 * (subscriptions.ts, auditStart), so it is sent the security events from then on.
 */
export async function enqueueSecurityEvents(
  tx: Db,
  subscription: WebhookSubscriptionRow,
  settings: NotificationSettings,
  pageSize: number,
): Promise<{ count: number; more: boolean }> {
  if (!subscription.securityEventTypes.length) return { count: 0, more: false };
  const records = await tx
    .select()
    .from(auditEvents)
    .where(
      and(
        sql`(${auditEvents.txId}, ${auditEvents.id}) > (${subscription.auditCursorTxId}::xid8, ${subscription.auditCursorId}::bigint)`,
        readable,
        inArray(auditEvents.action, SECURITY_ACTIONS),
        subscription.auditStartSnapshot === null
          ? undefined
          : sql`not pg_visible_in_snapshot(${auditEvents.txId}, ${subscription.auditStartSnapshot}::pg_snapshot)`,
      ),
    )
    .orderBy(asc(auditEvents.txId), asc(auditEvents.id))
    .limit(pageSize);
  if (!records.length) return { count: 0, more: false };
  const wanted = records.flatMap((record) => {
    const type = securityEventOf(record);
    return type && subscription.securityEventTypes.includes(type) ? [{ record, type }] : [];
  });
  const single = wanted.filter((w) => w.type !== 'security.sign_in_failed');
  const failures = wanted.filter((w) => w.type === 'security.sign_in_failed').map((w) => w.record);
  const values: PgInsertValue<typeof webhookDeliveries>[] = single.map(({ record, type }) => {
    const payload = securityEventPayload(record, type, settings.publicUrl);
    return {
      subscriptionId: subscription.id,
      securityEventType: type,
      auditEventId: record.id,
      body: render(subscription, payload.message, payload.link, payload),
      nextAttemptAt: sql`now()`,
    };
  });
  if (values.length) await tx.insert(webhookDeliveries).values(values).onConflictDoNothing();
  const gathered = failures.length ? await gatherFailures(tx, subscription, failures, settings) : 0;
  const last = records[records.length - 1];
  await moveCursor(tx, subscription.id, { txId: last.txId, id: last.id });
  return { count: values.length + gathered, more: records.length === pageSize };
}

function moveCursor(tx: Db, subscriptionId: number, cursor: AuditCursor) {
  return tx
    .update(webhookSubscriptions)
    .set({ auditCursorTxId: cursor.txId, auditCursorId: cursor.id })
    .where(eq(webhookSubscriptions.id, subscriptionId));
}

/**
 * Failed sign-ins join the subscription's message still gathering them (not yet attempted, locked: a claim
 * that comes first leaves it DELIVERING, which this no longer finds), or begin one, due a window later.
 * Answers how many messages it began.
 */
async function gatherFailures(
  tx: Db,
  subscription: WebhookSubscriptionRow,
  failures: AuditRecord[],
  settings: NotificationSettings,
): Promise<number> {
  const [open] = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, subscription.id),
        sql`${webhookDeliveries.gatheredFailures} is not null`,
        eq(webhookDeliveries.status, 'PENDING'),
        eq(webhookDeliveries.attempts, 0),
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(1)
    .for('update');
  const gathered: GatheredFailures = open?.gatheredFailures ?? {
    count: 0,
    failures: [],
    firstAt: failures[0].createdAt.toISOString(),
    lastAt: failures[0].createdAt.toISOString(),
  };
  for (const failure of failures) {
    gathered.count += 1;
    if (gathered.failures.length < MAX_LISTED_FAILURES) gathered.failures.push(failureOf(failure));
    const at = failure.createdAt.toISOString();
    if (at > gathered.lastAt) gathered.lastAt = at;
  }
  if (open) {
    await tx
      .update(webhookDeliveries)
      .set({
        gatheredFailures: gathered,
        body: failuresBody(subscription, open.auditEventId!, gathered, settings.publicUrl),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookDeliveries.id, open.id));
    return 0;
  }
  const windowMs = settings.failedSignInWindowMs ?? FAILED_SIGN_IN_WINDOW_MS;
  await tx
    .insert(webhookDeliveries)
    .values({
      subscriptionId: subscription.id,
      securityEventType: 'security.sign_in_failed',
      auditEventId: failures[0].id,
      gatheredFailures: gathered,
      body: failuresBody(subscription, failures[0].id, gathered, settings.publicUrl),
      nextAttemptAt: sql`now() + ${`${windowMs} milliseconds`}::interval`,
    })
    .onConflictDoNothing();
  return 1;
}
