// Idempotency-Key (docs/contract.md §8): a write sent again with the same key is answered with
// the first answer and not done again, also when the repeats race the first; the same key with another
// request is a 422 that changes nothing; keys are each user's own and each operation's own; a key past its
// retention is a new one. On reports (single, batched and over tRPC), the worker protocol's writes and the
// Camunda-compatible writes that end a task.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { api } from '../support/helpers';
import { expectProblem, useTestApi } from '../support/http-helpers';
import { eventsOf, getIncident, newReference, reportBody } from '../support/incident-helpers';

describe('Idempotency-Key', () => {
  const t = useTestApi();
  let engineToken: string;
  let otherEngineToken: string;
  let adminToken: string;
  beforeAll(async () => {
    engineToken = (await t.actor(['ACCESS_ENGINE_API'])).token;
    otherEngineToken = (await t.actor(['ACCESS_ENGINE_API'])).token;
    adminToken = (await t.admin()).token;
  });

  let keys = 0;
  const newKey = () => `key-${Date.now().toString(36)}-${++keys}`;
  const post = (path: string, body: unknown, key?: string, token = engineToken) =>
    t.call('POST', path, { token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const incidentsWith = async (reference: string) =>
    rowsOf<{ id: number; occurrences: number }>(
      await t.database.db.execute(
        sql`select id::int as id, occurrence_count as occurrences from incidents where external_reference_id = ${reference}`,
      ),
    );

  it('answers a repeated report with its first answer, and counts it once', async () => {
    const key = newKey();
    const body = reportBody();
    const first = await post('/incidents', body, key);
    expect(first.status, first.text).toBe(200);
    const again = await post('/incidents', body, `"${key}"`); // a structured-field string names the same key
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await incidentsWith(body.externalReferenceId)).toEqual([{ id: first.body.id, occurrences: 1 }]);
    expect((await eventsOf(t.as(adminToken), first.body.id)).map((e) => e.eventType)).toEqual(['CREATED']);
    // Without the key, the same report is another occurrence, as always.
    expect((await post('/incidents', body)).body.occurrenceCount).toBe(2);
  });

  it('writes once when repeats race the first, and answers them all alike', async () => {
    const key = newKey();
    const body = reportBody();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/incidents', body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await incidentsWith(body.externalReferenceId)).toEqual([
      { id: answers[0].body.id, occurrences: 1 },
    ]);
  });

  it('refuses the same key with another request (422), changing nothing', async () => {
    const key = newKey();
    const body = reportBody();
    expect((await post('/incidents', body, key)).status).toBe(200);
    const other = reportBody();
    const refused = await post('/incidents', other, key);
    expectProblem(refused, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await incidentsWith(other.externalReferenceId)).toEqual([]);
    expect((await incidentsWith(body.externalReferenceId))[0].occurrences).toBe(1);
  });

  it("keeps each user's keys and each operation's keys apart", async () => {
    const key = newKey();
    const body = reportBody();
    const mine = await post('/incidents', body, key);
    const theirs = await post('/incidents', body, key, otherEngineToken);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ id: mine.body.id, occurrenceCount: 2 });
    const request = await post(
      '/worker-requests',
      { processInstanceId: 4242, nodeId: 'charge-card', topic: `idem-${key}` },
      key,
    );
    expect(request.status, request.text).toBe(200);
    expect(request.body).toMatchObject({ status: 'PENDING', topic: `idem-${key}` });
  });

  it('refuses a malformed key (400) before writing anything', async () => {
    for (const key of ['x'.repeat(256), 'two words', 'naïve', '""']) {
      const body = reportBody();
      expectProblem(await post('/incidents', body, key), 400, 'VALIDATION_FAILED');
      expect(await incidentsWith(body.externalReferenceId)).toEqual([]);
    }
  });

  it('writes again once the key is past its retention', async () => {
    const key = newKey();
    const body = reportBody();
    await post('/incidents', body, key);
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await post('/incidents', body, key);
    expect(later.body.occurrenceCount).toBe(2);
  });

  it('answers a repeated batch with its first answer', async () => {
    const key = newKey();
    const references = [newReference(), newReference()];
    const body = { reports: references.map((externalReferenceId) => reportBody({ externalReferenceId })) };
    const first = await post('/incidents/batch', body, key);
    expect(first.status, first.text).toBe(200);
    const again = await post('/incidents/batch', body, key);
    expect(again.body).toEqual(first.body);
    for (const reference of references) expect((await incidentsWith(reference))[0].occurrences).toBe(1);
  });

  it('answers a repeated completion of a worker request with its first answer, not a 409', async () => {
    const topic = `idem-complete-${newKey()}`;
    const created = await post('/worker-requests', { processInstanceId: 4343, nodeId: 'ship', topic });
    const [locked] = (await post('/worker-requests/fetch-and-lock', { workerId: 'w1', topics: [topic] }))
      .body;
    expect(locked.id).toBe(created.body.id);
    const key = newKey();
    const complete = () =>
      post(`/worker-requests/${locked.id}/complete`, { workerId: 'w1', result: { ok: 1 } }, key);
    const first = await complete();
    expect(first.status, first.text).toBe(200);
    const again = await complete();
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    // Without the key the repeat is what it is: the request is no longer locked by the worker.
    expectProblem(
      await post(`/worker-requests/${locked.id}/complete`, { workerId: 'w1', result: { ok: 1 } }),
      409,
    );
  });

  it('answers a repeated Camunda complete or failure with its first answer (204), done once', async () => {
    const camunda = (path: string, body: unknown, key?: string) =>
      api(t.url, 'POST', `/engine-rest${path}`, {
        token: engineToken,
        body,
        headers: key === undefined ? {} : { 'idempotency-key': key },
      });
    const lockOne = async (topic: string) => {
      const created = await post('/worker-requests', { processInstanceId: 4444, nodeId: 'bill', topic });
      const fetched = await camunda('/external-task/fetchAndLock', {
        workerId: 'cw1',
        maxTasks: 1,
        topics: [{ topicName: topic, lockDuration: 60_000 }],
      });
      expect(fetched.body.map((task: { id: string }) => task.id)).toEqual([String(created.body.id)]);
      return created.body.id as number;
    };

    const completed = await lockOne(`idem-camunda-${newKey()}`);
    const key = newKey();
    const completion = { workerId: 'cw1', variables: { ok: { value: true, type: 'Boolean' } } };
    for (let i = 0; i < 2; i++)
      expect((await camunda(`/external-task/${completed}/complete`, completion, key)).status).toBe(204);
    // Without the key the repeat is what it is: the task no longer exists for Camunda.
    expect((await camunda(`/external-task/${completed}/complete`, completion)).status).toBe(404);
    // The same key with another body is refused, and so is a malformed key.
    expect((await camunda(`/external-task/${completed}/complete`, { workerId: 'cw2' }, key)).status).toBe(
      422,
    );
    expect((await camunda(`/external-task/${completed}/complete`, completion, 'two words')).status).toBe(400);

    const failed = await lockOne(`idem-camunda-${newKey()}`);
    const failureKey = newKey();
    const failure = { workerId: 'cw1', errorMessage: 'card declined', retries: 0, retryTimeout: 0 };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => camunda(`/external-task/${failed}/failure`, failure, failureKey)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(204));
    const incidents = rowsOf<{ occurrences: number }>(
      await t.database.db.execute(
        sql`select occurrence_count as occurrences from incidents where worker_request_id = ${failed}`,
      ),
    );
    expect(incidents).toEqual([{ occurrences: 1 }]);
  });

  it('is the same over tRPC', async () => {
    const key = newKey();
    const body = reportBody();
    const call = () =>
      api(t.url, 'POST', '/trpc/incidents.report', {
        token: engineToken,
        body,
        headers: { 'idempotency-key': key },
      });
    const first = await call();
    expect(first.status, first.text).toBe(200);
    const again = await call();
    expect(again.body).toEqual(first.body);
    expect(await getIncident(t.as(adminToken), first.body.result.data.id)).toMatchObject({
      occurrenceCount: 1,
    });
    // And the REST operation of the same procedure shares its keys.
    expect((await post('/incidents', body, key)).body).toEqual(first.body.result.data);
  });

  it('is the same in a tRPC batch: each call of the batch by its own operation, a repeat answered as the first', async () => {
    const key = newKey();
    const topic = `idem-batch-${key}`;
    const publish = { processInstanceId: 4344, nodeId: 'ship', topic };
    const report = reportBody();
    const batch = await t.call('POST', '/trpc/workers.create,workers.create,incidents.report?batch=1', {
      token: engineToken,
      body: { 0: publish, 1: publish, 2: report },
      headers: { 'idempotency-key': key },
    });
    expect(batch.status, batch.text).toBe(200);
    const [created, repeated, reported] = batch.body as { result: { data: { id: number } } }[];
    expect(repeated.result.data).toEqual(created.result.data);
    const published = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from worker_requests where topic = ${topic}`),
    );
    expect(published).toEqual([{ n: 1 }]);
    // The same key on another operation is that operation's own: the report was written.
    expect(await incidentsWith(report.externalReferenceId)).toEqual([
      { id: reported.result.data.id, occurrences: 1 },
    ]);
    // And REST shares the batch's keys: the same publication is answered as it was, not done again.
    expect((await post('/worker-requests', publish, key)).body).toEqual(created.result.data);
    const another = await post('/worker-requests', { ...publish, nodeId: 'other' }, key);
    expectProblem(another, 422);
  });
});
