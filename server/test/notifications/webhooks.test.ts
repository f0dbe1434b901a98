// Webhook subscriptions and their delivery, against a real HTTP receiver started here that
// verifies every delivery with the `standardwebhooks` package (not the project's own code).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { reportIncident } from '../../services/incidents/report-incident';
import { acknowledgeIncident } from '../../services/incidents/acknowledge-incident';
import { unacknowledgeIncident } from '../../services/incidents/unacknowledge-incident';
import { snoozeIncident } from '../../services/incidents/snooze';
import { resolveIncident } from '../../services/incidents/resolve-incident';
import { addIncidentNote } from '../../services/incidents/add-incident-note';
import { assignIncident } from '../../services/incidents/assign-incident';
import { accessTokenFor, api, createTestUser, onPostgres, unique } from '../support/helpers';
import { useNotificationTest, whileTransactionRunsElsewhere } from '../support/notification-helpers';
import { databaseUrlOf, startServerProcess, stopProcess } from '../support/processes';
import { loopbackNotificationSettings } from '../support/webhook-receiver';

const settings = loopbackNotificationSettings();

const t = useNotificationTest();
const actor = { username: 'responder' } as Principal;

const deliver = () => t.deliver({ settings, retryBaseMs: 100, rescanMs: 200, timeoutMs: 2_000 });

const report = (overrides: Partial<Parameters<typeof reportIncident>[1]> = {}) =>
  reportIncident(t.database.db, {
    processInstanceId: 7,
    nodeId: 'Task_Invoice',
    source: 'WORKER',
    severity: 'HIGH',
    message: 'Invoice service <down> & out',
    externalReferenceId: unique('hook-'),
    ...overrides,
  });

const subscribe = (url: string, extra: Record<string, unknown> = {}) =>
  t.subscribeAlone({
    name: unique('hook '),
    url,
    eventTypes: ['incident.created', 'incident.acknowledged', 'incident.resolved'],
    ...extra,
  });

