// Operating webhook subscriptions: test events, redelivery, subscriptions that
// fail for too long (needs attention, paused, resumed with nothing lost), and the delivery metrics. Every
// delivery is verified by a real receiver with the `standardwebhooks` package.
import { and, eq } from 'drizzle-orm';
import { getMetricsFromIterator } from 'prom2javascript';
import { describe, expect, it } from 'vitest';
import { auditEvents, webhookDeliveries } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { acknowledgeIncident } from '../../services/incidents/acknowledge-incident';
import { reportIncident } from '../../services/incidents/report-incident';
import type { NotificationSettings } from '../../services/notifications/settings';
import { accessTokenFor, api, createTestUser, startApiServer, unique } from '../support/helpers';
import { expectProblem } from '../support/http-helpers';
import { sleep, useNotificationTest } from '../support/notification-helpers';
import { loopbackNotificationSettings } from '../support/webhook-receiver';
import { HANG_MARGIN_MS } from '../support/hang-bounds';

const settings = loopbackNotificationSettings();

const t = useNotificationTest();
const actor = { username: 'responder' } as Principal;

const deliver = (overrides: Partial<NotificationSettings> = {}) =>
  t.deliver({
    settings: { ...settings, ...overrides },
    retryBaseMs: 100,
    maxRetryDelayMs: 200,
    rescanMs: 100,
    timeoutMs: 2_000,
  });

const report = () =>
  reportIncident(t.database.db, {
    processInstanceId: 9,
    nodeId: 'Task_Ship',
    source: 'WORKER',
    severity: 'HIGH',
    message: 'Shipping service down',
    externalReferenceId: unique('ops-'),
  });

/** A subscription that is the only one of this file's database (earlier tests' are removed). */
const subscribe = (url: string, extra: Record<string, unknown> = {}) =>
  t.subscribeAlone(
    { name: unique('ops '), url, eventTypes: ['incident.created', 'incident.acknowledged'], ...extra },
    'deleted',
  );

async function auditActions(id: number) {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'webhook'), eq(auditEvents.targetId, String(id))));
  return rows.sort((a, b) => a.id - b.id);
}

describe('test events', () => {
  it('sends a signed test event through the delivery path, to a disabled subscription too, and logs it', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url, { enabled: false });
    deliver();
    const caller = await t.caller();
    const sent = await caller.webhooks.test({ id: hook.id });
    expect(sent.webhookId).toBe(`msg_${sent.deliveryId}`);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    const [payload] = r.accepted([hook.secret]) as unknown as {
      type: string;
      incident: null;
      actor: string;
      link: string;
    }[];
    expect(payload).toMatchObject({
      type: 'webhook.test',
      incident: null,
      actor: t.admin.username,
      // Fixed when the event is made, from PUBLIC_URL of the process that made it.
      link: expect.stringMatching(/^https?:\/\/[^/]+\/admin\/webhooks$/),
    });
    expect(r.received[0].headers['webhook-id']).toBe(sent.webhookId);

    await expect
      .poll(
        async () => (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 10 })).content[0]?.status,
      )
      .toBe('SUCCEEDED');
    const [delivery] = (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 10 })).content;
    expect(delivery).toMatchObject({
      eventType: 'webhook.test',
      eventId: null,
      incidentId: null,
      attempts: 1,
    });
    expect(delivery.log[0]).toMatchObject({ responseStatus: 204, error: null });
    expect(delivery.log[0].requestHeaders).not.toHaveProperty('webhook-signature');
    expect((await auditActions(hook.id)).map((a) => [a.action, a.actor])).toContainEqual([
      'webhook.test',
      t.admin.username,
    ]);
    // A test event says nothing of incidents: the subscription's own state is unchanged.
    expect(await caller.webhooks.get({ id: hook.id })).toMatchObject({ enabled: false, failingSince: null });
  });

  it('answers over REST, with problems for bad input and nothing changed', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url, { enabled: false });
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    const token = await accessTokenFor(t.admin);
    const res = await api(server.url, 'POST', `/admin/webhooks/${hook.id}/test`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ webhookId: expect.stringMatching(/^msg_\d+$/) });
    expectProblem(await api(server.url, 'POST', `/admin/webhooks/999999/test`, { token }), 404);
    expectProblem(await api(server.url, 'POST', `/admin/webhooks/abc/test`, { token }), 400);
    expectProblem(
      await api(server.url, 'POST', `/admin/webhooks/${hook.id}/redeliver`, {
        token,
        body: { since: 'yesterday' },
      }),
      400,
    );
    expectProblem(
      await api(server.url, 'POST', `/admin/webhooks/${hook.id}/deliveries/999999/redeliver`, { token }),
      404,
    );
    const responder = await accessTokenFor(
      await createTestUser(t.database, { permissions: ['ACCESS_PROCESS_PORTAL'] }),
    );
    expectProblem(
      await api(server.url, 'POST', `/admin/webhooks/${hook.id}/test`, { token: responder }),
      403,
    );
    const deliveries = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, hook.id));
    expect(deliveries).toHaveLength(1);
  });
});

