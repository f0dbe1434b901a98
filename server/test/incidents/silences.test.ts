// Silences over HTTP (docs/contract.md §6, "Silences"; §12): matchers and a time window; the incidents they
// match shown as silenced and their system entries held from notifications; ended early or by the clock, once;
// one summary per subscription when one ends, received by a real webhook receiver; refusals change nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { endDueSilences, endSilence } from '../../services/incidents/silences';
import { startDeliverer } from '../../services/notifications/deliverer';
import { formatLocalDateTime } from '../../time';
import { api, onPostgres } from '../support/helpers';
import { expectProblem, useTestApi, type Actor, type Client } from '../support/http-helpers';
import { eventsOf, getIncident, list, report, type Incident } from '../support/incident-helpers';
import { until } from '../support/notification-helpers';
import { loopbackNotificationSettings, startReceiver } from '../support/webhook-receiver';

const settings = loopbackNotificationSettings();
const t = useTestApi();
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

const inMs = (ms: number) => formatLocalDateTime(new Date(Date.now() + ms));
const HOUR = 3_600_000;
let nodes = 0;
/** A node no other test reports at, so that each test's silence matches its incidents only. */
const newNode = () => `Silenced_Task_${++nodes}`;

interface Silence {
  id: number;
  name: string;
  state: string;
  endedAt: string | null;
  endedBy: string | null;
  endsAt: string;
  heldEvents: number;
}

