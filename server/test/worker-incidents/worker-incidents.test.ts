// Retry of a WORKER incident and what the worker's outcome does to it, over HTTP
// (server/services/worker-incidents/): the worker request reset and republished, the incident resolved
// when it completes, reopened and counted again when it fails for good.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { useTestApi } from '../support/http-helpers';
import { workerProtocol } from '../support/worker-helpers';

describe('retry', () => {
  const t = useTestApi();
  const w = workerProtocol(t);

  it('runs the whole loop: fail, incident, retry, a waiting worker is woken, completes, RESOLVED', async () => {
    const { request, incident } = await w.failedRequestWithIncident();
    await w.admin.post(`/incidents/${incident.id}/acknowledge`, {});
    const waitMs = 30_000;
    const waiting = w.fetchAndLock(request.topic, 'w2', { waitMs });
    await new Promise((r) => setTimeout(r, 200));

    const retriedAt = Date.now();
    const retried = await w.admin.post(`/incidents/${incident.id}/retry`, {});
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.status).toBe('ACKNOWLEDGED'); // unchanged until the worker reports
    expect((await w.engine.get(`/process-instances/${request.processInstanceId}`)).body).toMatchObject({
      status: 'RUNNING',
      currentNodeId: 'charge-card',
    });

    const delivered = await waiting;
    // Woken by the retry, not answered at the end of its wait.
    expect(Date.now() - retriedAt).toBeLessThan(waitMs - 200);
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

    expect((await w.admin.get(`/incidents/${incident.id}`)).body.status).toBe('ACKNOWLEDGED');
    await w.engine.post(`/worker-requests/${request.id}/complete`, { workerId: 'w2' });
    expect((await w.admin.get(`/incidents/${incident.id}`)).body).toMatchObject({
      status: 'RESOLVED',
      resolutionAction: 'RETRIED_SUCCESSFULLY',
      resolvedBy: w.adminName,
    });
    expect(await w.timeline(incident.id)).toEqual([
      'CREATED',
      'ACKNOWLEDGED',
      'RETRY_REQUESTED',
      'RETRY_SUCCEEDED',
      'RESOLVED',
    ]);
  });

  it('records a retry that fails again: RETRY_FAILED, OCCURRED_AGAIN, counted, back to OPEN', async () => {
    const { request, incident } = await w.failedRequestWithIncident();
    await w.admin.post(`/incidents/${incident.id}/acknowledge`, {});
    await w.admin.post(`/incidents/${incident.id}/retry`, { requestedBy: 'night-shift' });
    await w.fetchAndLock(request.topic);
    await w.engine.post(`/worker-requests/${request.id}/failure`, {
      workerId: 'w1',
      errorMessage: 'still down',
      retries: 0,
    });
    expect((await w.admin.get(`/incidents/${incident.id}`)).body).toMatchObject({
      status: 'OPEN',
      occurrenceCount: 2,
      acknowledgedBy: null,
      resolvedAt: null,
    });
    expect(await w.timeline(incident.id)).toEqual([
      'CREATED',
      'ACKNOWLEDGED',
      'RETRY_REQUESTED',
      'RETRY_FAILED',
      'OCCURRED_AGAIN',
    ]);
    expect((await w.admin.post(`/incidents/${incident.id}/retry`, {})).status).toBe(200);
  });

  it('refuses what is not retryable with 400 NOT_RETRYABLE saying why, changing nothing', async () => {
    await w.setup();
    const engineIncident = await w.engine.post('/incidents', {
      processInstanceId: 1,
      nodeId: 'n',
      source: 'PROCESS_ENGINE',
      severity: 'LOW',
      message: 'm',
      externalReferenceId: `job:${w.nextInstance()}`,
    });
    const wrongRef = await w.engine.post('/incidents', {
      processInstanceId: 1,
      nodeId: 'n',
      source: 'WORKER',
      severity: 'LOW',
      message: 'm',
      externalReferenceId: `job:${w.nextInstance()}`,
    });
    const ghost = await w.engine.post('/incidents', {
      processInstanceId: 1,
      nodeId: 'n',
      source: 'WORKER',
      severity: 'LOW',
      message: 'm',
      externalReferenceId: 'worker-request:987654321',
    });
    const { incident: retried } = await w.failedRequestWithIncident();
    await w.admin.post(`/incidents/${retried.id}/retry`, {});
    const { incident: resolved } = await w.failedRequestWithIncident();
    await w.admin.post(`/incidents/${resolved.id}/resolve`, {});

    const cases: [number, RegExp][] = [
      [engineIncident.body.id, /source PROCESS_ENGINE; only WORKER/],
      [wrongRef.body.id, /not to a worker request/],
      [ghost.body.id, /does not exist/],
      [retried.id, /PENDING, not FAILED: a retry is already under way/],
      [resolved.id, /is RESOLVED/],
    ];
    for (const [id, why] of cases) {
      // the API says beforehand that a retry cannot work
      expect((await w.admin.get(`/incidents/${id}`)).body.retryable, String(why)).toBe(false);
      const before = await w.timeline(id);
      const res = await w.admin.post(`/incidents/${id}/retry`, {});
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('NOT_RETRYABLE');
      expect(res.body.detail).toMatch(why);
      expect(await w.timeline(id)).toEqual(before);
    }
    expect((await w.admin.post('/incidents/999999/retry', {})).status).toBe(404);
  });

  it('says per incident whether a retry can work: true exactly while the request is FAILED and the incident unresolved', async () => {
    const { request, incident } = await w.failedRequestWithIncident();
    expect(incident.retryable).toBe(true);
    expect((await w.admin.get(`/incidents/${incident.id}`)).body.retryable).toBe(true);
    const listed = await w.admin.get(`/incidents?q=${encodeURIComponent(incident.externalReferenceId)}`);
    expect(listed.body.content.map((i: { id: number; retryable: boolean }) => [i.id, i.retryable])).toEqual([
      [incident.id, true],
    ]);
    const ofInstance = await w.admin.get(`/incidents/process-instances/${request.processInstanceId}`);
    expect(ofInstance.body.find((i: { id: number }) => i.id === incident.id).retryable).toBe(true);
    const acknowledged = await w.admin.post(`/incidents/${incident.id}/acknowledge`, {});
    expect(acknowledged.body.retryable).toBe(true);
    const retried = await w.admin.post(`/incidents/${incident.id}/retry`, {});
    expect(retried.body.retryable).toBe(false); // under way: a second retry would be refused
    expect((await w.admin.post(`/incidents/${incident.id}/retry`, {})).status).toBe(400);
  });

  it('bulk retry answers a result per id', async () => {
    const { incident } = await w.failedRequestWithIncident();
    const res = await w.admin.post('/incidents/bulk/retry', { ids: [incident.id, incident.id, 999_999] });
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