describe('webhook subscriptions API', () => {
  it('creates a subscription whose secret is shown once, audits every change, and refuses unsafe targets', async () => {
    const caller = await t.caller();
    const created = await caller.webhooks.create({
      name: 'Ops',
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['incident.created'],
      minSeverity: 'HIGH',
      format: 'slack',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const read = await caller.webhooks.get({ id: created.id });
    expect(JSON.stringify(read)).not.toContain(created.secret);
    expect(read).toMatchObject({
      format: 'slack',
      minSeverity: 'HIGH',
      enabled: true,
      sources: [],
      nodeIds: [],
    });
    expect(read.secrets).toHaveLength(1);
    expect(created.secret.startsWith(read.secrets[0].prefix)).toBe(true);

    const second = await caller.webhooks.addSecret({ id: created.id });
    expect(second.secret).toMatch(/^whsec_/);
    await expect(caller.webhooks.addSecret({ id: created.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await caller.webhooks.removeSecret({ id: created.id, secretId: read.secrets[0].id });
    await expect(caller.webhooks.removeSecret({ id: created.id, secretId: second.id })).rejects.toMatchObject(
      {
        code: 'CONFLICT',
      },
    );
    await caller.webhooks.update({ id: created.id, enabled: false, nodeIds: ['Task_A'] });
    await caller.webhooks.delete({ id: created.id });
    await expect(caller.webhooks.get({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(created.id)));
    expect(audit.filter((a) => a.targetType === 'webhook').map((a) => a.action)).toEqual([
      'webhook.create',
      'webhook.secret.create',
      'webhook.secret.delete',
      'webhook.update',
      'webhook.delete',
    ]);
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6, 20));

    for (const url of [
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00:ec2::254]/',
      'http://192.168.1.10:8080/',
      'ftp://example.com/hook',
      'https://user:pw@example.com/hook',
      'not a url',
    ]) {
      await expect(
        caller.webhooks.create({ name: 'x', url, eventTypes: ['incident.created'] }),
        url,
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('is for administrators only, over REST too', async () => {
    const { startApiServer } = await import('../support/helpers');
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    const responder = await accessTokenFor(
      await createTestUser(t.database, { permissions: ['ACCESS_PROCESS_PORTAL'] }),
    );
    expect((await api(server.url, 'GET', '/admin/webhooks')).status).toBe(401);
    expect((await api(server.url, 'GET', '/admin/webhooks', { token: responder })).status).toBe(403);
    const token = await accessTokenFor(t.admin);
    const created = await api(server.url, 'POST', '/admin/webhooks', {
      token,
      body: { name: 'REST', url: 'https://hooks.example.com/x', eventTypes: ['incident.resolved'] },
    });
    expect(created.status).toBe(200);
    const id = (created.body as { id: number }).id;
    expect((await api(server.url, 'GET', `/admin/webhooks/${id}/deliveries`, { token })).status).toBe(200);
    expect((await api(server.url, 'DELETE', `/admin/webhooks/${id}`, { token })).status).toBe(204);
  });
});

describe('webhook delivery', () => {
  it('delivers created, acknowledged and resolved once each, in order, verified, with the incident and a link', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url);
    deliver();
    const incident = await report();
    await acknowledgeIncident(t.database.db, { id: incident.id }, actor);
    await resolveIncident(t.database.db, { id: incident.id, resolutionNote: 'fixed' }, actor);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(3);
    const payloads = r.accepted([hook.secret]);
    expect(payloads.map((p) => [p.type, p.incident.id, p.incident.status])).toEqual([
      ['incident.created', incident.id, expect.any(String)],
      ['incident.acknowledged', incident.id, expect.any(String)],
      ['incident.resolved', incident.id, 'RESOLVED'],
    ]);
    expect(payloads[2]).toMatchObject({
      actor: 'responder',
      link: `https://bpm.example.com/incidents/${incident.id}`,
      incident: { resolvedBy: 'responder', resolutionNote: 'fixed', nodeId: 'Task_Invoice' },
    });
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 600)); // several rescans: nothing more arrives
    expect(r.received).toHaveLength(3);

    const caller = await t.caller();
    const log = await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 20 });
    expect(log.content.map((d) => [d.eventType, d.status, d.attempts])).toEqual([
      ['incident.resolved', 'SUCCEEDED', 1],
      ['incident.acknowledged', 'SUCCEEDED', 1],
      ['incident.created', 'SUCCEEDED', 1],
    ]);
    const [attempt] = log.content[0].log;
    expect(attempt).toMatchObject({ responseStatus: 204, error: null });
    expect(attempt.requestHeaders['webhook-id']).toBe(log.content[0].webhookId);
    expect(attempt.requestHeaders).not.toHaveProperty('webhook-signature');
    expect(JSON.parse(attempt.requestBody).type).toBe('incident.resolved');
  });

  it('carries the trace context of the request that caused the event (traceparent), so it joins its trace', async () => {
    const { startApiServer } = await import('../support/helpers');
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    const r = await t.receiver();
    const hook = await subscribe(r.url, { eventTypes: ['incident.created', 'incident.acknowledged'] });
    deliver();
    const token = await accessTokenFor(t.admin);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const reported = await api(server.url, 'POST', '/incidents', {
      token,
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: {
        processInstanceId: 7,
        nodeId: 'Task_Traced',
        source: 'WORKER',
        severity: 'HIGH',
        message: 'traced',
        externalReferenceId: `traced:${Date.now()}`,
      },
    });
    expect(reported.status, reported.text).toBe(200);
    // The request's own span (a child of the caller's), as it answered in traceresponse.
    const requestSpan = reported.headers.get('traceresponse');
    expect(requestSpan).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // An event written outside a traced request (here: no request at all) carries none.
    await acknowledgeIncident(t.database.db, { id: reported.body.id }, actor);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(2);
    expect(r.received.map((x) => x.headers.traceparent)).toEqual([requestSpan, undefined]);
    expect(r.accepted([hook.secret]).map((p) => p.type)).toEqual([
      'incident.created',
      'incident.acknowledged',
    ]);
    const caller = await t.caller();
    // Each attempt is recorded after its answer: read the log once both are.
    await expect
      .poll(async () =>
        (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 20 })).content.map(
          (d) => d.log[0]?.requestHeaders.traceparent ?? (d.log.length ? 'none' : 'pending'),
        ),
      )
      .toEqual(['none', requestSpan]);
  });

  it('delivers notes and assignments with their author and text', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url, { eventTypes: ['incident.note_added', 'incident.assigned'] });
    deliver();
    const incident = await report();
    await addIncidentNote(t.database.db, { id: incident.id, text: 'Paged the ledger team' }, actor);
    await assignIncident(t.database.db, { id: incident.id, username: t.admin.username }, actor);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(2);
    const payloads = r.accepted([hook.secret]) as unknown as {
      type: string;
      actor: string;
      message: string;
      incident: { assignee: string | null };
    }[];
    expect(payloads.map((p) => [p.type, p.actor, p.message])).toEqual([
      ['incident.note_added', 'responder', 'Paged the ledger team'],
      ['incident.assigned', 'responder', `Assigned to ${t.admin.username} by responder`],
    ]);
    expect(payloads[1].incident.assignee).toBe(t.admin.username);
  });

  it('delivers an acknowledgement taken back as incident.unacknowledged, the incident OPEN again', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url, { eventTypes: ['incident.unacknowledged'] });
    deliver();
    const incident = await report();
    await acknowledgeIncident(t.database.db, { id: incident.id }, actor);
    await unacknowledgeIncident(t.database.db, { id: incident.id }, actor);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    const [payload] = r.accepted([hook.secret]) as unknown as {
      type: string;
      actor: string;
      message: string;
      incident: { status: string; acknowledgedBy: string | null };
    }[];
    expect(payload).toMatchObject({
      type: 'incident.unacknowledged',
      actor: 'responder',
      message: 'Unacknowledged by responder',
      incident: { status: 'OPEN', acknowledgedBy: null },
    });
  });

  it('holds what a snoozed incident does by itself: the snooze and its end are sent, the occurrences meanwhile not', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url, {
      eventTypes: ['incident.occurred_again', 'incident.snoozed', 'incident.snooze_ended'],
    });
    deliver();
    const reference = unique('snoozed-');
    const incident = await report({ externalReferenceId: reference });
    await snoozeIncident(t.database.db, { id: incident.id, occurrences: 2 }, actor);
    await report({ externalReferenceId: reference });
    await report({ externalReferenceId: reference }); // the second occurrence: the snooze ends
    await report({ externalReferenceId: reference }); // awake: sent
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(3);
    const payloads = r.accepted([hook.secret]) as unknown as {
      type: string;
      message: string;
    }[];
    // (Each carries the incident as it was when its delivery was made: here, all three after the last report.)
    expect(payloads.map((p) => p.type)).toEqual([
      'incident.snoozed',
      'incident.snooze_ended',
      'incident.occurred_again',
    ]);
    expect(payloads[0].message).toBe('Snoozed by responder until it occurs 2 more times');
    expect(payloads[1].message).toBe(
      'Snooze ended: it occurred again while snoozed by responder (3 times in all)',
    );
    // Nothing more comes: the two held occurrences stay held.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.received).toHaveLength(3);
  });

  it('retries a receiver that answers 500 until it recovers, with the same webhook-id, in order per incident', async () => {
    const r = await t.receiver((n) => (n < 4 ? 500 : 200));
    const hook = await subscribe(r.url);
    deliver();
    const a = await report();
    const b = await report();
    await acknowledgeIncident(t.database.db, { id: a.id }, actor);
    await resolveIncident(t.database.db, { id: b.id }, actor);
    await expect.poll(() => r.accepted([hook.secret]).length, { timeout: 20_000 }).toBe(4);
    const payloads = r.accepted([hook.secret]);
    const order = (id: number) => payloads.filter((p) => p.incident.id === id).map((p) => p.type);
    expect(order(a.id)).toEqual(['incident.created', 'incident.acknowledged']);
    expect(order(b.id)).toEqual(['incident.created', 'incident.resolved']);
    expect(new Set(payloads.map((p) => p.id)).size).toBe(4);
    // Every failed request was retried under its own webhook-id, which the success then carried.
    const accepted = new Set(r.received.filter((x) => x.status < 300).map((x) => x.headers['webhook-id']));
    for (const failed of r.received.filter((x) => x.status >= 500)) {
      expect(accepted.has(failed.headers['webhook-id'])).toBe(true);
    }
    const caller = await t.caller();
    const log = await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 20 });
    const attempts = log.content.flatMap((d) => d.log);
    expect(attempts.filter((x) => x.responseStatus === 500)).toHaveLength(4);
    expect(attempts.find((x) => x.responseStatus === 500)?.responseBody).toBe('refused with 500');
  });

  it('takes a 4xx as final and goes on with other incidents', async () => {
    const r = await t.receiver((n) => (n === 0 ? 400 : 200));
    const hook = await subscribe(r.url, { eventTypes: ['incident.created'] });
    deliver();
    const a = await report();
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    const b = await report();
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(r.received.map((x) => x.status)).toEqual([400, 200]);
    expect(r.accepted([hook.secret]).map((p) => p.incident.id)).toEqual([b.id]);
    const caller = await t.caller();
    const failed = await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 20, status: 'FAILED' });
    expect(failed.content.map((d) => [d.incidentId, d.attempts, d.lastError])).toEqual([
      [a.id, 1, 'Answered 400'],
    ]);
  });

  it('signs with both secrets while rotating, filters by severity, and speaks Slack', async () => {
    const r = await t.receiver();
    const hook = await subscribe(r.url, {
      eventTypes: ['incident.created'],
      minSeverity: 'HIGH',
      format: 'slack',
    });
    const caller = await t.caller();
    const second = await caller.webhooks.addSecret({ id: hook.id });
    deliver();
    await report({ severity: 'LOW' });
    const critical = await report({ severity: 'CRITICAL' });
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(r.received).toHaveLength(1);
    const [message] = r.accepted([hook.secret, second.secret]) as unknown as {
      text: string;
      blocks: { text: { text: string } }[];
    }[];
    expect(message.text).toBe(`[CRITICAL] Incident #${critical.id} new: Invoice service <down> & out`);
    expect(message.blocks[0].text.text).toContain(
      `*<https://bpm.example.com/incidents/${critical.id}|[CRITICAL] Incident #${critical.id} new>*`,
    );
    expect(message.blocks[0].text.text).toContain('Invoice service &lt;down&gt; &amp; out');
    expect(String(r.received[0].headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it('does not follow redirects and refuses loopback unless allowed, both for good', async () => {
    const r = await t.receiver(() => 302);
    const hook = await subscribe(r.url, { eventTypes: ['incident.created'] });
    const strict = t.deliver({
      settings: { ...settings, policy: { allowHttp: true, allowedNetworks: [] } },
      rescanMs: 200,
    });
    await report();
    const caller = await t.caller();
    const failures = async () =>
      (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 20, status: 'FAILED' })).content;
    await expect.poll(async () => (await failures()).length, { timeout: 10_000 }).toBe(1);
    expect(r.received).toHaveLength(0);
    await strict.stop();
    deliver();
    await report();
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await failures()).length, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(r.received).toHaveLength(1);
    expect((await failures()).map((d) => [d.attempts, d.lastError])).toEqual([
      [1, 'Answered 302: redirects are not followed'],
      [1, expect.stringMatching(/^Target refused: 127\.0\.0\.1 is a loopback/)],
    ]);
  });
  // Transaction ids are the whole server's: a transaction held open elsewhere (another database of it, as
  // another test file's) keeps younger committed entries unread behind it. A subscription made meanwhile
  // is sent what happens from then on, not those.
  it.runIf(onPostgres)(
    'is not sent the events that committed before it was made, while a transaction ran elsewhere',
    async () => {
      const r = await t.receiver();
      const { before, after, hook } = await whileTransactionRunsElsewhere(async () => {
        const before = await report();
        const hook = await subscribe(r.url);
        deliver();
        // An incident of before, acknowledged after: only the acknowledgement is news.
        await acknowledgeIncident(t.database.db, { id: before.id }, actor);
        return { before, after: await report(), hook };
      });
      await expect.poll(() => r.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(r.accepted([hook.secret]).map((p) => [p.type, p.incident.id])).toEqual([
        ['incident.acknowledged', before.id],
        ['incident.created', after.id],
      ]);
    },
  );
});

