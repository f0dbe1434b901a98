// The worker protocol and retry over HTTP, as an external worker and an engine use them (contract 7, 8).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { sweepExpiredLocks } from '../services/workers/dispatcher';
import { unique } from './helpers';
import { useTestApi, type Client } from './http-helpers';

describe('worker protocol and retry', () => {
  const t = useTestApi();
  let engine: Client;
  let admin: Client;
  let adminName: string;

  const setup = async () => {
    if (engine) return;
    engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
    const a = await t.admin();
    admin = t.as(a.token);
    adminName = a.username;
  };

  let nextInstance = 10_000;
  async function publish(topic = unique('topic'), retries = 1) {
    await setup();
    const res = await engine.post('/worker-requests', {
      processInstanceId: nextInstance++,
      nodeId: 'charge-card',
      topic,
      payload: { orderId: 'ORD-1' },
      retries,
    });
    expect(res.status, res.text).toBe(200);
    return res.body as { id: number; topic: string; processInstanceId: number; attempt: number };
  }
  const fetchAndLock = (topic: string, workerId = 'w1', extra: Record<string, unknown> = {}) =>
    engine.post('/worker-requests/fetch-and-lock', { workerId, topics: [topic], ...extra });

  /** Publishes a request and fails it for good: a FAILED request and its WORKER incident. */
  async function failedRequestWithIncident(topic = unique('topic')) {
    const request = await publish(topic, 1);
    expect((await fetchAndLock(topic)).body).toHaveLength(1);
    const failed = await engine.post(`/worker-requests/${request.id}/failure`, {
      workerId: 'w1',
      errorMessage: 'Payment provider timed out',
      errorDetails: 'SocketTimeoutException',
      retries: 0,
    });
    expect(failed.body.status).toBe('FAILED');
    const list = await admin.get(`/incidents?processInstanceId=${request.processInstanceId}`);
    return { request, incident: list.body.content[0] as { id: number; status: string } };
  }
  const timeline = async (incidentId: number) =>
    (await admin.get(`/incidents/${incidentId}/events`)).body.map((e: { eventType: string }) => e.eventType);

  it('creates a PENDING request and a RUNNING process instance at its node', async () => {
    const request = await publish();
    expect(request).toMatchObject({
      status: 'PENDING',
      attempt: 1,
      retries: 1,
      workerId: null,
      lockExpiresAt: null,
    });
    const instance = await engine.get(`/process-instances/${request.processInstanceId}`);
    expect(instance.body).toMatchObject({
      status: 'RUNNING',
      currentNodeId: 'charge-card',
      failedNodeId: null,
    });
  });

  it('locks a request for one worker only; only the holder may complete it', async () => {
    const request = await publish();
    const first = await fetchAndLock(request.topic, 'w1');
    expect(first.body).toMatchObject([{ id: request.id, status: 'LOCKED', workerId: 'w1' }]);
    expect((await fetchAndLock(request.topic, 'w2')).body).toEqual([]);
    const stranger = await engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w2' });
    expect(stranger.status).toBe(409);
    expect(stranger.body.detail).toMatch(/another worker holds its lock/);
    const done = await engine.post(`/worker-requests/${request.id}/complete`, {
      workerId: 'w1',
      result: { ok: 1 },
    });
    expect(done.body).toMatchObject({ status: 'COMPLETED', result: { ok: 1 } });
    expect((await engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w1' })).status).toBe(
      409,
    );
  });

  it('puts a failure with retries left back to PENDING for another delivery', async () => {
    const request = await publish(undefined, 2);
    await fetchAndLock(request.topic);
    const failed = await engine.post(`/worker-requests/${request.id}/failure`, {
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
    expect((await fetchAndLock(request.topic, 'w2')).body).toMatchObject([{ id: request.id, attempt: 2 }]);
  });

  it('fails for good when no retries remain: instance FAILED at the node, a WORKER incident reported', async () => {
    const { request, incident } = await failedRequestWithIncident();
    expect(incident).toMatchObject({
      source: 'WORKER',
      severity: 'HIGH',
      status: 'OPEN',
      nodeId: 'charge-card',
      message: 'Payment provider timed out',
      technicalDetails: 'SocketTimeoutException',
      externalReferenceId: `worker-request:${request.id}`,
    });
    expect((await engine.get(`/process-instances/${request.processInstanceId}`)).body).toMatchObject({
      status: 'FAILED',
      failedNodeId: 'charge-card',
    });
  });

  it('returns a request whose lock expired to PENDING', async () => {
    const request = await publish();
    await fetchAndLock(request.topic, 'w1', { lockDurationMs: 1000 });
    await new Promise((r) => setTimeout(r, 1100));
    await sweepExpiredLocks(t.database.db);
    expect((await engine.get(`/worker-requests/${request.id}`)).body).toMatchObject({
      status: 'PENDING',
      attempt: 2,
    });
    const late = await engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w1' });
    expect(late.status).toBe(409);
  });

  it('wakes a long-polling worker within milliseconds of a publish', async () => {
    const topic = unique('topic');
    await setup();
    const started = Date.now();
    const waiting = fetchAndLock(topic, 'w1', { waitMs: 10_000 });
    await new Promise((r) => setTimeout(r, 300));
    const publishedAt = Date.now();
    const request = await publish(topic);
    const got = await waiting;
    expect(got.body).toMatchObject([{ id: request.id }]);
    expect(Date.now() - publishedAt).toBeLessThan(1000);
    expect(publishedAt - started).toBeGreaterThanOrEqual(300);
  });

  it('answers an empty list when nothing is published within waitMs', async () => {
    await setup();
    const started = Date.now();
    expect((await fetchAndLock(unique('quiet'), 'w1', { waitMs: 400 })).body).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  describe('retry', () => {
    it('runs the whole loop: fail, incident, retry, a waiting worker is woken, completes, RESOLVED', async () => {
      const { request, incident } = await failedRequestWithIncident();
      await admin.post(`/incidents/${incident.id}/acknowledge`, {});
      const waiting = fetchAndLock(request.topic, 'w2', { waitMs: 10_000 });
      await new Promise((r) => setTimeout(r, 200));

      const retriedAt = Date.now();
      const retried = await admin.post(`/incidents/${incident.id}/retry`, {});
      expect(retried.status, retried.text).toBe(200);
      expect(retried.body.status).toBe('ACKNOWLEDGED'); // unchanged until the worker reports
      expect((await engine.get(`/process-instances/${request.processInstanceId}`)).body).toMatchObject({
        status: 'RUNNING',
        currentNodeId: 'charge-card',
      });

      const delivered = await waiting;
      expect(Date.now() - retriedAt).toBeLessThan(1000);
      expect(delivered.body).toMatchObject([
        { id: request.id, status: 'LOCKED', attempt: 2, retries: 1, errorMessage: null },
      ]);
      const [outbox] = rowsOf<{ attempt: number; delivered_at: Date | null; node_id: string }>(
        await t.database.db.execute(
          sql`select attempt, delivered_at, node_id from outbox where worker_request_id = ${request.id}`,
        ),
      );
      expect(outbox).toMatchObject({ attempt: 2, node_id: 'charge-card' });
      expect(outbox.delivered_at).not.toBeNull();

      expect((await admin.get(`/incidents/${incident.id}`)).body.status).toBe('ACKNOWLEDGED');
      await engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w2' });
      expect((await admin.get(`/incidents/${incident.id}`)).body).toMatchObject({
        status: 'RESOLVED',
        resolutionAction: 'RETRIED_SUCCESSFULLY',
        resolvedBy: adminName,
      });
      expect(await timeline(incident.id)).toEqual([
        'CREATED',
        'ACKNOWLEDGED',
        'RETRY_REQUESTED',
        'RETRY_SUCCEEDED',
        'RESOLVED',
      ]);
    });

    it('records a retry that fails again: RETRY_FAILED, OCCURRED_AGAIN, counted, back to OPEN', async () => {
      const { request, incident } = await failedRequestWithIncident();
      await admin.post(`/incidents/${incident.id}/acknowledge`, {});
      await admin.post(`/incidents/${incident.id}/retry`, { requestedBy: 'night-shift' });
      await fetchAndLock(request.topic);
      await engine.post(`/worker-requests/${request.id}/failure`, {
        workerId: 'w1',
        errorMessage: 'still down',
        retries: 0,
      });
      expect((await admin.get(`/incidents/${incident.id}`)).body).toMatchObject({
        status: 'OPEN',
        occurrenceCount: 2,
        acknowledgedBy: null,
        resolvedAt: null,
      });
      expect(await timeline(incident.id)).toEqual([
        'CREATED',
        'ACKNOWLEDGED',
        'RETRY_REQUESTED',
        'RETRY_FAILED',
        'OCCURRED_AGAIN',
      ]);
      expect((await admin.post(`/incidents/${incident.id}/retry`, {})).status).toBe(200);
    });

    it('refuses what is not retryable with 400 NOT_RETRYABLE saying why, changing nothing', async () => {
      await setup();
      const engineIncident = await engine.post('/incidents', {
        processInstanceId: 1,
        nodeId: 'n',
        source: 'PROCESS_ENGINE',
        severity: 'LOW',
        message: 'm',
        externalReferenceId: `job:${nextInstance++}`,
      });
      const wrongRef = await engine.post('/incidents', {
        processInstanceId: 1,
        nodeId: 'n',
        source: 'WORKER',
        severity: 'LOW',
        message: 'm',
        externalReferenceId: `job:${nextInstance++}`,
      });
      const ghost = await engine.post('/incidents', {
        processInstanceId: 1,
        nodeId: 'n',
        source: 'WORKER',
        severity: 'LOW',
        message: 'm',
        externalReferenceId: 'worker-request:987654321',
      });
      const { incident: retried } = await failedRequestWithIncident();
      await admin.post(`/incidents/${retried.id}/retry`, {});
      const { incident: resolved } = await failedRequestWithIncident();
      await admin.post(`/incidents/${resolved.id}/resolve`, {});

      const cases: [number, RegExp][] = [
        [engineIncident.body.id, /source PROCESS_ENGINE; only WORKER/],
        [wrongRef.body.id, /not to a worker request/],
        [ghost.body.id, /does not exist/],
        [retried.id, /PENDING, not FAILED: a retry is already under way/],
        [resolved.id, /is RESOLVED/],
      ];
      for (const [id, why] of cases) {
        const before = await timeline(id);
        const res = await admin.post(`/incidents/${id}/retry`, {});
        expect(res.status, res.text).toBe(400);
        expect(res.body.code).toBe('NOT_RETRYABLE');
        expect(res.body.detail).toMatch(why);
        expect(await timeline(id)).toEqual(before);
      }
      expect((await admin.post('/incidents/999999/retry', {})).status).toBe(404);
    });

    it('bulk retry answers a result per id', async () => {
      const { incident } = await failedRequestWithIncident();
      const res = await admin.post('/incidents/bulk/retry', { ids: [incident.id, incident.id, 999_999] });
      expect(res.body.results).toEqual([
        { id: incident.id, outcome: 'APPLIED' },
        {
          id: incident.id,
          outcome: 'SKIPPED',
          reason: 'NOT_RETRYABLE',
          detail: expect.stringMatching(/a retry is already under way/),
        },
        { id: 999_999, outcome: 'NOT_FOUND' },
      ]);
    });
  });

  it('needs ACCESS_ENGINE_API or ACCESS_BPM_ADMIN', async () => {
    const portal = t.as((await t.actor(['ACCESS_PROCESS_PORTAL'])).token);
    expect(
      (await portal.post('/worker-requests', { processInstanceId: 1, nodeId: 'n', topic: 'x' })).status,
    ).toBe(403);
    expect(
      (await t.as().post('/worker-requests/fetch-and-lock', { workerId: 'w', topics: ['x'] })).status,
    ).toBe(401);
    await setup();
    expect((await engine.post('/incidents/1/retry', {})).status).toBe(403);
  });
});