async function silence(body: Record<string, unknown>): Promise<Silence> {
  const res = await as.post('/silences', { name: 'Gateway maintenance', endsAt: inMs(HOUR), ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as Silence;
}

/**
 * The silence's time comes: its end moved to now, as the clock would find it (rather than a silence made to
 * end in a second, which a busy machine can reach before the request that makes it, or the report under it).
 */
async function timeComes(id: number): Promise<Silence> {
  await t.database.db.execute(
    sql`update silences set ends_at = now() - interval '1 millisecond' where id = ${id}`,
  );
  return getSilence(id);
}

async function getSilence(id: number): Promise<Silence> {
  const res = await as.get(`/silences/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Silence;
}

/** Each entry's type, whether it was held and the silence that held it, in timeline order. */
async function heldOf(id: number) {
  return rowsOf<{ event_type: string; held: boolean; silence_id: string | number | null }>(
    await t.database.db.execute(
      sql`select event_type, held, silence_id from incident_events where incident_id = ${id} order by id`,
    ),
  ).map((r) => [r.event_type, r.held, r.silence_id === null ? null : Number(r.silence_id)]);
}

const again = (incident: Incident) =>
  report(as, {
    processInstanceId: incident.processInstanceId,
    nodeId: incident.nodeId,
    source: incident.source,
    severity: incident.severity,
    message: incident.message,
    externalReferenceId: incident.externalReferenceId,
  });

describe('POST /silences', () => {
  it('matches by node and message text (any case): shown as silenced, its system entries held', async () => {
    const node = newNode();
    const made = await silence({ nodeId: node, messageText: 'GATEWAY' });
    expect(made).toMatchObject({
      name: 'Gateway maintenance',
      nodeId: node,
      messageText: 'GATEWAY',
      source: null,
      severities: null,
      state: 'ACTIVE',
      endedAt: null,
      createdBy: admin.username,
      heldEvents: 0,
    });
    const matching = await report(as, { nodeId: node, message: 'Payment gateway timed out' });
    const otherText = await report(as, { nodeId: node, message: 'Ledger locked' });
    const otherNode = await report(as, { nodeId: newNode(), message: 'Payment gateway timed out' });
    const silencedBy = {
      id: made.id,
      name: 'Gateway maintenance',
      createdBy: admin.username,
      endsAt: made.endsAt,
    };
    expect(matching.silencedBy).toEqual(silencedBy);
    expect(otherText.silencedBy).toBeNull();
    expect(otherNode.silencedBy).toBeNull();
    expect((await getIncident(as, matching.id)).silencedBy).toEqual(silencedBy);
    const listed = await list(as, `nodeId=${node}`);
    expect(listed.content.map((i) => [i.id, i.silencedBy?.id ?? null])).toEqual(
      expect.arrayContaining([
        [matching.id, made.id],
        [otherText.id, null],
      ]),
    );

    await again(matching);
    const ack = await as.post(`/incidents/${matching.id}/acknowledge`, {});
    expect(ack.status, ack.text).toBe(200);
    // What the system wrote is held under the silence; what a person did is not.
    expect(await heldOf(matching.id)).toEqual([
      ['CREATED', true, made.id],
      ['OCCURRED_AGAIN', true, made.id],
      ['ACKNOWLEDGED', false, null],
    ]);
    expect(await heldOf(otherText.id)).toEqual([['CREATED', false, null]]);
    const timeline = await eventsOf(as, matching.id);
    expect(timeline.map((e) => e.silenceId)).toEqual([made.id, made.id, null]);
    expect((await getSilence(made.id)).heldEvents).toBe(2);
  });

  it('matches by source, severities and incident group; every matcher given must match', async () => {
    const node = newNode();
    const first = await report(as, { nodeId: node, source: 'WORKER', severity: 'CRITICAL' });
    const groups = await as.get(`/incidents/groups?nodeId=${node}`);
    expect(groups.status, groups.text).toBe(200);
    const groupKey = (groups.body.content as { key: string }[])[0].key;
    const made = await silence({ source: 'WORKER', severities: ['HIGH', 'CRITICAL'], groupKey });
    expect((await getIncident(as, first.id)).silencedBy?.id).toBe(made.id);
    const low = await report(as, { nodeId: node, source: 'WORKER', severity: 'LOW' });
    expect(low.silencedBy).toBeNull();
    const engine = await report(as, { nodeId: node, source: 'PROCESS_ENGINE', severity: 'CRITICAL' });
    expect(engine.silencedBy).toBeNull();
    const preview = await as.get(
      `/silences/preview?groupKey=${encodeURIComponent(groupKey)}&severities=HIGH,CRITICAL`,
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({ matching: 1 });
  });

  it('a silence that begins later silences nothing until then', async () => {
    const node = newNode();
    const made = await silence({ nodeId: node, startsAt: inMs(HOUR), endsAt: inMs(2 * HOUR) });
    expect(made.state).toBe('SCHEDULED');
    const incident = await report(as, { nodeId: node });
    expect(incident.silencedBy).toBeNull();
    expect(await heldOf(incident.id)).toEqual([['CREATED', false, null]]);
    const scheduled = await as.get('/silences?state=SCHEDULED&size=100');
    expect((scheduled.body.content as Silence[]).map((s) => s.id)).toContain(made.id);
  });

  it('is audited', async () => {
    const made = await silence({ nodeId: newNode() });
    const [entry] = await t.auditOf(admin.token, admin.username);
    expect(entry).toMatchObject({
      action: 'silence.create',
      targetType: 'silence',
      targetId: String(made.id),
    });
  });

  it.each([
    ['no matcher', {}, 'source'],
    ['a blank name', { name: '  ', nodeId: 'X' }, 'name'],
    ['an end in the past', { nodeId: 'X', endsAt: inMs(-HOUR) }, 'endsAt'],
    ['an end before its start', { nodeId: 'X', startsAt: inMs(2 * HOUR), endsAt: inMs(HOUR) }, 'endsAt'],
    ['an end too far ahead', { nodeId: 'X', endsAt: inMs(31 * 24 * HOUR) }, 'endsAt'],
    ['an unknown severity', { severities: ['URGENT'] }, 'severities.0'],
    ['no severity in the list', { severities: [] }, 'severities'],
    ['a malformed group key', { groupKey: 'payments' }, 'groupKey'],
    ['a group key of no source', { groupKey: 'BOGUS:42:Task_A' }, 'groupKey'],
    ['a group key whose template id has a leading zero', { groupKey: 'WORKER:042:Task_A' }, 'groupKey'],
    ['a blank message text', { messageText: ' ' }, 'messageText'],
    ['a local date-time with an offset', { nodeId: 'X', endsAt: '2030-01-01T10:00:00Z' }, 'endsAt'],
  ])('refuses %s with a 400 and changes nothing', async (_, body, field) => {
    const res = await t.withoutChange(() =>
      as.post('/silences', { name: 'Bad', endsAt: inMs(HOUR), ...body }),
    );
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(res.body.errors)).toContain(field);
  });

  it('a preview of everything is refused too', async () => {
    expectProblem(await as.get('/silences/preview'), 400, 'VALIDATION_FAILED');
  });
});

describe('a silence of everything, however it is spelt', () => {
  const EVERY_SEVERITY = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
  // Every incident has one of the four severities: naming them all narrows nothing.
  const everything: [string, string, Record<string, unknown>][] = [
    ['every severity', 'severities', { severities: EVERY_SEVERITY }],
    ['every severity, in another order', 'severities', { severities: ['CRITICAL', 'LOW', 'HIGH', 'MEDIUM'] }],
    ['every severity, one repeated', 'severities', { severities: [...EVERY_SEVERITY, 'LOW'] }],
    ['no matcher', 'source', {}],
  ];
  const json = { 'content-type': 'application/json' };
  const trpc = (path: string, init: { method: string; body?: unknown; input?: unknown }) =>
    api(
      t.url,
      init.method,
      init.input === undefined
        ? path
        : `${path}${path.includes('?') ? '&' : '?'}input=${encodeURIComponent(JSON.stringify(init.input))}`,
      {
        headers: { ...json, authorization: `Bearer ${admin.token}` },
        ...(init.body !== undefined && { rawBody: JSON.stringify(init.body) }),
      },
    );
  type TrpcError = { error?: { problem?: { code?: string; errors?: { field: string }[] } } };
  const fieldsOf = (body: unknown) => ((body as TrpcError).error?.problem?.errors ?? []).map((e) => e.field);

  it.each(everything)('%s: POST /silences is a 400 naming %s, and changes nothing', async (_, field, m) => {
    const res = await t.withoutChange(() =>
      as.post('/silences', { name: 'Everything', endsAt: inMs(HOUR), ...m }),
    );
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(res.body.errors)).toContain(field);
  });

  it.each(everything)('%s: GET /silences/preview is a 400 naming %s', async (_, field, m) => {
    const query = new URLSearchParams();
    for (const s of (m.severities as string[] | undefined) ?? []) query.append('severities', s);
    const repeated = await as.get(`/silences/preview?${query}`);
    expectProblem(repeated, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(repeated.body.errors)).toContain(field);
    if (!m.severities) return;
    const commas = await as.get(`/silences/preview?severities=${(m.severities as string[]).join(',')}`);
    expectProblem(commas, 400, 'VALIDATION_FAILED');
  });

  it.each(everything)('%s: tRPC create and preview, single calls, are 400 naming %s', async (_, field, m) => {
    const created = await t.withoutChange(() =>
      trpc('/trpc/silences.create', {
        method: 'POST',
        body: { name: 'Everything', endsAt: inMs(HOUR), ...m },
      }),
    );
    expect(created.status, created.text).toBe(400);
    expect(fieldsOf(created.body)).toContain(field);
    const preview = await trpc('/trpc/silences.preview', { method: 'GET', input: m });
    expect(preview.status, preview.text).toBe(400);
    expect(fieldsOf(preview.body)).toContain(field);
  });

  it('tRPC batched: each call of everything is refused beside one that is taken', async () => {
    const node = newNode();
    const created = await trpc('/trpc/silences.create,silences.create?batch=1', {
      method: 'POST',
      body: {
        0: { name: 'Everything', endsAt: inMs(HOUR), severities: EVERY_SEVERITY },
        1: { name: 'One node', endsAt: inMs(HOUR), nodeId: node, severities: EVERY_SEVERITY },
      },
    });
    const [refused, taken] = created.body as [TrpcError, { result?: { data?: { nodeId?: string } } }];
    expect(fieldsOf(refused), created.text).toContain('severities');
    expect(taken.result?.data?.nodeId, created.text).toBe(node);
    const previews = await trpc('/trpc/silences.preview,silences.preview?batch=1', {
      method: 'GET',
      input: { 0: { severities: EVERY_SEVERITY }, 1: { severities: EVERY_SEVERITY, nodeId: node } },
    });
    const [everyPreview, nodePreview] = previews.body as [TrpcError, { result?: { data?: unknown } }];
    expect(fieldsOf(everyPreview), previews.text).toContain('severities');
    expect(nodePreview.result?.data, previews.text).toEqual({ matching: 0 });
  });

  it('every severity beside another matcher is taken: that matcher narrows it', async () => {
    const made = await silence({ nodeId: newNode(), severities: EVERY_SEVERITY });
    expect(made.state).toBe('ACTIVE');
    const preview = await as.get(
      `/silences/preview?severities=${EVERY_SEVERITY.join(',')}&nodeId=${newNode()}`,
    );
    expect(preview.status, preview.text).toBe(200);
  });
});

describe('ending a silence', () => {
  it('early: by whom, when; later entries are notified as usual; audited', async () => {
    const node = newNode();
    const made = await silence({ nodeId: node });
    const incident = await report(as, { nodeId: node });
    const ofInstance = async () => {
      const res = await as.get(`/incidents/process-instances/${incident.processInstanceId}`);
      expect(res.status, res.text).toBe(200);
      return (res.body as Incident[]).map((i) => i.silencedBy?.id ?? null);
    };
    // The process instance's answer, kept while the instance is unchanged, follows the silence too.
    expect(await ofInstance()).toEqual([made.id]);
    const res = await as.post(`/silences/${made.id}/end`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ state: 'ENDED', endedBy: admin.username, heldEvents: 1 });
    expect((await getIncident(as, incident.id)).silencedBy).toBeNull();
    expect(await ofInstance()).toEqual([null]);
    await again(incident);
    expect(await heldOf(incident.id)).toEqual([
      ['CREATED', true, made.id],
      ['OCCURRED_AGAIN', false, null],
    ]);
    const [entry] = await t.auditOf(admin.token, admin.username);
    expect(entry).toMatchObject({ action: 'silence.end', targetId: String(made.id) });
  });

  it('twice: 409 INVALID_STATE, nothing changed; an unknown one is 404', async () => {
    const made = await silence({ nodeId: newNode() });
    expect((await as.post(`/silences/${made.id}/end`, {})).status).toBe(200);
    expectProblem(await t.withoutChange(() => as.post(`/silences/${made.id}/end`, {})), 409, 'INVALID_STATE');
    expectProblem(await t.withoutChange(() => as.post('/silences/999999999/end', {})), 404);
    expectProblem(await as.get('/silences/999999999'), 404);
  });

  it('two ends at once: one ends it, the other is a 409', async () => {
    const made = await silence({ nodeId: newNode() });
    const answers = await Promise.all([1, 2].map(() => as.post(`/silences/${made.id}/end`, {})));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const audits = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_events where action = 'silence.end' and target_id = ${String(made.id)}`,
      ),
    );
    expect(audits[0].n).toBe(1);
  });

  it('at its time: ended by the clock at endsAt, once', async () => {
    const node = newNode();
    const made = await silence({ nodeId: node });
    await report(as, { nodeId: node });
    const { endsAt } = await timeComes(made.id);
    const ended = await Promise.all([1, 2, 3].map(() => endDueSilences(t.database.db, settings)));
    expect(ended.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await endDueSilences(t.database.db, settings)).toBe(0);
    expect(await getSilence(made.id)).toMatchObject({ state: 'ENDED', endedAt: endsAt, endedBy: null });
    expectProblem(await as.post(`/silences/${made.id}/end`, {}), 409, 'INVALID_STATE');
  });

  it.runIf(onPostgres)('while reports are held under it: its summary counts every entry held', async () => {
    const node = newNode();
    const made = await silence({ nodeId: node });
    const reports = Array.from({ length: 30 }, () => report(as, { nodeId: node }));
    const end = as.post(`/silences/${made.id}/end`, {});
    await Promise.all(reports);
    expect((await end).status).toBe(200);
    const held = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from incident_events where silence_id = ${made.id}`,
      ),
    )[0].n;
    expect((await getSilence(made.id)).heldEvents).toBe(held);
    // Nothing is held under it once it has ended, whatever committed when.
    const late = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from incident_events e join silences s on s.id = e.silence_id
            where s.id = ${made.id} and e.created_at > s.ended_at`,
      ),
    )[0].n;
    expect(late).toBe(0);
  });

  it.runIf(onPostgres)(
    'a report that began after the end did, its entry held while the end waits: the end is after the entry',
    async () => {
      const node = newNode();
      const made = await silence({ nodeId: node });
      const incident = await report(as, { nodeId: node });
      const { db } = t.database;
      let entryMayCommit!: () => void;
      const released = new Promise<void>((resolve) => (entryMayCommit = resolve));
      await db.transaction(async (endTx) => {
        await endTx.execute(sql`select now()`); // the end's transaction has begun: its now() is fixed
        let entryWritten!: () => void;
        const written = new Promise<void>((resolve) => (entryWritten = resolve));
        const reportTx = db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into incident_events (incident_id, event_type, message)
                values (${incident.id}, 'OCCURRED_AGAIN', 'Occurred again')`,
          );
          entryWritten();
          await released;
        });
        await written;
        const ending = endSilence(
          endTx,
          { id: made.id },
          { username: admin.username } as Principal,
          settings,
        );
        // The end waits for the report's lock on the silence's row before the report commits.
        await expect
          .poll(
            async () =>
              rowsOf<{ n: number }>(
                await db.execute(
                  sql`select count(*)::int as n from pg_stat_activity
                    where datname = current_database() and wait_event_type = 'Lock'`,
                ),
              )[0].n,
          )
          .toBe(1);
        entryMayCommit();
        await reportTx;
        await ending;
      });
      const [row] = rowsOf<{ held: boolean; late: boolean }>(
        await db.execute(
          sql`select e.held, e.created_at > s.ended_at as late from incident_events e
              join silences s on s.id = ${made.id}
              where e.incident_id = ${incident.id} and e.message = 'Occurred again' order by e.id desc limit 1`,
        ),
      );
      expect(row).toEqual({ held: true, late: false });
      expect((await getSilence(made.id)).heldEvents).toBe(2);
    },
  );
});

describe('held notifications, summarised when the silence ends', () => {
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  async function subscribe(extra: Record<string, unknown>) {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const res = await as.post('/admin/webhooks', {
      name: `hook ${receivers.length}`,
      url: receiver.url,
      eventTypes: ['incident.created', 'incident.occurred_again'],
      ...extra,
    });
    expect(res.status, res.text).toBe(200);
    return { receiver, id: res.body.id as number };
  }

  it('one message per subscription that wanted some, counting them; none for the others', async () => {
    const node = newNode();
    const all = await subscribe({ nodeIds: [node] });
    const createdOnly = await subscribe({ nodeIds: [node], eventTypes: ['incident.created'] });
    const workersOnly = await subscribe({ nodeIds: [node], sources: ['WORKER'] });
    const deliverer = startDeliverer(t.database, {
      settings,
      retryBaseMs: 100,
      rescanMs: 100,
      timeoutMs: 2_000,
    });
    try {
      const made = await silence({ nodeId: node, name: 'Ledger upgrade' });
      const first = await report(as, { nodeId: node });
      await report(as, { nodeId: node });
      await report(as, { nodeId: node });
      await again(first);
      const res = await as.post(`/silences/${made.id}/end`, {});
      expect(res.status, res.text).toBe(200);
      // After the end, an incident there is notified one by one again.
      const after = await report(as, { nodeId: node });
      await until(() => all.receiver.received.length >= 2 && createdOnly.receiver.received.length >= 2);

      const bodies = (r: typeof all) => r.receiver.received.map((m) => JSON.parse(m.body));
      const [summary, next] = bodies(all);
      expect(summary).toMatchObject({
        id: `silence_${made.id}`,
        type: 'silence.ended',
        actor: admin.username,
        silence: { id: made.id, name: 'Ledger upgrade', createdBy: admin.username, endedBy: admin.username },
        held: { count: 4, incidents: 3 },
        link: expect.stringMatching(/\/silences$/),
      });
      expect(summary.message).toBe(
        `Silence "Ledger upgrade" (by ${admin.username}) ended early by ${admin.username}: 4 notifications held, of 3 incidents`,
      );
      expect(summary.held.incidentIds).toContain(first.id);
      expect(next).toMatchObject({ type: 'incident.created', incident: { id: after.id } });
      expect(bodies(createdOnly).map((b) => [b.type, b.held?.count])).toEqual([
        ['silence.ended', 3],
        ['incident.created', undefined],
      ]);
      expect(workersOnly.receiver.received).toHaveLength(0);

      // In the delivery log, the summary says what it is.
      const log = await as.get(`/admin/webhooks/${all.id}/deliveries`);
      expect(log.body.content.map((d: { eventType: string }) => d.eventType)).toEqual([
        'incident.created',
        'silence.ended',
      ]);
    } finally {
      await deliverer.stop();
    }
  });

  it('ended by the clock: the same summary, once; as a Slack message for a Slack subscription', async () => {
    const node = newNode();
    const hook = await subscribe({ nodeIds: [node] });
    const slack = await subscribe({ nodeIds: [node], format: 'slack' });
    const made = await silence({ nodeId: node });
    await report(as, { nodeId: node });
    await timeComes(made.id);
    await Promise.all([1, 2].map(() => endDueSilences(t.database.db, settings)));
    const deliveries = rowsOf<{ subscription_id: string | number; body: string }>(
      await t.database.db.execute(
        sql`select subscription_id, body from webhook_deliveries where silence_id = ${made.id}`,
      ),
    );
    const bodyOf = (id: number) => JSON.parse(deliveries.find((d) => Number(d.subscription_id) === id)!.body);
    expect(deliveries.map((d) => Number(d.subscription_id)).sort()).toEqual([hook.id, slack.id].sort());
    expect(bodyOf(slack.id)).toMatchObject({
      text: `Silence "Gateway maintenance" (by ${admin.username}) ended: 1 notification held, of 1 incident`,
    });
    expect(bodyOf(hook.id)).toMatchObject({
      actor: null,
      held: { count: 1, incidents: 1 },
      message: `Silence "Gateway maintenance" (by ${admin.username}) ended: 1 notification held, of 1 incident`,
    });
  });
});