describe.runIf(onPostgres)('webhook delivery across server processes (PostgreSQL)', () => {
  // Processes start slowly on a loaded machine, and one killed mid-attempt leaves a lease to run out.
  it(
    'loses nothing committed when the server is killed; two instances resend only what a kill cut short',
    { timeout: 180_000 },
    async () => {
      const r = await t.receiver();
      const hook = await subscribe(r.url, { eventTypes: ['incident.created'] });
      const databaseUrl = await databaseUrlOf(t.database);
      const env = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' };
      let a = await startServerProcess(databaseUrl, env);
      const b = await startServerProcess(databaseUrl, env);
      try {
        const first = await Promise.all(Array.from({ length: 10 }, () => report()));
        await expect.poll(() => r.received.length, { timeout: 15_000 }).toBe(10);
        await stopProcess(b.process);
        // Committed while the only instance is killed at once: delivered after the restart.
        const second = await Promise.all(Array.from({ length: 5 }, () => report()));
        await stopProcess(a.process);
        const third = await Promise.all(Array.from({ length: 5 }, () => report()));
        a = await startServerProcess(databaseUrl, env);
        const all = [...first, ...second, ...third].map((i) => i.id).sort((x, y) => x - y);
        await expect
          .poll(() => new Set(r.accepted([hook.secret]).map((p) => p.incident.id)).size, { timeout: 40_000 })
          .toBe(all.length);
        // A delivery's success is recorded just after its receiver answered; once all are, nothing is sent again.
        const caller = await t.caller();
        const deliveries = async () =>
          (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 50 })).content;
        await expect
          .poll(async () => (await deliveries()).map((d) => d.status), { timeout: 40_000 })
          .toEqual(all.map(() => 'SUCCEEDED'));
        const ids = r.accepted([hook.secret]).map((p) => p.incident.id);
        expect([...new Set(ids)].sort((x, y) => x - y)).toEqual(all);
        // At least once: a kill between sending a batch (up to 8) and recording it sends that batch again when
        // its leases end (docs/contract.md, "A batch of attempts is recorded together"). So a copy beyond the
        // first is a claim the delivery counts, and every copy of an event has one webhook-id.
        const webhookIds = new Map<number, Set<string>>();
        r.received.forEach((request, i) => {
          const copies = webhookIds.get(ids[i]) ?? new Set();
          webhookIds.set(ids[i], copies.add(String(request.headers['webhook-id'])));
        });
        for (const delivery of await deliveries()) {
          const copies = ids.filter((id) => id === delivery.incidentId).length;
          expect(copies, `incident ${delivery.incidentId}`).toBeLessThanOrEqual(delivery.attempts);
          expect(webhookIds.get(delivery.incidentId!)).toEqual(new Set([delivery.webhookId]));
        }
        expect(ids.length).toBeLessThanOrEqual(all.length + 2 * 8);
      } finally {
        await stopProcess(a.process);
        await stopProcess(b.process);
      }
    },
  );
});

