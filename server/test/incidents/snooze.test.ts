// Snoozes over HTTP (docs/contract.md §6, "Snooze"): until a time, until more occurrences, or whichever comes
// first; replaced, cancelled, ended by a resolution; refused with a problem that changes nothing; what the
// system writes meanwhile held from notifications; each end written once, however many instances look.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { endDueSnoozes } from '../../services/incidents/snooze';
import { consoleCall, openConsoleSession } from '../support/console-session-helpers';
import { api, onPostgres } from '../support/helpers';
import { expectProblem, useTestApi, type Actor, type Client } from '../support/http-helpers';
import {
  act,
  eventsOf,
  expectIncidentShape,
  getIncident,
  incidentIn,
  list,
  report,
  reportBody,
  typesOf,
  withoutIncidentChange,
  type Incident,
  type ReportBody,
} from '../support/incident-helpers';
import { formatLocalDateTime } from '../../time';

const t = useTestApi();
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

/** A local date-time `ms` from now, as a request gives one (docs/contract.md §2). */
const inMs = (ms: number) => formatLocalDateTime(new Date(Date.now() + ms));
const HOUR = 3_600_000;

/** Each answer as of its own occurrence: snoozed before the one that reaches `wakesAt`, awake from it on. */
function expectEachAsOfItsOccurrence(answers: Incident[], wakesAt: number) {
  for (const answer of answers) {
    const asOf = `the answer of occurrence ${answer.occurrenceCount}`;
    if (answer.occurrenceCount < wakesAt)
      expect(answer, asOf).toMatchObject({
        snoozedAt: expect.any(String),
        snoozedBy: admin.username,
        snoozedUntilOccurrence: wakesAt,
      });
    else
      expect(answer, asOf).toMatchObject({
        snoozedAt: null,
        snoozedBy: null,
        snoozedUntil: null,
        snoozedUntilOccurrence: null,
      });
  }
}

async function snooze(id: number, body: unknown): Promise<Incident> {
  const res = await as.post(`/incidents/${id}/snooze`, body);
  expect(res.status, res.text).toBe(200);
  return res.body as Incident;
}

/** Whether each entry was held from notifications, by type, in timeline order. */
async function heldOf(id: number) {
  return rowsOf<{ event_type: string; held: boolean }>(
    await t.database.db.execute(
      sql`select event_type, held from incident_events where incident_id = ${id} order by id`,
    ),
  ).map((r) => [r.event_type, r.held]);
}

describe('POST /incidents/{id}/snooze', () => {
  it('until a time: who, when and until when, one SNOOZED entry, still listed', async () => {
    const incident = await report(as);
    const until = inMs(2 * HOUR);
    const snoozed = await snooze(incident.id, { until });
    expectIncidentShape(snoozed);
    expect(snoozed).toMatchObject({
      status: 'OPEN',
      snoozedBy: admin.username,
      snoozedUntil: until,
      snoozedUntilOccurrence: null,
    });
    expect(snoozed.snoozedAt).not.toBeNull();
    expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
      eventType: 'SNOOZED',
      actor: admin.username,
      message: `Snoozed by ${admin.username} until ${until}`,
    });
    const page = await list(as, `?q=${encodeURIComponent(incident.externalReferenceId)}`);
    expect(page.content).toEqual([snoozed]);
  });

  it('until more occurrences, or whichever comes first; a snooze set again replaces the one before', async () => {
    const incident = await report(as);
    const first = await snooze(incident.id, { occurrences: 3 });
    expect(first).toMatchObject({ snoozedUntil: null, snoozedUntilOccurrence: 4 });
    const until = inMs(HOUR);
    const second = await snooze(incident.id, { until, occurrences: 10 });
    expect(second).toMatchObject({ snoozedUntil: until, snoozedUntilOccurrence: 11 });
    expect((await eventsOf(as, incident.id)).at(-1)?.message).toBe(
      `Snoozed by ${admin.username} until ${until} or until it occurs 10 more times, whichever comes first`,
    );
  });

  it('an acknowledged incident stays acknowledged; a resolved one is a 409 and nothing changes', async () => {
    const acknowledged = await incidentIn(as, 'ACKNOWLEDGED');
    expect(await snooze(acknowledged.id, { occurrences: 1 })).toMatchObject({
      status: 'ACKNOWLEDGED',
      acknowledgedBy: acknowledged.acknowledgedBy,
    });
    const resolved = await incidentIn(as, 'RESOLVED');
    const res = await withoutIncidentChange(t, () =>
      as.post(`/incidents/${resolved.id}/snooze`, { occurrences: 1 }),
    );
    expectProblem(res, 409, 'INVALID_STATE');
    expect(res.body.detail).toContain('RESOLVED');
    expectProblem(
      await withoutIncidentChange(t, () => as.post('/incidents/987654321/snooze', { occurrences: 1 })),
      404,
      'NOT_FOUND',
    );
  });

  it.each([
    ['no end', {}, 'until'],
    ['a time past', { until: '2020-01-01T00:00:00' }, 'until'],
    ['a time too far', { until: 'FAR' }, 'until'],
    ['a time with an offset', { until: '2030-01-01T00:00:00Z' }, 'until'],
    ['not a real date', { until: '2030-02-30T00:00:00' }, 'until'],
    ['no occurrence', { occurrences: 0 }, 'occurrences'],
    ['a fraction', { occurrences: 1.5 }, 'occurrences'],
    ['a string', { occurrences: '5' }, 'occurrences'],
    ['too many', { occurrences: 1_000_001 }, 'occurrences'],
  ])('%s is a 400 naming the field, and nothing changes', async (_, body, field) => {
    const incident = await report(as);
    const sent = 'until' in body && body.until === 'FAR' ? { until: inMs(31 * 24 * HOUR) } : body;
    const res = await withoutIncidentChange(t, () => as.post(`/incidents/${incident.id}/snooze`, sent));
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('DELETE /incidents/{id}/snooze', () => {
  it('ends a snooze now, naming who; an incident not snoozed is a 409 and nothing changes', async () => {
    const incident = await report(as);
    await snooze(incident.id, { until: inMs(HOUR) });
    const res = await as.del(`/incidents/${incident.id}/snooze`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ snoozedAt: null, snoozedBy: null, snoozedUntil: null });
    expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
      eventType: 'SNOOZE_ENDED',
      actor: admin.username,
      message: `Snooze ended by ${admin.username}`,
    });
    const again = await withoutIncidentChange(t, () => as.del(`/incidents/${incident.id}/snooze`));
    expectProblem(again, 409, 'INVALID_STATE');
    expect(again.body.detail).toBe(`Incident ${incident.id} is not snoozed`);
  });

  it('resolving ends a snooze with the resolution; nothing is left to wake', async () => {
    const incident = await report(as);
    await snooze(incident.id, { until: inMs(HOUR), occurrences: 2 });
    expect(await act(as, 'resolve', incident.id, {})).toMatchObject({
      status: 'RESOLVED',
      snoozedAt: null,
      snoozedUntil: null,
      snoozedUntilOccurrence: null,
    });
    expect(typesOf(await eventsOf(as, incident.id))).toEqual(['CREATED', 'SNOOZED', 'RESOLVED']);
  });
});

