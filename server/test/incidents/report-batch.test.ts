// POST /api/incidents/batch (docs/contract.md §8): up to 500 reports in one request, one result
// per report in order; a bad report is its own problem and writes nothing, the others go in. Real server,
// real database, real tokens; over REST and tRPC.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { getOpenApiDocument } from '../../transport/openapi';
import { callerWith } from '../support/helpers';
import { expectProblem, useTestApi, type Client } from '../support/http-helpers';
import { act, eventsOf, getIncident, newReference, report, reportBody } from '../support/incident-helpers';

describe('POST /api/incidents/batch', () => {
  const t = useTestApi();
  let engine: Client;
  let engineToken: string;
  let admin: Client;
  beforeAll(async () => {
    engineToken = (await t.actor(['ACCESS_ENGINE_API'])).token;
    engine = t.as(engineToken);
    admin = t.as((await t.admin()).token);
  });

  /** How many incidents hold each of these references. */
  const stored = async (references: string[]) => {
    const rows = rowsOf<{ ref: string; n: number }>(
      await t.database.db.execute(
        sql`select external_reference_id as ref, count(*)::int as n from incidents
            where external_reference_id in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))
            group by 1`,
      ),
    );
    return Object.fromEntries(references.map((r) => [r, rows.find((row) => row.ref === r)?.n ?? 0]));
  };

  it('answers one result per report, in order: created, occurred again, reopened, or rejected with its problem', async () => {
    const open = await report(admin);
    const resolved = await report(admin);
    await act(admin, 'resolve', resolved.id, {});
    const fresh = newReference();
    const invalidRef = newReference();
    const reports = [
      reportBody({ externalReferenceId: fresh }),
      reportBody({ externalReferenceId: open.externalReferenceId, source: open.source }),
      { ...reportBody({ externalReferenceId: invalidRef }), message: '   ' },
      reportBody({ externalReferenceId: fresh }),
      reportBody({ externalReferenceId: resolved.externalReferenceId, source: resolved.source }),
      'not a report',
      { ...reportBody(), severity: 'APOCALYPTIC' },
    ];
    const res = await engine.post('/incidents/batch', { reports });
    expect(res.status, res.text).toBe(200);
    const results = res.body.results as {
      index: number;
      outcome: string;
      incident?: { id: number; occurrenceCount: number; status: string };
      problem?: { status: number; code: string; errors: { field: string }[] };
    }[];
    expect(results.map((r) => [r.index, r.outcome])).toEqual([
      [0, 'CREATED'],
      [1, 'OCCURRED_AGAIN'],
      [2, 'REJECTED'],
      [3, 'OCCURRED_AGAIN'],
      [4, 'REOPENED'],
      [5, 'REJECTED'],
      [6, 'REJECTED'],
    ]);
    expect(results[0].incident).toMatchObject({ occurrenceCount: 1, status: 'OPEN' });
    expect(results[3].incident).toMatchObject({ id: results[0].incident!.id, occurrenceCount: 2 });
    expect(results[1].incident).toMatchObject({ id: open.id, occurrenceCount: 2 });
    expect(results[4].incident).toMatchObject({ id: resolved.id, status: 'OPEN', occurrenceCount: 2 });
    for (const i of [2, 5, 6]) {
      expect(results[i].incident).toBeUndefined();
      expect(results[i].problem).toMatchObject({
        type: 'about:blank',
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(results[2].problem!.errors.map((e) => e.field)).toEqual(['reports.2.message']);
    expect(results[6].problem!.errors.map((e) => e.field)).toEqual(['reports.6.severity']);
    // A rejected report wrote nothing; the others are what their results say.
    expect(await stored([fresh, invalidRef])).toEqual({ [fresh]: 1, [invalidRef]: 0 });
    expect(await getIncident(admin, results[0].incident!.id)).toMatchObject({ occurrenceCount: 2 });
    expect((await eventsOf(admin, resolved.id)).map((e) => e.eventType)).toEqual([
      'CREATED',
      'RESOLVED',
      'REOPENED',
    ]);
  });

  it('takes 500 reports of up to 1 MiB, and refuses 501, none, or a larger body, writing nothing', async () => {
    const references = Array.from({ length: 500 }, () => newReference());
    const long = 'x'.repeat(1500);
    const res = await engine.post('/incidents/batch', {
      reports: references.map((externalReferenceId) => reportBody({ externalReferenceId, message: long })),
    });
    expect(res.status, res.text).toBe(200);
    expect(new Set((res.body.results as { outcome: string }[]).map((r) => r.outcome))).toEqual(
      new Set(['CREATED']),
    );
    expect(Object.values(await stored(references)).every((n) => n === 1)).toBe(true);

    const more = Array.from({ length: 501 }, () => newReference());
    expectProblem(
      await engine.post('/incidents/batch', {
        reports: more.map((externalReferenceId) => reportBody({ externalReferenceId })),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(await engine.post('/incidents/batch', { reports: [] }), 400, 'VALIDATION_FAILED');
    expectProblem(await engine.post('/incidents/batch', {}), 400, 'VALIDATION_FAILED');
    const huge = Array.from({ length: 300 }, () => newReference());
    expectProblem(
      await engine.post('/incidents/batch', {
        reports: huge.map((externalReferenceId) =>
          reportBody({ externalReferenceId, message: 'y'.repeat(3900) }),
        ),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(Object.values(await stored([...more, ...huge])).every((n) => n === 0)).toBe(true);
  });

  it('holds the rules of every entry point: authentication, permission, hostile keys', async () => {
    const ref = newReference();
    const body = { reports: [reportBody({ externalReferenceId: ref })] };
    expectProblem(await t.as(undefined).post('/incidents/batch', body), 401, 'UNAUTHENTICATED');
    const stranger = t.as((await t.actor([])).token);
    expectProblem(await stranger.post('/incidents/batch', body), 403, 'FORBIDDEN');
    // A key naming a prototype inside a report refuses the whole body, as everywhere (server/transport/input-guard.ts).
    const hostile = `{"reports":[{"processInstanceId":1,"nodeId":"n","source":"PROCESS_ENGINE","severity":"HIGH","message":"m","externalReferenceId":"${ref}","__proto__":{"severity":"LOW"}}]}`;
    const res = await t.call('POST', '/incidents/batch', {
      token: engineToken,
      rawBody: hostile,
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(await stored([ref])).toEqual({ [ref]: 0 });
  });

  it('is the same operation over tRPC', async () => {
    const caller = await callerWith(t.database, `Bearer ${engineToken}`);
    const ref = newReference();
    const answer = await caller.incidents.reportBatch({
      reports: [reportBody({ externalReferenceId: ref }), reportBody({ externalReferenceId: ref }), {}],
    });
    expect(answer.results.map((r) => r.outcome)).toEqual(['CREATED', 'OCCURRED_AGAIN', 'REJECTED']);
    expect(await stored([ref])).toEqual({ [ref]: 1 });
  });

  it('is in the OpenAPI document, each report described as POST /incidents takes one', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const document = getOpenApiDocument() as any;
    const operation = document.paths['/incidents/batch'].post;
    expect(operation.operationId).toBe('reportIncidents');
    const items = operation.requestBody.content['application/json'].schema.properties.reports.items;
    expect(items).toMatchObject({
      type: 'object',
      required: ['processInstanceId', 'nodeId', 'source', 'severity', 'message', 'externalReferenceId'],
    });
    expect(items.properties).toEqual(
      document.paths['/incidents'].post.requestBody.content['application/json'].schema.properties,
    );
    expect(JSON.stringify(operation.responses['200'])).toContain('#/components/schemas/ReportBatchResult');
    expect(document.components.schemas.ReportBatchResult.properties.results.items.properties.problem).toEqual(
      {
        $ref: '#/components/schemas/Problem',
      },
    );
    expect(operation.responses['413'].description).toBe('Request body over 1 MiB');
  });
});