describe.runIf(!onPostgres)('webhook delivery across a crash (embedded PGlite)', () => {
  // The embedded database is one process by design: what it committed before a SIGKILL is on disk, and
  // the restarted process delivers it ("a killed server loses nothing").
  it(
    'delivers after a restart what was committed before the server was killed',
    { timeout: 180_000 },
    async () => {
      let failing = true;
      const r = await t.receiver(() => (failing ? 500 : 204));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bpm-hook-crash-'));
      t.afterTest(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        DATA_DIR: dataDir,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'crash-test-password-1',
        AUTH_SECRET: 'crash-test-signing-secret-0123456789',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
      };
      let server = await startServerProcess('', env, { startTimeoutMs: 90_000 });
      try {
        const signIn = await fetch(`${server.url}/api/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: env.ADMIN_PASSWORD }),
        });
        const { accessToken } = (await signIn.json()) as { accessToken: string };
        const post = (url: string, body: unknown) =>
          fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const created = await post(`${server.url}/api/admin/webhooks`, {
          name: 'crash',
          url: r.url,
          eventTypes: ['incident.created'],
        });
        expect(created.status).toBe(200);
        const hook = (await created.json()) as { secret: string };
        const ids: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const reported = await post(`${server.url}/api/incidents`, {
            processInstanceId: 900 + i,
            nodeId: 'Task_Crash',
            source: 'PROCESS_ENGINE',
            severity: 'HIGH',
            message: `Crash probe ${i}`,
            externalReferenceId: `crash:${Date.now()}${i}`,
          });
          expect(reported.status, await reported.clone().text()).toBe(200);
          ids.push(((await reported.json()) as { id: number }).id);
        }
        // The receiver refuses the first attempt: the events wait, committed, when the server dies.
        await expect.poll(() => r.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
        await stopProcess(server.process);
        failing = false;
        server = await startServerProcess('', env, { startTimeoutMs: 90_000 });
        await expect
          .poll(() => new Set(r.accepted([hook.secret]).map((p) => p.incident.id)).size, { timeout: 90_000 })
          .toBe(ids.length);
        expect(
          [...new Set(r.accepted([hook.secret]).map((p) => p.incident.id))].sort((a, b) => a - b),
        ).toEqual(ids);
      } finally {
        await stopProcess(server.process);
      }
    },
  );
});
