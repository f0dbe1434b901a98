// The published Camunda 7 external-task client (camunda-external-task-client-js, unmodified) as a worker of
// the service (docs/contract.md §8, Camunda 7 external tasks): it completes requests, fails one for good, the
// incident's retry reaches it again, and the incident resolves as RETRIED_SUCCESSFULLY.
import { Client, Variables } from 'camunda-external-task-client-js';
import { afterEach, describe, expect, it } from 'vitest';
import { unique } from '../support/helpers';
import { useTestApi } from '../support/http-helpers';
import { workerProtocol } from '../support/worker-helpers';

/** Polls `read` until `done` holds of its value (or the time runs out, failing with the last value). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('camunda-external-task-client-js against /api/engine-rest', () => {
  const t = useTestApi();
  const w = workerProtocol(t);
  let client: Client | undefined;
  afterEach(() => client?.stop());

  it('completes requests, fails one into an incident, and completes its retry', async () => {
    await w.setup();
    const topic = unique('camunda');
    const publish = async (payload: Record<string, unknown>, retries = 1) => {
      const res = await w.engine.post('/worker-requests', {
        processInstanceId: w.nextInstance(),
        nodeId: 'charge-card',
        topic,
        payload,
        retries,
      });
      expect(res.status, res.text).toBe(200);
      return res.body as { id: number; processInstanceId: number };
    };
    const first = await publish({ orderId: 'ORD-1', amount: 12.5, items: [{ sku: 'A', qty: 2 }] });
    const second = await publish({ orderId: 'ORD-2', amount: 3, express: true });
    const failing = await publish({ orderId: 'ORD-3', fail: true });
    const declined = await publish({ orderId: 'ORD-4', declined: true });

    const token = (await t.actor(['ACCESS_ENGINE_API'])).token;
    const seen: { id: string; variables: Record<string, unknown>; retries: number | null }[] = [];
    let failedOnce = false;
    const extendedLocks = new Map<string, number>();
    client = new Client({
      baseUrl: `${t.url}/api/engine-rest`,
      workerId: 'camunda-worker',
      asyncResponseTimeout: 5_000,
      lockDuration: 30_000,
      // The client's own extension point for headers: a function from the request options to new ones.
      interceptors: (config: { headers?: Record<string, string> }) => ({
        ...config,
        headers: { ...config.headers, Authorization: `Bearer ${token}` },
      }),
    });
    client.subscribe(topic, async ({ task, taskService }) => {
      const handled = task;
      const variables = handled.variables.getAll();
      seen.push({ id: handled.id, variables, retries: handled.retries });
      if (variables.fail && !failedOnce) {
        failedOnce = true;
        await taskService.handleFailure(task, {
          errorMessage: 'Payment provider timed out',
          errorDetails: 'SocketTimeoutException at charge()',
          retries: 0,
          retryTimeout: 0,
        });
        return;
      }
      if (variables.declined) {
        const why = new Variables().set('reason', 'limit');
        await taskService.handleBpmnError(task, 'CARD_DECLINED', 'Card declined', why);
        return;
      }
      // The client's own lock operations, against the service's lock.
      await taskService.extendLock(task, 120_000);
      const held = await w.engine.get(`/worker-requests/${task.id}`);
      extendedLocks.set(task.id, Date.parse(`${held.body.lockExpiresAt}Z`));
      const out = new Variables();
      out.set('charged', true);
      out.set('receipt', { number: `R-${variables.orderId}`, lines: 1 });
      out.setTyped('total', { type: 'Double', value: 12.5, valueInfo: {} });
      await taskService.complete(task, out);
    });

    // Two complete, one fails for good: its incident appears through the service's own API.
    const request = (id: number) => w.engine.get(`/worker-requests/${id}`);
    const incidentOf = async () =>
      (await w.admin.get(`/incidents?processInstanceId=${failing.processInstanceId}`)).body.content[0] as
        { id: number; status: string; message: string; resolutionAction: string | null } | undefined;
    const incident = await eventually(incidentOf, (i) => i !== undefined);
    expect(incident).toMatchObject({ status: 'OPEN', message: 'Payment provider timed out' });
    for (const { id } of [first, second]) {
      const done = await eventually(
        () => request(id),
        (r) => r.body.status === 'COMPLETED',
      );
      expect(done.body).toMatchObject({
        status: 'COMPLETED',
        workerId: 'camunda-worker',
        result: { charged: true, total: 12.5, receipt: { lines: 1 } },
      });
    }
    expect(
      (
        await eventually(
          () => request(declined.id),
          (r) => r.body.status === 'COMPLETED',
        )
      ).body.result,
    ).toEqual({ reason: 'limit', bpmnError: { errorCode: 'CARD_DECLINED', errorMessage: 'Card declined' } });
    // extendLock moved the lock from 30 s to 120 s from then (timestamps are UTC in the tests).
    for (const { id } of [first, second]) {
      expect(extendedLocks.get(String(id))! - Date.now()).toBeGreaterThan(90_000);
    }
    expect((await request(failing.id)).body).toMatchObject({
      status: 'FAILED',
      errorDetails: 'SocketTimeoutException at charge()',
    });
    expect((await w.engine.get(`/process-instances/${failing.processInstanceId}`)).body.status).toBe(
      'FAILED',
    );
    // The payload reached the worker as typed variables, objects as Json.
    expect(seen.find((s) => s.id === String(first.id))?.variables).toEqual({
      orderId: 'ORD-1',
      amount: 12.5,
      items: [{ sku: 'A', qty: 2 }],
    });

    // The retry (service API) republishes the request to the same waiting client, which completes it now.
    const retried = await w.admin.post(`/incidents/${incident!.id}/retry`, {});
    expect(retried.status, retried.text).toBe(200);
    const resolved = await eventually(incidentOf, (i) => i?.status === 'RESOLVED');
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolutionAction: 'RETRIED_SUCCESSFULLY' });
    expect(seen.filter((s) => s.id === String(failing.id))).toHaveLength(2);
    expect((await request(failing.id)).body).toMatchObject({
      status: 'COMPLETED',
      result: { charged: true, receipt: { number: 'R-ORD-3' } },
    });
    expect(await w.timeline(incident!.id)).toEqual([
      'CREATED',
      'RETRY_REQUESTED',
      'RETRY_SUCCEEDED',
      'RESOLVED',
    ]);
    expect((await w.engine.get(`/process-instances/${failing.processInstanceId}`)).body.status).toBe(
      'RUNNING',
    );
  });

  it('receives the corrected payload of a retry as variables, and the incident resolves when it completes', async () => {
    await w.setup();
    const topic = unique('camunda-fix');
    const published = await w.engine.post('/worker-requests', {
      processInstanceId: w.nextInstance(),
      nodeId: 'charge-card',
      topic,
      payload: { orderId: 'ORD-9', amount: -5, customer: { id: 'C-1' } },
      retries: 1,
    });
    const { id, processInstanceId } = published.body as { id: number; processInstanceId: number };
    const token = (await t.actor(['ACCESS_ENGINE_API'])).token;
    const seen: Record<string, unknown>[] = [];
    client = new Client({
      baseUrl: `${t.url}/api/engine-rest`,
      workerId: 'camunda-worker',
      asyncResponseTimeout: 5_000,
      interceptors: (config: { headers?: Record<string, string> }) => ({
        ...config,
        headers: { ...config.headers, Authorization: `Bearer ${token}` },
      }),
    });
    client.subscribe(topic, async ({ task, taskService }) => {
      const variables = task.variables.getAll();
      seen.push(variables);
      if ((variables.amount as number) < 0) {
        await taskService.handleFailure(task, {
          errorMessage: 'Amount must be positive',
          retries: 0,
          retryTimeout: 0,
        });
      } else {
        await taskService.complete(task, new Variables().set('charged', variables.amount));
      }
    });

    const incidentOf = async () =>
      (await w.admin.get(`/incidents?processInstanceId=${processInstanceId}`)).body.content[0] as
        { id: number; status: string; resolutionAction: string | null } | undefined;
    const incident = (await eventually(incidentOf, (i) => i !== undefined))!;
    const { payloadVersion } = (await w.admin.get(`/incidents/${incident.id}/payload`)).body;
    const retried = await w.admin.post(`/incidents/${incident.id}/retry`, {
      payloadPatch: { amount: 5, customer: { tier: 'gold' } },
      payloadVersion,
    });
    expect(retried.status, retried.text).toBe(200);

    const resolved = await eventually(incidentOf, (i) => i?.status === 'RESOLVED');
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolutionAction: 'RETRIED_SUCCESSFULLY' });
    expect(seen).toEqual([
      { orderId: 'ORD-9', amount: -5, customer: { id: 'C-1' } },
      { orderId: 'ORD-9', amount: 5, customer: { id: 'C-1', tier: 'gold' } },
    ]);
    expect((await w.engine.get(`/worker-requests/${id}`)).body).toMatchObject({
      status: 'COMPLETED',
      result: { charged: 5 },
    });
  });
});