describe('redelivery', () => {
  it('sends one delivery again with its webhook-id, and every failed one since a time, once each under a race', async () => {
    let refusing = true;
    const r = await t.receiver(() => (refusing ? 400 : 200));
    const hook = await subscribe(r.url, { eventTypes: ['incident.created'] });
    deliver();
    const before = new Date(Date.now() - 1_000);
    const incidents = [await report(), await report(), await report()];
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(3);
    const caller = await t.caller();
    const failed = async () =>
      (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 10, status: 'FAILED' })).content;
    await expect.poll(async () => (await failed()).length, { timeout: 10_000 }).toBe(3);

    refusing = false;
    expect(await caller.webhooks.redeliverFailed({ id: hook.id, since: new Date().toISOString() })).toEqual({
      redelivered: 0,
      webhookIds: [],
    });
    // Five administrators at once: each failed delivery is sent again once.
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () =>
        (await t.caller()).webhooks.redeliverFailed({
          id: hook.id,
          since: before.toISOString(),
        }),
      ),
    );
    expect(answers.reduce((n, a) => n + a.redelivered, 0)).toBe(3);
    await expect.poll(() => r.accepted([hook.secret]).length, { timeout: 10_000 }).toBe(3);
    await sleep(400);
    const accepted = r.accepted([hook.secret]);
    expect(accepted.map((p) => p.incident.id).sort()).toEqual(incidents.map((i) => i.id).sort());
    // The same webhook-id as the refused attempts: a receiver recognises what it had.
    const refusedIds = r.received.filter((x) => x.status === 400).map((x) => x.headers['webhook-id']);
    const acceptedIds = r.received.filter((x) => x.status === 200).map((x) => x.headers['webhook-id']);
    expect(acceptedIds.sort()).toEqual(refusedIds.sort());

    // One delivery, delivered already, sent again on request.
    const [latest] = (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 1 })).content;
    await expect
      .poll(
        async () => (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 1 })).content[0].status,
      )
      .toBe('SUCCEEDED');
    expect(await caller.webhooks.redeliver({ id: hook.id, deliveryId: latest.id })).toEqual({
      redelivered: 1,
      webhookIds: [latest.webhookId],
    });
    await expect.poll(() => r.accepted([hook.secret]).length, { timeout: 10_000 }).toBe(4);
    expect(r.received[r.received.length - 1].headers['webhook-id']).toBe(latest.webhookId);
    await expect
      .poll(async () => (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 1 })).content[0])
      .toMatchObject({ status: 'SUCCEEDED', attempts: 3 });
    const [again] = (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 1 })).content;
    expect(again.log.map((a) => a.responseStatus)).toEqual([400, 200, 200]);

    const actions = (await auditActions(hook.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'webhook.redeliver_failed')).toHaveLength(6);
    expect(actions.filter((a) => a === 'webhook.redeliver')).toHaveLength(1);
    await expect(caller.webhooks.redeliver({ id: hook.id, deliveryId: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('a subscription that keeps failing', () => {
  it('needs attention and is paused, says so in the audit log, and delivers everything it kept once enabled again', async () => {
    let down = true;
    const r = await t.receiver(() => (down ? 500 : 200));
    const hook = await subscribe(r.url);
    deliver({ attentionAfterMs: 1_500 });
    const a = await report();
    const b = await report();
    await acknowledgeIncident(t.database.db, { id: a.id }, actor);
    const caller = await t.caller();
    await expect
      .poll(async () => (await caller.webhooks.get({ id: hook.id })).needsAttention, { timeout: 15_000 })
      .toBe(true);
    const paused = await caller.webhooks.get({ id: hook.id });
    expect(paused).toMatchObject({ enabled: false, needsAttentionSince: expect.any(String) });
    expect(paused.failingSince).not.toBeNull();
    const [record] = (await auditActions(hook.id)).filter((x) => x.action === 'webhook.needs_attention');
    expect(record).toMatchObject({ actor: 'system', before: { enabled: true } });
    expect(record.after).toMatchObject({ enabled: false });

    // Paused: no attempt is made, and what happens meanwhile is kept.
    await sleep(300);
    const attemptsWhenPaused = r.received.length;
    const c = await report();
    const statuses = async () =>
      (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 20 })).content.map((d) => d.status);
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING']);
    await sleep(500);
    expect(r.received.length).toBe(attemptsWhenPaused);

    down = false;
    await caller.webhooks.update({ id: hook.id, enabled: true });
    await expect.poll(() => r.accepted([hook.secret]).length, { timeout: 15_000 }).toBe(4);
    await sleep(400);
    const payloads = r.accepted([hook.secret]);
    expect(payloads).toHaveLength(4);
    const order = (id: number) => payloads.filter((p) => p.incident.id === id).map((p) => p.type);
    expect(order(a.id)).toEqual(['incident.created', 'incident.acknowledged']);
    expect(order(b.id)).toEqual(['incident.created']);
    expect(order(c.id)).toEqual(['incident.created']);
    expect(await caller.webhooks.get({ id: hook.id })).toMatchObject({
      enabled: true,
      needsAttention: false,
      needsAttentionSince: null,
      failingSince: null,
    });
  });

  it('is not paused while successes break the run of failures', async () => {
    const r = await t.receiver((n) => (n % 2 === 0 ? 500 : 200));
    const hook = await subscribe(r.url, { eventTypes: ['incident.created'] });
    deliver({ attentionAfterMs: 1_000 });
    for (let i = 0; i < 4; i++) {
      await report();
      await sleep(400);
    }
    await expect.poll(() => r.accepted([hook.secret]).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await sleep(300);
    expect(r.accepted([hook.secret])).toHaveLength(4);
    const caller = await t.caller();
    expect(await caller.webhooks.get({ id: hook.id })).toMatchObject({
      enabled: true,
      needsAttention: false,
    });
  });
});

describe('delivery metrics', () => {
  it('counts attempts by outcome, with their duration, in /api/metrics', async () => {
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    const token = await accessTokenFor(t.admin);
    const scrape = async () => {
      const res = await api(server.url, 'GET', '/metrics', { token });
      expect(res.status).toBe(200);
      const families = await getMetricsFromIterator(res.text.split('\n')[Symbol.iterator]());
      const data = (families.bpm_notification_attempt_duration_seconds?.data ?? []) as {
        labels: Record<string, string>;
        count: number;
        sum: number;
      }[];
      const of = (outcome: string) =>
        data.find((d) => d.labels.channel === 'webhook' && d.labels.outcome === outcome) ?? {
          count: 0,
          sum: 0,
        };
      return { succeeded: of('succeeded'), retrying: of('retrying'), failed: of('failed') };
    };
    const before = await scrape();
    const r = await t.receiver((n) => (n === 0 ? 503 : n === 2 ? 410 : 200));
    await subscribe(r.url, { eventTypes: ['incident.created'] });
    deliver();
    await report();
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(2);
    await report();
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(3);
    await expect
      .poll(async () => (await scrape()).failed.count - before.failed.count, { timeout: HANG_MARGIN_MS })
      .toBe(1);
    const after = await scrape();
    expect(after.succeeded.count - before.succeeded.count).toBe(1);
    expect(after.retrying.count - before.retrying.count).toBe(1);
    expect(after.succeeded.sum).toBeGreaterThan(before.succeeded.sum);
  });
});
