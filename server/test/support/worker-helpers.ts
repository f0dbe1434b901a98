// The worker protocol as an engine and a worker drive it over HTTP, for the tests of the protocol
// (workers.test.ts) and of retry (worker-incidents.test.ts).
import { expect } from 'vitest';
import { unique } from './helpers';
import type { Client, TestApi } from './http-helpers';

export function workerProtocol(t: TestApi) {
  let nextInstance = 10_000;
  const w = {
    /** An engine (ACCESS_ENGINE_API) and an administrator, after setup(). */
    engine: undefined as unknown as Client,
    admin: undefined as unknown as Client,
    adminName: '',

    async setup() {
      if (w.engine) return;
      w.engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
      const a = await t.admin();
      w.admin = t.as(a.token);
      w.adminName = a.username;
    },

    async publish(
      topic = unique('topic'),
      retries = 1,
      payload: Record<string, unknown> = { orderId: 'ORD-1' },
    ) {
      await w.setup();
      const res = await w.engine.post('/worker-requests', {
        processInstanceId: nextInstance++,
        nodeId: 'charge-card',
        topic,
        payload,
        retries,
      });
      expect(res.status, res.text).toBe(200);
      return res.body as { id: number; topic: string; processInstanceId: number; attempt: number };
    },

    fetchAndLock: (topic: string, workerId = 'w1', extra: Record<string, unknown> = {}) =>
      w.engine.post('/worker-requests/fetch-and-lock', { workerId, topics: [topic], ...extra }),

    /** Publishes a request and fails it for good: a FAILED request and its WORKER incident. */
    async failedRequestWithIncident(topic = unique('topic'), payload?: Record<string, unknown>) {
      const request = await w.publish(topic, 1, payload);
      expect((await w.fetchAndLock(topic)).body).toHaveLength(1);
      const failed = await w.engine.post(`/worker-requests/${request.id}/failure`, {
        workerId: 'w1',
        errorMessage: 'Payment provider timed out',
        errorDetails: 'SocketTimeoutException',
        retries: 0,
      });
      expect(failed.body.status).toBe('FAILED');
      const list = await w.admin.get(`/incidents?processInstanceId=${request.processInstanceId}`);
      return {
        request,
        incident: list.body.content[0] as {
          id: number;
          status: string;
          retryable: boolean;
          externalReferenceId: string;
        },
      };
    },

    /** A distinct process instance id for a test's own report. */
    nextInstance: () => nextInstance++,

    timeline: async (incidentId: number) =>
      (await w.admin.get(`/incidents/${incidentId}/events`)).body.map(
        (e: { eventType: string }) => e.eventType,
      ),
  };
  return w;
}
