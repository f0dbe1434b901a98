// Request ids and trace context on every answer (server/observability/observe-requests.ts), without OpenTelemetry loaded:
// the caller's X-Request-Id when sane, else a new one; a valid traceparent answered in traceresponse, and
// kept on the timeline entries the request writes, whichever entry point it came through.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { parseTraceparent } from '../../observability/tracing';
import { api, unique } from '../support/helpers';
import { useTestApi } from '../support/http-helpers';
import { workerProtocol } from '../support/worker-helpers';

const t = useTestApi();
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('X-Request-Id', () => {
  it('is answered on success and on problem answers: the one sent when sane, else a new one', async () => {
    const sane = `order-7:${hex(4)}/retry.2`;
    for (const path of ['/api/health', '/api/incidents', '/api/no-such-path']) {
      const echoed = await fetch(`${t.url}${path}`, { headers: { 'x-request-id': sane } });
      expect(echoed.headers.get('x-request-id')).toBe(sane);
      const made = await fetch(`${t.url}${path}`);
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const problem = await fetch(`${t.url}/api/incidents`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(problem.status).toBe(401);
    expect(problem.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('traceparent', () => {
  it('is answered in traceresponse with the same trace id and a span of this request', async () => {
    const traceId = hex(16);
    const parentId = hex(8);
    const res = await fetch(`${t.url}/api/health`, {
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    const answered = parseTraceparent(res.headers.get('traceresponse') ?? undefined);
    expect(answered).toMatchObject({ traceId, flags: '01' });
    expect(answered!.parentId).not.toBe(parentId);
  });

  it('is ignored when malformed', async () => {
    const malformed = [
      `00-${'0'.repeat(32)}-${hex(8)}-01`,
      `00-${hex(16)}-${'0'.repeat(16)}-01`,
      `ff-${hex(16)}-${hex(8)}-01`,
      `00-${hex(16).toUpperCase()}-${hex(8)}-01`,
      `00-${hex(16)}-${hex(8)}-01-extra`,
      `00-${hex(15)}-${hex(8)}-01`,
    ];
    for (const traceparent of malformed) {
      expect(parseTraceparent(traceparent), traceparent).toBeUndefined();
      const res = await fetch(`${t.url}/api/health`, { headers: { traceparent } });
      expect(res.headers.get('traceresponse'), traceparent).toBeNull();
    }
    expect(parseTraceparent(`01-${hex(16)}-${hex(8)}-01-future-field`)).toBeDefined();
  });
});

describe('the trace context of a request that writes the timeline', () => {
  const w = workerProtocol(t);
  /** The request's own span, as it answered it in traceresponse. */
  const spanOf = (res: { headers: Headers }) => {
    const span = res.headers.get('traceresponse');
    expect(span).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    return span!;
  };
  const traced = () => ({ traceparent: `00-${hex(16)}-${hex(8)}-01` });
  const timeline = async (incidentId: number) =>
    rowsOf<{ event_type: string; traceparent: string | null }>(
      await t.database.db.execute(
        sql`select event_type, traceparent from incident_events where incident_id = ${incidentId} order by id`,
      ),
    ).map((row) => [row.event_type, row.traceparent]);

  it('is kept on each entry, through REST, tRPC batched and the Camunda worker protocol alike', async () => {
    const engineToken = (await t.actor(['ACCESS_ENGINE_API'])).token;
    const admin = await t.admin();
    // REST: a report, then an untraced acknowledge.
    const reported = await api(t.url, 'POST', '/incidents', {
      token: engineToken,
      headers: traced(),
      body: {
        processInstanceId: 7,
        nodeId: 'Task_Traced',
        source: 'PROCESS_ENGINE',
        severity: 'HIGH',
        message: 'traced through every entry point',
        externalReferenceId: `order:${Date.now()}`,
      },
    });
    expect(reported.status, reported.text).toBe(200);
    const id = reported.body.id as number;
    expect((await api(t.url, 'POST', `/incidents/${id}/acknowledge`, { token: admin.token })).status).toBe(
      200,
    );
    // tRPC, two mutations in one batch (tRPC runs them concurrently, so their entries come in either order):
    // both keep the batch request's span.
    const batch = await fetch(`${t.url}/api/trpc/incidents.addNote,incidents.resolve?batch=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', ...traced() },
      body: JSON.stringify({
        0: { id, text: 'looked at it' },
        1: { id, resolutionAction: 'FIXED_MANUALLY' },
      }),
    });
    expect(batch.status, await batch.clone().text()).toBe(200);
    const entries = await timeline(id);
    expect(entries.slice(0, 2)).toEqual([
      ['CREATED', spanOf(reported)],
      ['ACKNOWLEDGED', null],
    ]);
    expect(entries.slice(2).sort()).toEqual([
      ['NOTE_ADDED', spanOf(batch)],
      ['RESOLVED', spanOf(batch)],
    ]);

    // The Camunda protocol: a worker's failure for good reports a WORKER incident.
    const topic = unique('traced-topic');
    const request = await w.publish(topic, 1);
    const locked = await api(t.url, 'POST', '/engine-rest/external-task/fetchAndLock', {
      token: engineToken,
      body: { workerId: 'cw1', maxTasks: 1, topics: [{ topicName: topic, lockDuration: 20_000 }] },
    });
    expect(locked.body).toHaveLength(1);
    const failed = await api(t.url, 'POST', `/engine-rest/external-task/${request.id}/failure`, {
      token: engineToken,
      headers: traced(),
      body: { workerId: 'cw1', errorMessage: 'traced failure', retries: 0 },
    });
    expect(failed.status, failed.text).toBe(204);
    const incidents = await api(t.url, 'GET', `/incidents?processInstanceId=${request.processInstanceId}`, {
      token: admin.token,
    });
    expect(await timeline(incidents.body.content[0].id)).toEqual([['CREATED', spanOf(failed)]]);
  });
});
