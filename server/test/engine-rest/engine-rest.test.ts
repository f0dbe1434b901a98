// The Camunda 7 external-task subset over HTTP, case by case (docs/contract.md §8, Camunda 7 external
// tasks): shapes and content type, authentication, unknown ids, another worker's lock, long polls, the
// lock operations, retry timeouts, BPMN errors, and input that is refused without changing anything.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiTokens } from '../../../db/schema';
import { generateApiToken } from '../../auth/tokens';
import { createEngineRestHandler } from '../../engine-rest/handler';
import { observeRequests } from '../../observability/observe-requests';
import { api, dispatcherOf, unique } from '../support/helpers';
import { useTestApi } from '../support/http-helpers';
import { HANG_MARGIN_MS } from '../support/hang-bounds';
import { workerProtocol } from '../support/worker-helpers';

const CAMUNDA_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;

describe('Camunda external-task REST subset', () => {
  const t = useTestApi();
  const w = workerProtocol(t);
  let token = '';

  /** A call under /api/engine-rest as an engine worker (or with `as`: another token, '' for none). */
  async function camunda(
    path: string,
    body?: unknown,
    opts: { as?: string; method?: string; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    if (!token) token = (await t.actor(['ACCESS_ENGINE_API'])).token;
    const res = await api(t.url, opts.method ?? 'POST', `/engine-rest${path}`, {
      token: opts.as ?? token,
      body,
      rawBody: opts.rawBody,
      headers: opts.headers,
    });
    expect(res.status, res.text).toBeLessThan(500);
    if (res.status >= 400) {
      // Camunda's error shape, as the client reads it, never a stack or SQL.
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.body).toEqual({ type: expect.any(String), message: expect.any(String) });
    } else if (res.status === 204) {
      expect(res.text).toBe('');
    }
    return res;
  }
  const fetchAndLock = (
    topic: string,
    workerId = 'cw1',
    extra: Record<string, unknown> = {},
    topicExtra = {},
  ) =>
    camunda('/external-task/fetchAndLock', {
      workerId,
      maxTasks: 10,
      usePriority: true,
      topics: [{ topicName: topic, lockDuration: 20_000, ...topicExtra }],
      ...extra,
    });
  const stored = async (id: number) => (await w.engine.get(`/worker-requests/${id}`)).body;

  it('hands out a locked task in Camunda shape, as application/json exactly', async () => {
    const request = await w.publish();
    const before = Date.now();
    const res = await fetchAndLock(request.topic);
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual([
      expect.objectContaining({
        id: String(request.id),
        topicName: request.topic,
        workerId: 'cw1',
        processInstanceId: String(request.processInstanceId),
        activityId: 'charge-card',
        retries: 1,
        errorMessage: null,
        priority: 0,
        variables: { orderId: { type: 'String', value: 'ORD-1', valueInfo: {} } },
      }),
    ]);
    const expires = res.body[0].lockExpirationTime as string;
    expect(expires).toMatch(CAMUNDA_DATE);
    // lockDuration from the moment of locking, which lies between the request and its answer.
    const expiresAt = Date.parse(expires.replace('+0000', 'Z'));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 20_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 20_000);
    expect(await stored(request.id)).toMatchObject({ status: 'LOCKED', workerId: 'cw1' });
    // Nothing left: an empty array, also for no topics and for maxTasks 0.
    expect((await fetchAndLock(request.topic)).body).toEqual([]);
    expect(
      (await camunda('/external-task/fetchAndLock', { workerId: 'cw1', maxTasks: 1, topics: [] })).body,
    ).toEqual([]);
  });

  it('locks the requests of each topic for that topic’s lockDuration', async () => {
    const short = await w.publish(unique('short'));
    const long = await w.publish(unique('long'));
    const before = Date.now();
    const res = await camunda('/external-task/fetchAndLock', {
      workerId: 'cw1',
      maxTasks: 5,
      topics: [
        { topicName: short.topic, lockDuration: 5_000 },
        { topicName: long.topic, lockDuration: 600_000 },
      ],
    });
    const after = Date.now();
    const expiresAt = (id: number) => {
      const task = res.body.find((t: { id: string }) => t.id === String(id));
      return Date.parse(task.lockExpirationTime.replace('+0000', 'Z'));
    };
    expect(res.body).toHaveLength(2);
    for (const [id, lockDuration] of [
      [short.id, 5_000],
      [long.id, 600_000],
    ]) {
      expect(expiresAt(id)).toBeGreaterThanOrEqual(before + lockDuration);
      expect(expiresAt(id)).toBeLessThanOrEqual(after + lockDuration);
    }
  });

  it('maps payload values to typed variables, and a topic picks the variables it names', async () => {
    const topic = unique('vars');
    const created = await w.engine.post('/worker-requests', {
      processInstanceId: w.nextInstance(),
      nodeId: 'n',
      topic,
      payload: { s: 'x', i: 7, big: 2 ** 40, d: 1.5, b: false, n: null, o: { a: [1] } },
    });
    const res = await fetchAndLock(
      topic,
      'cw1',
      {},
      { variables: ['i', 'big', 'd', 'b', 'n', 'o', 'missing'] },
    );
    expect(res.body[0].variables).toEqual({
      i: { type: 'Integer', value: 7, valueInfo: {} },
      big: { type: 'Long', value: 2 ** 40, valueInfo: {} },
      d: { type: 'Double', value: 1.5, valueInfo: {} },
      b: { type: 'Boolean', value: false, valueInfo: {} },
      n: { type: 'Null', value: null, valueInfo: {} },
      o: { type: 'Json', value: '{"a":[1]}', valueInfo: {} },
    });
    // Typed values back: Json and application/json Objects parsed, types matched case-insensitively.
    const done = await camunda(`/external-task/${created.body.id}/complete`, {
      workerId: 'cw1',
      variables: {
        json: { type: 'json', value: '{"k":[true]}' },
        obj: { type: 'Object', value: '{"x":1}', valueInfo: { serializationDataFormat: 'application/json' } },
        count: { type: 'Integer', value: 3 },
        when: { type: 'Date', value: '2026-01-02T03:04:05.000+0000' },
        shared: { type: 'String', value: 'global' },
      },
      localVariables: { shared: { type: 'String', value: 'local' } },
    });
    expect(done.status).toBe(204);
    expect((await stored(created.body.id)).result).toEqual({
      json: { k: [true] },
      obj: { x: 1 },
      count: 3,
      when: '2026-01-02T03:04:05.000+0000',
      shared: 'local',
    });
  });

  it('answers 404 for an unknown task on every operation, 404 for an unknown path, 405 for another method', async () => {
    const bodies: Record<string, unknown> = {
      complete: { workerId: 'cw1' },
      failure: { workerId: 'cw1', errorMessage: 'x', retries: 0 },
      bpmnError: { workerId: 'cw1', errorCode: 'E' },
      extendLock: { workerId: 'cw1', newDuration: 5_000 },
      unlock: undefined,
      lock: { workerId: 'cw1', lockDuration: 5_000 },
    };
    for (const [operation, body] of Object.entries(bodies)) {
      for (const id of ['999999999', 'abc', '0', '99999999999999999999']) {
        const res = await camunda(`/external-task/${id}/${operation}`, body);
        expect(res.status, `${operation} ${id}`).toBe(404);
        expect(res.body.type).toBe('InvalidRequestException');
      }
    }
    expect((await camunda('/external-task/1/nothing', {})).status).toBe(404);
    expect((await camunda('/process-instance', {})).status).toBe(404);
    const get = await camunda('/external-task/fetchAndLock', undefined, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses another worker with 400, as Camunda does, and changes nothing', async () => {
    const request = await w.publish();
    await fetchAndLock(request.topic, 'cw1');
    const held = await stored(request.id);
    for (const [operation, body] of [
      ['complete', { workerId: 'cw2' }],
      ['failure', { workerId: 'cw2', errorMessage: 'x', retries: 0 }],
      ['bpmnError', { workerId: 'cw2', errorCode: 'E' }],
      ['extendLock', { workerId: 'cw2', newDuration: 60_000 }],
      ['lock', { workerId: 'cw2', lockDuration: 60_000 }],
    ] as const) {
      const res = await camunda(`/external-task/${request.id}/${operation}`, body);
      expect(res.status, operation).toBe(400);
      expect(res.body.message).toMatch(/another worker/);
    }
    expect(await stored(request.id)).toEqual(held);
    // A completed task no longer exists, for its own worker too: 404, as in Camunda.
    expect((await camunda(`/external-task/${request.id}/complete`, { workerId: 'cw1' })).status).toBe(204);
    for (const [operation, body] of [
      ['complete', { workerId: 'cw1' }],
      ['failure', { workerId: 'cw1', errorMessage: 'x' }],
      ['extendLock', { workerId: 'cw1', newDuration: 60_000 }],
      ['lock', { workerId: 'cw1', lockDuration: 60_000 }],
      ['unlock', undefined],
    ] as const) {
      expect((await camunda(`/external-task/${request.id}/${operation}`, body)).status, operation).toBe(404);
    }
  });

  it('long-polls up to asyncResponseTimeout and answers as soon as a request is published', async () => {
    await w.setup();
    const topic = unique('poll');
    const startedAt = Date.now();
    // A timeout far beyond the hang margin: answered before it, the poll was woken by the publish.
    const asyncResponseTimeout = 2 * HANG_MARGIN_MS;
    const waiting = fetchAndLock(topic, 'cw1', { asyncResponseTimeout });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const request = await w.publish(topic);
    const res = await waiting;
    expect(res.body.map((task: { id: string }) => task.id)).toEqual([String(request.id)]);
    expect(Date.now() - startedAt).toBeLessThan(asyncResponseTimeout);
    // Nothing published: [] when the time is up, not before.
    const quiet = Date.now();
    expect((await fetchAndLock(unique('quiet'), 'cw1', { asyncResponseTimeout: 600 })).body).toEqual([]);
    expect(Date.now() - quiet).toBeGreaterThanOrEqual(590);
  });

  it('extends, unlocks and locks by id', async () => {
    const request = await w.publish();
    await fetchAndLock(request.topic, 'cw1');
    const before = (await stored(request.id)).lockExpiresAt as string;
    expect(
      (await camunda(`/external-task/${request.id}/extendLock`, { workerId: 'cw1', newDuration: 600_000 }))
        .status,
    ).toBe(204);
    const extended = await stored(request.id);
    expect(Date.parse(extended.lockExpiresAt) - Date.parse(before)).toBeGreaterThan(500_000);

    // Unlock: PENDING again (the next delivery), fetchable by another worker.
    expect((await camunda(`/external-task/${request.id}/unlock`)).status).toBe(204);
    expect(await stored(request.id)).toMatchObject({
      status: 'PENDING',
      workerId: null,
      lockExpiresAt: null,
      attempt: 2,
    });
    expect(
      (await camunda(`/external-task/${request.id}/extendLock`, { workerId: 'cw1', newDuration: 5_000 }))
        .status,
    ).toBe(400);

    // Lock by id: for cw2; cw3 is refused while cw2 holds it; cw2 may lock it again.
    expect(
      (await camunda(`/external-task/${request.id}/lock`, { workerId: 'cw2', lockDuration: 30_000 })).status,
    ).toBe(204);
    expect(await stored(request.id)).toMatchObject({ status: 'LOCKED', workerId: 'cw2', attempt: 2 });
    expect(
      (await camunda(`/external-task/${request.id}/lock`, { workerId: 'cw3', lockDuration: 30_000 })).status,
    ).toBe(400);
    expect(
      (await camunda(`/external-task/${request.id}/lock`, { workerId: 'cw2', lockDuration: 60_000 })).status,
    ).toBe(204);
    expect((await fetchAndLock(request.topic, 'cw3')).body).toEqual([]);
    expect((await camunda(`/external-task/${request.id}/complete`, { workerId: 'cw2' })).status).toBe(204);
    // A completed request can be neither locked nor unlocked: it no longer exists.
    expect(
      (await camunda(`/external-task/${request.id}/lock`, { workerId: 'cw2', lockDuration: 30_000 })).status,
    ).toBe(404);
    expect((await camunda(`/external-task/${request.id}/unlock`)).status).toBe(404);
    expect(await stored(request.id)).toMatchObject({ status: 'COMPLETED' });
  });

  it('makes a failure with retries left fetchable again only after its retryTimeout', async () => {
    const request = await w.publish(undefined, 3);
    await fetchAndLock(request.topic, 'cw1');
    const failed = await camunda(`/external-task/${request.id}/failure`, {
      workerId: 'cw1',
      errorMessage: 'busy',
      errorDetails: 'try later',
      retries: 2,
      retryTimeout: 1_500,
    });
    expect(failed.status).toBe(204);
    const failedAt = Date.now();
    expect(await stored(request.id)).toMatchObject({ retries: 2, errorMessage: 'busy', attempt: 1 });
    expect((await fetchAndLock(request.topic, 'cw2')).body).toEqual([]);
    const again = await fetchAndLock(request.topic, 'cw2', { asyncResponseTimeout: 8_000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1_400);
    expect(again.body).toEqual([
      expect.objectContaining({ id: String(request.id), workerId: 'cw2', retries: 2, errorMessage: 'busy' }),
    ]);
    expect(await stored(request.id)).toMatchObject({ status: 'LOCKED', attempt: 2 });
    // Without a timeout it is fetchable at once; with retries 0 it fails for good into an incident.
    await camunda(`/external-task/${request.id}/failure`, {
      workerId: 'cw2',
      errorMessage: 'again',
      retries: 1,
    });
    expect((await fetchAndLock(request.topic, 'cw1')).body).toHaveLength(1);
    await camunda(`/external-task/${request.id}/failure`, {
      workerId: 'cw1',
      errorMessage: 'gave up',
      retries: 0,
    });
    expect(await stored(request.id)).toMatchObject({ status: 'FAILED', attempt: 3 });
    const incidents = await w.admin.get(`/incidents?processInstanceId=${request.processInstanceId}`);
    expect(incidents.body.content).toEqual([
      expect.objectContaining({
        source: 'WORKER',
        status: 'OPEN',
        message: 'gave up',
        externalReferenceId: `worker-request:${request.id}`,
      }),
    ]);
  });

  it('completes a task with a BPMN error as its result', async () => {
    const request = await w.publish();
    await fetchAndLock(request.topic, 'cw1');
    const res = await camunda(`/external-task/${request.id}/bpmnError`, {
      workerId: 'cw1',
      errorCode: 'CARD_DECLINED',
      errorMessage: 'declined',
      variables: { reason: { type: 'String', value: 'limit' } },
    });
    expect(res.status).toBe(204);
    expect(await stored(request.id)).toMatchObject({
      status: 'COMPLETED',
      result: { reason: 'limit', bpmnError: { errorCode: 'CARD_DECLINED', errorMessage: 'declined' } },
    });
  });

  it('refuses bad input with 400 (415 for a body that is not JSON) and changes nothing', async () => {
    const request = await w.publish();
    await fetchAndLock(request.topic, 'cw1');
    const held = await stored(request.id);
    const complete = `/external-task/${request.id}/complete`;
    for (const body of [
      {},
      { workerId: '' },
      { workerId: 'cw1', variables: { f: { type: 'File', value: 'eA==' } } },
      { workerId: 'cw1', variables: { j: { type: 'Json', value: '{nope' } } },
      { workerId: 'cw1', variables: { i: { type: 'Integer', value: 'seven' } } },
      { workerId: 'cw1', variables: { s: { type: 'String', value: 'a\u0000b' } } },
    ]) {
      const res = await camunda(complete, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.type).toBe('InvalidRequestException');
    }
    expect(
      (
        await camunda(complete, undefined, {
          rawBody: '{"workerId":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await camunda(complete, undefined, { rawBody: '[]', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await camunda(complete, undefined, {
          rawBody: 'workerId=cw1',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
    expect(
      (await camunda(`/external-task/${request.id}/extendLock`, { workerId: 'cw1', newDuration: -1 })).status,
    ).toBe(400);
    const tooLarge = await camunda(complete, {
      workerId: 'cw1',
      variables: { s: { type: 'String', value: 'x'.repeat(70_000) } },
    });
    expect(tooLarge.status).toBe(413);
    expect(
      (await camunda(`/external-task/${request.id}/failure`, { workerId: 'cw1', retries: -1 })).status,
    ).toBe(400);
    const topic = request.topic;
    for (const topicExtra of [{ businessKey: 'b' }, { tenantIdIn: ['t'] }, { lockDuration: 'long' }]) {
      expect((await fetchAndLock(topic, 'cw1', {}, topicExtra)).status, JSON.stringify(topicExtra)).toBe(400);
    }
    for (const extra of [
      { maxTasks: -1 },
      { asyncResponseTimeout: 1_800_001 },
      { topics: [{ topicName: 'has space', lockDuration: 5_000 }] },
    ]) {
      expect((await fetchAndLock(topic, 'cw1', extra)).status, JSON.stringify(extra)).toBe(400);
    }
    expect(await stored(request.id)).toEqual(held);
  });

  it('takes a bearer token of a worker: 401 without, 403 without ACCESS_ENGINE_API or for a narrower token', async () => {
    const topic = unique('auth');
    const none = await camunda('/external-task/fetchAndLock', { workerId: 'x', topics: [] }, { as: '' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const stranger = (await t.actor(['ACCESS_PROCESS_PORTAL'])).token;
    expect((await fetchAndLock(topic, 'x', {}, {})).status).toBe(200);
    const refused = await camunda(
      '/external-task/fetchAndLock',
      { workerId: 'x', topics: [] },
      { as: stranger },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('AuthorizationException');
    // API tokens of an engine user: WORKER and FULL scopes may, the others may not.
    const engine = await t.actor(['ACCESS_ENGINE_API']);
    for (const [scope, status] of [
      ['WORKER', 200],
      ['FULL', 200],
      ['INCIDENTS', 403],
      ['READ_ONLY', 403],
      ['METRICS', 403],
    ] as const) {
      const { token: scoped, hash } = generateApiToken();
      await t.database.db
        .insert(apiTokens)
        .values({ userId: engine.id, name: unique('tok'), tokenHash: hash, userTokenVersion: 0, scope });
      const res = await camunda('/external-task/fetchAndLock', { workerId: 'x', topics: [] }, { as: scoped });
      expect(res.status, scope).toBe(status);
    }
  });

  it('races: concurrent workers never share a task, one lock by id wins, one completion counts', async () => {
    await w.setup();
    const topic = unique('race');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await w.publish(topic)).id);
    const fetched = await Promise.all(
      Array.from({ length: 6 }, (_, i) => fetchAndLock(topic, `racer${i}`, { maxTasks: 3 })),
    );
    const handedOut = fetched.flatMap((res) => res.body.map((task: { id: string }) => Number(task.id)));
    expect(handedOut.sort((a, b) => a - b)).toEqual(ids);
    for (const res of fetched) {
      for (const task of res.body)
        expect(await stored(Number(task.id))).toMatchObject({ workerId: task.workerId });
    }

    // Unlocked, one request is locked by id by exactly one of several workers at once.
    const [target] = ids;
    await camunda(`/external-task/${target}/unlock`);
    const locks = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        camunda(`/external-task/${target}/lock`, { workerId: `locker${i}`, lockDuration: 30_000 }),
      ),
    );
    const winners = locks.flatMap((res, i) => (res.status === 204 ? [`locker${i}`] : []));
    expect(winners).toHaveLength(1);
    expect(locks.filter((res) => res.status === 400)).toHaveLength(5);
    // The winner completes twice at once: one 204, and the task is gone for the other (404).
    const completions = await Promise.all(
      [1, 2].map(() => camunda(`/external-task/${target}/complete`, { workerId: winners[0] })),
    );
    expect(completions.map((res) => res.status).sort()).toEqual([204, 404]);
    expect(await stored(target)).toMatchObject({ status: 'COMPLETED', workerId: winners[0] });
  });

  it('answers 429 with Retry-After when too many long polls wait', async () => {
    await w.setup();
    // The same adapter with room for one waiting poll, on its own loopback server.
    const { routes } = createEngineRestHandler(t.database.db, dispatcherOf(t.database), {
      maxWaitingPolls: 1,
    });
    const fetchAndLock = routes.find((r) => r.template.endsWith('/fetchAndLock'))!;
    const server = http.createServer(
      observeRequests((req, res, context) => void fetchAndLock.serve({ req, res, context, params: {} })),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/engine-rest/external-task/fetchAndLock`;
    const poll = (topic: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          workerId: 'p',
          maxTasks: 1,
          asyncResponseTimeout: 2_000,
          topics: [{ topicName: topic, lockDuration: 5_000 }],
        }),
      });
    try {
      const first = poll(unique('busy'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await poll(unique('busy'));
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');
      expect(second.headers.get('content-type')).toBe('application/json');
      expect(await second.json()).toEqual({ type: 'RestException', message: expect.any(String) });
      expect(await (await first).json()).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