describe('the end of a snooze', () => {
  it('at its occurrence: the reports before it held, the one that reaches it answered awake', async () => {
    const body = reportBody();
    const incident = await report(as, body);
    await snooze(incident.id, { occurrences: 3 });
    for (const count of [2, 3]) {
      const again = await as.post('/incidents', body);
      expect(again.body).toMatchObject({ occurrenceCount: count, snoozedUntilOccurrence: 4 });
    }
    const reached = await as.post('/incidents', body);
    expect(reached.body).toMatchObject({ occurrenceCount: 4, snoozedAt: null, snoozedUntilOccurrence: null });
    expect(await getIncident(as, incident.id)).toEqual(reached.body);
    const events = await eventsOf(as, incident.id);
    expect(events.at(-1)?.message).toBe(
      `Snooze ended: it occurred again while snoozed by ${admin.username} (4 times in all)`,
    );
    // Held: what the system wrote while it slept, the occurrence that woke it included. Not held: what
    // people did, and the end.
    expect(await heldOf(incident.id)).toEqual([
      ['CREATED', false],
      ['SNOOZED', false],
      ['OCCURRED_AGAIN', true],
      ['OCCURRED_AGAIN', true],
      ['OCCURRED_AGAIN', true],
      ['SNOOZE_ENDED', false],
    ]);
    const after = await as.post('/incidents', body);
    expect(after.body.occurrenceCount).toBe(5);
    expect((await heldOf(incident.id)).at(-1)).toEqual(['OCCURRED_AGAIN', false]);
  });

  it('at its occurrence in a batch: counted exactly, ended once, every answer as it was after that report', async () => {
    const body = reportBody();
    const incident = await report(as, body);
    await snooze(incident.id, { occurrences: 5 });
    const res = await as.post('/incidents/batch', { reports: Array.from({ length: 7 }, () => body) });
    expect(res.status, res.text).toBe(200);
    const answers = res.body.results.map((r: { incident: Incident }) => r.incident);
    expect(answers.map((a: Incident) => a.occurrenceCount)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    // The reports before the sixth occurrence were written while it slept; the sixth woke it.
    expect(answers.map((a: Incident) => a.snoozedUntilOccurrence)).toEqual([6, 6, 6, 6, null, null, null]);
    expectEachAsOfItsOccurrence(answers, 6);
    const now = await getIncident(as, incident.id);
    expect(now).toMatchObject({ occurrenceCount: 8, snoozedAt: null, snoozedUntilOccurrence: null });
    const types = typesOf(await eventsOf(as, incident.id));
    expect(types.filter((type) => type === 'SNOOZE_ENDED')).toHaveLength(1);
    expect(types.at(-1)).toBe('SNOOZE_ENDED');
  });

  it('at its occurrence among reports written together, on every way in: each answered as of its own occurrence', async () => {
    const post = (path: string, body: unknown, headers?: Record<string, string>) =>
      api(t.url, 'POST', path, { token: admin.token, body, headers });
    // A snoozed incident whose fifth occurrence from now wakes it, and the answers of `count` reports of it.
    const wakingAt = async (
      count: number,
      send: (body: ReportBody, count: number) => Promise<Incident[]>,
    ) => {
      const body = reportBody();
      const incident = await report(as, body);
      await snooze(incident.id, { occurrences: 5 });
      const answers = await send(body, count);
      expect(answers.map((a) => a.occurrenceCount).sort((a, b) => a - b)).toEqual(
        Array.from({ length: count }, (_, i) => i + 2),
      );
      expectEachAsOfItsOccurrence(answers, 6);
      const types = typesOf(await eventsOf(as, incident.id));
      expect(types.filter((type) => type === 'SNOOZE_ENDED')).toHaveLength(1);
      return answers;
    };
    const batchOf = (body: ReportBody, count: number) => ({
      reports: Array.from({ length: count }, () => body),
    });
    const resultsOf = (answer: { results: { incident: Incident }[] }) =>
      answer.results.map((r) => r.incident);

    // tRPC, one batch of reports.
    await wakingAt(7, async (body, count) => {
      const res = await post('/trpc/incidents.reportBatch', batchOf(body, count));
      expect(res.status, res.text).toBe(200);
      return resultsOf(res.body.result.data);
    });
    // The console's tRPC call (its cookie).
    const { cookie } = await openConsoleSession(t.database, admin.user);
    await wakingAt(7, async (body, count) => {
      const res = await consoleCall(t.url, cookie, 'incidents.reportBatch', batchOf(body, count));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return resultsOf(res.body.result.data);
    });
    // Batched tRPC: two batches of reports in one request.
    await wakingAt(8, async (body) => {
      const res = await post('/trpc/incidents.reportBatch,incidents.reportBatch?batch=1', {
        0: batchOf(body, 4),
        1: batchOf(body, 4),
      });
      expect(res.status, res.text).toBe(200);
      return res.body.flatMap((entry: { result: { data: { results: { incident: Incident }[] } } }) =>
        resultsOf(entry.result.data),
      );
    });
    // Batched tRPC of single reports, and single reports at once over REST with their Idempotency-Keys:
    // the reports that arrive while a batch is written are written together in the next one.
    await wakingAt(8, async (body, count) => {
      const inputs = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, body]));
      const res = await post(`/trpc/${Array(count).fill('incidents.report').join(',')}?batch=1`, inputs);
      expect(res.status, res.text).toBe(200);
      return res.body.map((entry: { result: { data: Incident } }) => entry.result.data);
    });
    const keys = Array.from({ length: 8 }, (_, i) => `snooze-wake-${Date.now()}-${i}`);
    let sent: ReportBody;
    const keyed = await wakingAt(8, async (body) => {
      sent = body;
      const answers = await Promise.all(
        keys.map((key) => post('/incidents', body, { 'idempotency-key': key })),
      );
      for (const res of answers) expect(res.status, res.text).toBe(200);
      return answers.map((res) => res.body as Incident);
    });
    // A key sent again is answered as its report was, as of its own occurrence.
    for (const [i, key] of keys.entries()) {
      const again = await post('/incidents', sent!, { 'idempotency-key': key });
      expect(again.body).toEqual(keyed[i]);
    }
  });

  it('at its time: ended by the clock, once, with the entry saying whose snooze it was', async () => {
    const incident = await report(as);
    await snooze(incident.id, { until: inMs(HOUR) });
    expect(await endDueSnoozes(t.database.db)).toBe(0);
    // Its time comes (moved, not waited for: a snooze a second ahead was due before a busy machine looked).
    const [due] = rowsOf<{ until: Date | string }>(
      await t.database.db.execute(
        sql`update incidents set snoozed_until = date_trunc('second', now()) - interval '1 second'
            where id = ${incident.id} returning snoozed_until as until`,
      ),
    );
    const until = formatLocalDateTime(new Date(due.until));
    // The clock of this test's server may have ended it already: either way, once.
    await endDueSnoozes(t.database.db);
    expect(await endDueSnoozes(t.database.db)).toBe(0);
    expect(await getIncident(as, incident.id)).toMatchObject({ snoozedAt: null, snoozedUntil: null });
    const ended = (await eventsOf(as, incident.id)).filter((e) => e.eventType === 'SNOOZE_ENDED');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({
      actor: null,
      message: `Snooze ended: ${admin.username}'s snooze until ${until} is over`,
    });
  });

  it.runIf(onPostgres)('ended once when several instances look at once', async () => {
    const incidents = await Promise.all(Array.from({ length: 40 }, () => report(as)));
    for (const incident of incidents) await snooze(incident.id, { until: inMs(HOUR) });
    const ids = incidents.map((i) => i.id);
    await t.database.db.execute(
      sql`update incidents set snoozed_until = now() - interval '1 second'
          where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`,
    );
    const ended = await Promise.all(Array.from({ length: 6 }, () => endDueSnoozes(t.database.db)));
    expect(ended.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(ids.length);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from incident_events where event_type = 'SNOOZE_ENDED'
            and incident_id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`,
      ),
    );
    expect(n).toBe(ids.length);
  });
});
