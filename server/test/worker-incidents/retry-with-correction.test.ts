// A retry that corrects the worker request's payload (docs/contract.md §7, "Retry with corrected data"): the
// payload and its version read, a JSON merge patch checked against that version, the republished request
// carrying the corrected payload to its worker, the timeline's diff with secrets masked, and RESOLVED only
// when the worker succeeds; for one incident, by ids and by a filter of 300.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { MASKED } from '../../../domain/payload-patch';
import { api, unique } from '../support/helpers';
import { consoleCall, openConsoleSession } from '../support/console-session-helpers';
import { HANG_MARGIN_MS } from '../support/hang-bounds';
import { ADMIN, expectFieldError, expectProblem, useTestApi } from '../support/http-helpers';
import { workerProtocol } from '../support/worker-helpers';

const ORDER = {
  orderId: 'ORD-3',
  amount: -5,
  currency: 'EUR',
  card: { holder: 'A. Payer', cvv: '123' },
  fail: true,
};

describe('retry with corrected data', () => {
  const t = useTestApi();
  const w = workerProtocol(t);

  /** The request's stored state and the incident's timeline: what a refused retry must leave as it was. */
  const stateOf = async (requestId: number, incidentId: number) => ({
    request: (await w.engine.get(`/worker-requests/${requestId}`)).body,
    timeline: await w.timeline(incidentId),
    outbox: rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from outbox where worker_request_id = ${requestId}`,
      ),
    ),
  });

  it('reads the payload, corrects it against its version, the worker gets it, and it resolves on success', async () => {
    const { request, incident } = await w.failedRequestWithIncident(unique('pay'), ORDER);
    const read = await w.admin.get(`/incidents/${incident.id}/payload`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      incidentId: incident.id,
      workerRequestId: request.id,
      payload: { ...ORDER, card: { holder: 'A. Payer', cvv: MASKED } },
      payloadVersion: 1,
    });

    const retried = await w.admin.post(`/incidents/${incident.id}/retry`, {
      payloadPatch: { amount: 5, fail: null, card: { cvv: '999' }, note: 'fixed by hand' },
      payloadVersion: 1,
    });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.status).toBe('OPEN'); // the worker decides

    const [delivered] = (await w.fetchAndLock(request.topic, 'w2')).body;
    expect(delivered).toMatchObject({
      id: request.id,
      attempt: 2,
      payloadVersion: 2,
      payload: {
        orderId: 'ORD-3',
        amount: 5,
        currency: 'EUR',
        card: { holder: 'A. Payer', cvv: '999' },
        note: 'fixed by hand',
      },
    });
    expect(delivered.payload).not.toHaveProperty('fail');
    const [outbox] = rowsOf<{ payload: unknown }>(
      await t.database.db.execute(
        sql`select payload from outbox where worker_request_id = ${request.id} order by id desc limit 1`,
      ),
    );
    expect(outbox.payload).toEqual(delivered.payload);

    const events = (await w.admin.get(`/incidents/${incident.id}/events`)).body as {
      eventType: string;
      actor: string;
      message: string;
      payloadChanges?: unknown;
    }[];
    const requested = events.find((e) => e.eventType === 'RETRY_REQUESTED')!;
    expect(requested.actor).toBe(w.adminName);
    expect(requested.message).toMatch(/with a corrected payload: \/amount, \/card\/cvv, \/fail, \/note/);
    expect(requested.payloadChanges).toEqual([
      { path: '/amount', before: -5, after: 5 },
      { path: '/card/cvv', before: MASKED, after: MASKED },
      { path: '/fail', before: true },
      { path: '/note', after: 'fixed by hand' },
    ]);
    expect(
      events.filter((e) => e.eventType !== 'RETRY_REQUESTED').every((e) => !('payloadChanges' in e)),
    ).toBe(true);
    // The secret is nowhere on the timeline, whatever reads it.
    expect(JSON.stringify(events)).not.toMatch(/999|"123"/);

    expect((await w.admin.get(`/incidents/${incident.id}`)).body.status).toBe('OPEN');
    const done = await w.engine.post(`/worker-requests/${request.id}/complete`, {
      workerId: 'w2',
      result: {},
    });
    expect(done.status, done.text).toBe(200);
    expect((await w.admin.get(`/incidents/${incident.id}`)).body).toMatchObject({
      status: 'RESOLVED',
      resolutionAction: 'RETRIED_SUCCESSFULLY',
      resolvedBy: w.adminName,
    });
  });

  it('refuses a correction written against another version with 409, changing nothing', async () => {
    const { request, incident } = await w.failedRequestWithIncident(unique('pay'), ORDER);
    // Someone else's correction, then a failure again: the payload is at version 2 and the incident retryable.
    await w.admin.post(`/incidents/${incident.id}/retry`, { payloadPatch: { amount: 1 }, payloadVersion: 1 });
    await w.fetchAndLock(request.topic);
    await w.engine.post(`/worker-requests/${request.id}/failure`, {
      workerId: 'w1',
      errorMessage: 'no',
      retries: 0,
    });
    const before = await stateOf(request.id, incident.id);
    expect(before.request).toMatchObject({ status: 'FAILED', payloadVersion: 2, payload: { amount: 1 } });

    const stale = await w.admin.post(`/incidents/${incident.id}/retry`, {
      payloadPatch: { amount: 7 },
      payloadVersion: 1,
    });
    expectProblem(stale, 409, 'CONFLICT');
    expect(stale.body.detail).toMatch(/changed since version 1: it is at version 2/);
    expect(await stateOf(request.id, incident.id)).toEqual(before);

    const current = await w.admin.post(`/incidents/${incident.id}/retry`, {
      payloadPatch: { amount: 7 },
      payloadVersion: 2,
    });
    expect(current.status, current.text).toBe(200);
    expect((await w.engine.get(`/worker-requests/${request.id}`)).body).toMatchObject({
      status: 'PENDING',
      payloadVersion: 3,
      payload: { amount: 7 },
    });
  });

  it('refuses bad corrections with 400, changing nothing', async () => {
    const { request, incident } = await w.failedRequestWithIncident(unique('pay'), ORDER);
    const before = await stateOf(request.id, incident.id);
    const retry = (body: unknown) => w.admin.post(`/incidents/${incident.id}/retry`, body);

    expectFieldError(await retry({ payloadPatch: { amount: 5 } }), 'payloadVersion');
    expectFieldError(await retry({ payloadVersion: 1 }), 'payloadVersion');
    expectFieldError(await retry({ payloadPatch: [1, 2], payloadVersion: 1 }), 'payloadPatch');
    expectFieldError(await retry({ payloadPatch: 'amount=5', payloadVersion: 1 }), 'payloadPatch');
    expectFieldError(await retry({ payloadPatch: { amount: 5 }, payloadVersion: '1' }), 'payloadVersion');
    expectFieldError(await retry({ payloadPatch: { amount: 5 }, payloadVersion: 0 }), 'payloadVersion');
    // A hostile key anywhere in the patch: refused before the schema, as on every operation.
    const proto = await t.call('POST', `/incidents/${incident.id}/retry`, {
      token: (await t.admin()).token,
      rawBody: '{"payloadPatch":{"card":{"__proto__":{"admin":true}}},"payloadVersion":1}',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(proto, 400);
    expect(await stateOf(request.id, incident.id)).toEqual(before);
    expectProblem(await w.admin.get('/incidents/999999/payload'), 404, 'NOT_FOUND');

    // A correction that would grow a payload of 40,000 characters past 64 KiB.
    const big = await w.failedRequestWithIncident(unique('pay'), { blob: 'x'.repeat(40_000) });
    const bigBefore = await stateOf(big.request.id, big.incident.id);
    const huge = await w.admin.post(`/incidents/${big.incident.id}/retry`, {
      payloadPatch: { more: 'y'.repeat(30_000) },
      payloadVersion: 1,
    });
    expectFieldError(huge, 'payloadPatch');
    expect(huge.body.detail).toMatch(/more than 65536/);
    expect(await stateOf(big.request.id, big.incident.id)).toEqual(bigBefore);
    const bulk = await w.admin.post('/incidents/bulk/retry', {
      ids: [big.incident.id],
      payloadPatch: { more: 'y'.repeat(30_000) },
    });
    expect(bulk.body.results).toEqual([
      {
        id: big.incident.id,
        outcome: 'SKIPPED',
        reason: 'VALIDATION_FAILED',
        detail: expect.stringMatching(/more than 65536/),
      },
    ]);
    expect(await stateOf(big.request.id, big.incident.id)).toEqual(bigBefore);
  });

  it('answers 404 for the payload of an incident without a worker request', async () => {
    await w.setup();
    const reported = await w.engine.post('/incidents', {
      processInstanceId: w.nextInstance(),
      nodeId: 'n',
      source: 'PROCESS_ENGINE',
      severity: 'LOW',
      message: 'm',
      externalReferenceId: `job:${w.nextInstance()}`,
    });
    const res = await w.admin.get(`/incidents/${reported.body.id}/payload`);
    expectProblem(res, 404, 'NOT_FOUND');
    expect(res.body.detail).toMatch(/Worker request of incident \d+ not found/);
  });

  it('lets one of two concurrent corrections of the same version through', async () => {
    const { request, incident } = await w.failedRequestWithIncident(unique('pay'), ORDER);
    const answers = await Promise.all(
      [11, 22].map((amount) =>
        w.admin.post(`/incidents/${incident.id}/retry`, { payloadPatch: { amount }, payloadVersion: 1 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.code).toBe('NOT_RETRYABLE');
    const stored = (await w.engine.get(`/worker-requests/${request.id}`)).body;
    expect(stored.payloadVersion).toBe(2);
    expect([11, 22]).toContain(stored.payload.amount);
    expect((await w.timeline(incident.id)).filter((e: string) => e === 'RETRY_REQUESTED')).toHaveLength(1);
  });

  it('checks each correction of a bulk retry by ids against the version given for it', async () => {
    const current = await w.failedRequestWithIncident(unique('pay'), ORDER);
    const changed = await w.failedRequestWithIncident(unique('pay'), ORDER);
    const unnamed = await w.failedRequestWithIncident(unique('pay'), ORDER);
    // The second one's payload is corrected by someone else, and fails again: version 2.
    await w.admin.post(`/incidents/${changed.incident.id}/retry`, {
      payloadPatch: { amount: 1 },
      payloadVersion: 1,
    });
    await w.fetchAndLock(changed.request.topic);
    await w.engine.post(`/worker-requests/${changed.request.id}/failure`, {
      workerId: 'w1',
      errorMessage: 'no',
      retries: 0,
    });
    const before = await stateOf(changed.request.id, changed.incident.id);
    expect(before.request).toMatchObject({ status: 'FAILED', payloadVersion: 2 });

    const res = await w.admin.post('/incidents/bulk/retry', {
      ids: [current.incident.id, changed.incident.id, unnamed.incident.id],
      payloadPatch: { amount: 9 },
      payloadVersions: { [current.incident.id]: 1, [changed.incident.id]: 1 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      { id: current.incident.id, outcome: 'APPLIED' },
      {
        id: changed.incident.id,
        outcome: 'SKIPPED',
        reason: 'CONFLICT',
        detail: expect.stringMatching(/changed since version 1: it is at version 2/),
      },
      { id: unnamed.incident.id, outcome: 'APPLIED' },
    ]);
    expect(await stateOf(changed.request.id, changed.incident.id)).toEqual(before);
    for (const { request } of [current, unnamed]) {
      expect((await w.engine.get(`/worker-requests/${request.id}`)).body).toMatchObject({
        status: 'PENDING',
        payloadVersion: 2,
        payload: { amount: 9 },
      });
    }
    expectFieldError(
      await w.admin.post('/incidents/bulk/retry', {
        ids: [current.incident.id],
        payloadPatch: { amount: 9 },
        payloadVersions: { 'not-an-id': 1 },
      }),
      'payloadVersions.not-an-id',
    );
    // Versions are checked against a patch, for the incidents the call names; anything else is refused.
    const untouched = await stateOf(current.request.id, current.incident.id);
    expectFieldError(
      await w.admin.post('/incidents/bulk/retry', {
        ids: [current.incident.id],
        payloadVersions: { [current.incident.id]: 2 },
      }),
      'payloadVersions',
    );
    expectFieldError(
      await w.admin.post('/incidents/bulk/retry', {
        ids: [current.incident.id],
        payloadPatch: { amount: 10 },
        payloadVersions: { [current.incident.id]: 2, [unnamed.incident.id]: 2 },
      }),
      `payloadVersions.${unnamed.incident.id}`,
    );
    expect(await stateOf(current.request.id, current.incident.id)).toEqual(untouched);
  });

  it('corrects by ids and by a filter of 300, each payload as it is, and all resolve when the worker succeeds', async () => {
    await w.setup();
    const topic = unique('bulkpay');
    const source = unique('node');
    const count = 300;
    const requests: { id: number }[] = [];
    for (let i = 0; i < count; i++) {
      const res = await w.engine.post('/worker-requests', {
        processInstanceId: w.nextInstance(),
        nodeId: source,
        topic,
        payload: { orderId: `ORD-${i}`, amount: -i },
        retries: 1,
      });
      requests.push(res.body);
    }
    for (let locked = 0; locked < count;) {
      const batch = (await w.fetchAndLock(topic, 'w1', { maxTasks: 100 })).body as { id: number }[];
      for (const r of batch) {
        await w.engine.post(`/worker-requests/${r.id}/failure`, {
          workerId: 'w1',
          errorMessage: 'bad amount',
          retries: 0,
        });
      }
      locked += batch.length;
    }
    const ids = (await w.admin.get(`/incidents?nodeId=${source}&size=100&sort=id,asc`)).body.content.map(
      (i: { id: number }) => i.id,
    ) as number[];
    expect(ids).toHaveLength(100);

    // By ids: the first two, then by filter: all the rest (the two under way are not matched again).
    const byIds = await w.admin.post('/incidents/bulk/retry', {
      ids: ids.slice(0, 2),
      payloadPatch: { amount: 10 },
    });
    expect(byIds.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['APPLIED', 'APPLIED']);
    let afterId = 0;
    let applied = 0;
    for (;;) {
      const res = await w.admin.post('/incidents/bulk/retry-matching', {
        filter: { nodeId: source },
        payloadPatch: { amount: 10, checkedBy: 'night-shift' },
        afterId,
        limit: 1000,
      });
      expect(res.status, res.text).toBe(200);
      applied += res.body.results.filter((r: { outcome: string }) => r.outcome === 'APPLIED').length;
      if (res.body.remaining === 0) break;
      afterId = res.body.nextAfterId;
    }
    expect(applied).toBe(count - 2);

    let completed = 0;
    while (completed < count) {
      const batch = (await w.fetchAndLock(topic, 'w2', { maxTasks: 100 })).body as {
        id: number;
        payload: { orderId: string; amount: number; checkedBy?: string };
        payloadVersion: number;
      }[];
      expect(batch.length).toBeGreaterThan(0);
      for (const r of batch) {
        expect(r.payload.amount).toBe(10);
        expect(r.payload.orderId).toMatch(/^ORD-\d+$/);
        expect(r.payloadVersion).toBe(2);
        await w.engine.post(`/worker-requests/${r.id}/complete`, { workerId: 'w2' });
      }
      completed += batch.length;
    }
    const summary = rowsOf<{ status: string; resolution_action: string; n: number }>(
      await t.database.db.execute(
        sql`select status, resolution_action, count(*)::int as n from incidents where node_id = ${source} group by 1, 2`,
      ),
    );
    expect(summary).toEqual([{ status: 'RESOLVED', resolution_action: 'RETRIED_SUCCESSFULLY', n: count }]);
  });

  describe('a correction that adds, removes or replaces a whole object or array', () => {
    // Every value a secret: none may be read back from a timeline, whatever reads it.
    const PAYLOAD = {
      orderId: 'ORD-8',
      card: { holder: 'A. Payer', cvv: 'cvv-secret', cardNumber: 'number-secret' },
      items: [{ sku: 'A', token: 'old-token-secret' }],
    };
    const PATCH = {
      card: null,
      billing: { password: 'hunter2', address: { pin: 'pin-secret', city: 'Graz' } },
      items: [{ sku: 'B', token: 'new-token-secret' }, 'gift'],
    };
    const LEAK = /-secret|hunter2/;
    const MASKED_CHANGES = [
      { path: '/billing', after: { password: MASKED, address: { pin: MASKED, city: 'Graz' } } },
      { path: '/card', before: { holder: 'A. Payer', cvv: MASKED, cardNumber: MASKED } },
      {
        path: '/items',
        before: [{ sku: 'A', token: MASKED }],
        after: [{ sku: 'B', token: MASKED }, 'gift'],
      },
    ];

    type TimelineEntry = { id: number; eventType: string; payloadChanges?: unknown };
    const correctionOf = (events: TimelineEntry[]) =>
      events.find((e) => e.eventType === 'RETRY_REQUESTED')?.payloadChanges;
    const failed = () => w.failedRequestWithIncident(unique('pay'), PAYLOAD);

    it('is written masked, however the retry comes', async () => {
      const admin = await t.admin();
      const viaRest = await failed();
      const viaTrpc = await failed();
      const viaBatch = [await failed(), await failed()];
      const viaBulk = await failed();
      const viaFilter = await failed();

      const rest = await w.admin.post(`/incidents/${viaRest.incident.id}/retry`, {
        payloadPatch: PATCH,
        payloadVersion: 1,
      });
      expect(rest.status, rest.text).toBe(200);
      const single = await api(t.url, 'POST', '/trpc/incidents.retry', {
        token: admin.token,
        body: { id: viaTrpc.incident.id, payloadPatch: PATCH, payloadVersion: 1 },
      });
      expect(single.status, single.text).toBe(200);
      const batched = await api(t.url, 'POST', '/trpc/incidents.retry,incidents.retry?batch=1', {
        token: admin.token,
        body: Object.fromEntries(
          viaBatch.map(({ incident }, i) => [i, { id: incident.id, payloadPatch: PATCH, payloadVersion: 1 }]),
        ),
      });
      expect(batched.status, batched.text).toBe(200);
      const bulk = await w.admin.post('/incidents/bulk/retry', {
        ids: [viaBulk.incident.id],
        payloadPatch: PATCH,
      });
      expect(bulk.body.results, bulk.text).toEqual([{ id: viaBulk.incident.id, outcome: 'APPLIED' }]);
      const matching = await w.admin.post('/incidents/bulk/retry-matching', {
        filter: { processInstanceId: viaFilter.request.processInstanceId },
        payloadPatch: PATCH,
        afterId: 0,
        limit: 10,
      });
      expect(matching.body.results, matching.text).toEqual([
        { id: viaFilter.incident.id, outcome: 'APPLIED' },
      ]);

      for (const { incident } of [viaRest, viaTrpc, ...viaBatch, viaBulk, viaFilter]) {
        const stored = rowsOf<{ payload_changes: unknown }>(
          await t.database.db.execute(
            sql`select payload_changes from incident_events where incident_id = ${incident.id} and event_type = 'RETRY_REQUESTED'`,
          ),
        );
        expect(stored).toEqual([{ payload_changes: MASKED_CHANGES }]);
      }
    });

    it('is read masked by every reader: tokens of each scope, tRPC single and batched, the console, the stream', async () => {
      const { incident } = await failed();
      const retried = await w.admin.post(`/incidents/${incident.id}/retry`, {
        payloadPatch: PATCH,
        payloadVersion: 1,
      });
      expect(retried.status, retried.text).toBe(200);

      const holder = await t.actor([ADMIN]);
      const scoped = async (scope: string) => {
        const created = await w.admin.post(`/admin/users/${holder.id}/api-tokens`, { name: scope, scope });
        expect(created.status, created.text).toBe(200);
        return created.body.token as string;
      };
      const input = encodeURIComponent(JSON.stringify({ id: incident.id }));
      const batchInput = encodeURIComponent(
        JSON.stringify({ 0: { id: incident.id }, 1: { id: incident.id } }),
      );
      const answers: { how: string; text: string; events: TimelineEntry[] }[] = [];
      for (const scope of ['INCIDENTS', 'READ_ONLY']) {
        const token = await scoped(scope);
        // Not t.as: its check of every answer refuses a member named like a password, masked or not.
        const rest = await api(t.url, 'GET', `/incidents/${incident.id}/events`, { token });
        answers.push({ how: `REST, ${scope}`, text: rest.text, events: rest.body });
        const single = await api(t.url, 'GET', `/trpc/incidents.events?input=${input}`, { token });
        answers.push({ how: `tRPC, ${scope}`, text: single.text, events: single.body.result.data });
        const batch = await api(
          t.url,
          'GET',
          `/trpc/incidents.events,incidents.events?batch=1&input=${batchInput}`,
          {
            token,
          },
        );
        for (const entry of batch.body)
          answers.push({ how: `batched tRPC, ${scope}`, text: batch.text, events: entry.result.data });
      }
      const { cookie } = await openConsoleSession(t.database, holder.user);
      const console = await consoleCall(t.url, cookie, `incidents.events?input=${input}`);
      answers.push({ how: 'console', text: JSON.stringify(console.body), events: console.body.result.data });
      for (const { how, text, events } of answers) {
        expect(correctionOf(events), how).toEqual(MASKED_CHANGES);
        expect(text, how).not.toMatch(LEAK);
      }

      // The change stream, resumed from the incident's first entry: the correction's entry comes again.
      const first = answers[0].events[0].id;
      const controller = new AbortController();
      const bound = setTimeout(() => controller.abort(), 10_000 + HANG_MARGIN_MS);
      let streamed = '';
      try {
        const res = await fetch(
          `${t.url}/api/incidents/events/stream?incidentId=${incident.id}&lastEventId=${first}`,
          { headers: { authorization: `Bearer ${await scoped('READ_ONLY')}` }, signal: controller.signal },
        );
        expect(res.status).toBe(200);
        const decoder = new TextDecoder();
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          streamed += decoder.decode(value, { stream: true });
          if (
            streamed.includes('"RETRY_REQUESTED"') &&
            streamed.slice(streamed.indexOf('"RETRY_REQUESTED"')).includes('\n\n')
          )
            break;
        }
      } finally {
        clearTimeout(bound);
        controller.abort();
      }
      const entry = streamed
        .split('\n\n')
        .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
        .map((line) => JSON.parse(line.slice('data: '.length)) as TimelineEntry)
        .find((e) => e.eventType === 'RETRY_REQUESTED');
      expect(entry?.payloadChanges).toEqual(MASKED_CHANGES);
      expect(streamed).not.toMatch(LEAK);
    });
  });
});
