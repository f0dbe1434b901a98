// The worker protocol over HTTP, as an external worker and an engine use them (docs/contract.md §7, §8);
// retry is tested with retry, in worker-incidents.test.ts.
import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '../../transport/openapi';
import { sweepExpiredLocks } from '../../services/workers/dispatcher';
import { dispatcherOf, unique } from '../support/helpers';
import { useTestApi } from '../support/http-helpers';
import { workerProtocol } from '../support/worker-helpers';

describe('worker protocol', () => {
  const t = useTestApi();
  const w = workerProtocol(t);

  it.each([
    ['REST', '/api/worker-requests/fetch-and-lock'],
    ['tRPC', '/api/trpc/workers.fetchAndLock'],
  ])(
    'a long poll over %s whose client goes away stops waiting at once, not at its waitMs',
    async (_, path) => {
      // The REST call's abort signal is made only when a procedure reads it (server/transport/api-handler.ts); a tRPC
      // call's is tRPC's own.
      const { token } = await t.actor(['ACCESS_ENGINE_API']);
      const dispatcher = dispatcherOf(t.database);
      const waitingBefore = dispatcher.waiting;
      const leaving = new AbortController();
      const poll = fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workerId: 'leaves', topics: [unique('left')], waitMs: 30_000 }),
        signal: leaving.signal,
      }).catch((error: Error) => error.name);
      const until = async (condition: () => boolean) => {
        for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
      };
      await until(() => dispatcher.waiting > waitingBefore);
      expect(dispatcher.waiting).toBe(waitingBefore + 1);
      leaving.abort();
      expect(await poll).toBe('AbortError');
      // Left the queue on the abort: well before the 30 s it asked to wait.
      await until(() => dispatcher.waiting === waitingBefore);
      expect(dispatcher.waiting).toBe(waitingBefore);
    },
  );

  it('creates a PENDING request and a RUNNING process instance at its node', async () => {
    const request = await w.publish();
    expect(request).toMatchObject({
      status: 'PENDING',
      attempt: 1,
      retries: 1,
      workerId: null,
      lockExpiresAt: null,
    });
    const instance = await w.engine.get(`/process-instances/${request.processInstanceId}`);
    expect(instance.body).toMatchObject({
      status: 'RUNNING',
      currentNodeId: 'charge-card',
      failedNodeId: null,
    });
  });

  it('locks a request for one worker only; only the holder may complete it', async () => {
    const request = await w.publish();
    const first = await w.fetchAndLock(request.topic, 'w1');
    expect(first.body).toMatchObject([{ id: request.id, status: 'LOCKED', workerId: 'w1' }]);
    expect((await w.fetchAndLock(request.topic, 'w2')).body).toEqual([]);
    const stranger = await w.engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w2' });
    expect(stranger.status).toBe(409);
    expect(stranger.body.detail).toMatch(/another worker holds its lock/);
    // the published document names the code this 409 answers
    const paths = getOpenApiDocument().paths ?? {};
    for (const action of ['complete', 'failure']) {
      const responses = paths[`/worker-requests/{id}/${action}`]?.post?.responses ?? {};
      const documented = (responses['409'] as { description?: string } | undefined)?.description;
      expect(documented, action).toMatch(new RegExp(`^${stranger.body.code}:`));
    }
    const done = await w.engine.post(`/worker-requests/${request.id}/complete`, {
      workerId: 'w1',
      result: { ok: 1 },
    });
    expect(done.body).toMatchObject({ status: 'COMPLETED', result: { ok: 1 } });
    expect((await w.engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w1' })).status).toBe(
      409,
    );
  });

  it('puts a failure with retries left back to PENDING for another delivery', async () => {
    const request = await w.publish(undefined, 2);
    await w.fetchAndLock(request.topic);
    const failed = await w.engine.post(`/worker-requests/${request.id}/failure`, {
      workerId: 'w1',
      errorMessage: 'flaky',
    });
    expect(failed.body).toMatchObject({
      status: 'PENDING',
      retries: 1,
      attempt: 2,
      errorMessage: 'flaky',
      workerId: null,
    });
    expect((await w.fetchAndLock(request.topic, 'w2')).body).toMatchObject([{ id: request.id, attempt: 2 }]);
  });

  it('fails for good when no retries remain: instance FAILED at the node, a WORKER incident reported', async () => {
    const { request, incident } = await w.failedRequestWithIncident();
    expect(incident).toMatchObject({
      source: 'WORKER',
      severity: 'HIGH',
      status: 'OPEN',
      nodeId: 'charge-card',
      message: 'Payment provider timed out',
      technicalDetails: 'SocketTimeoutException',
      externalReferenceId: `worker-request:${request.id}`,
    });
    expect((await w.engine.get(`/process-instances/${request.processInstanceId}`)).body).toMatchObject({
      status: 'FAILED',
      failedNodeId: 'charge-card',
    });
  });

  it('returns a request whose lock expired to PENDING', async () => {
    const request = await w.publish();
    await w.fetchAndLock(request.topic, 'w1', { lockDurationMs: 1000 });
    await new Promise((r) => setTimeout(r, 1100));
    await sweepExpiredLocks(t.database.db);
    expect((await w.engine.get(`/worker-requests/${request.id}`)).body).toMatchObject({
      status: 'PENDING',
      attempt: 2,
    });
    const late = await w.engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w1' });
    expect(late.status).toBe(409);
  });

  it('wakes a long-polling worker within milliseconds of a publish', async () => {
    const topic = unique('topic');
    await w.setup();
    const started = Date.now();
    const waitMs = 30_000;
    const waiting = w.fetchAndLock(topic, 'w1', { waitMs });
    // 310 ms for 300: a timer may fire a millisecond before Date.now() says its time has passed (seen in CI:
    // 299), since Node counts it from the loop's time, read before `started` was.
    await new Promise((r) => setTimeout(r, 310));
    const publishedAt = Date.now();
    const request = await w.publish(topic);
    const got = await waiting;
    expect(got.body).toMatchObject([{ id: request.id }]);
    // Woken by the publish, not answered at the end of its wait.
    expect(Date.now() - publishedAt).toBeLessThan(waitMs - 310);
    expect(publishedAt - started).toBeGreaterThanOrEqual(300);
  });

  it('answers an empty list when nothing is published within waitMs', async () => {
    await w.setup();
    const started = Date.now();
    expect((await w.fetchAndLock(unique('quiet'), 'w1', { waitMs: 400 })).body).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('needs ACCESS_ENGINE_API or ACCESS_BPM_ADMIN', async () => {
    const portal = t.as((await t.actor(['ACCESS_PROCESS_PORTAL'])).token);
    expect(
      (await portal.post('/worker-requests', { processInstanceId: 1, nodeId: 'n', topic: 'x' })).status,
    ).toBe(403);
    expect(
      (await t.as().post('/worker-requests/fetch-and-lock', { workerId: 'w', topics: ['x'] })).status,
    ).toBe(401);
    await w.setup();
    expect((await w.engine.post('/incidents/1/retry', {})).status).toBe(403);
  });
});
