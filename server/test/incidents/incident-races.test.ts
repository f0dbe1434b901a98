// Concurrent real HTTP requests on the incident API against PostgreSQL (docs/contract.md §6 and §8): each
// transition is one atomic conditional update, and concurrent reports never make two incidents or reopen
// one twice. (PGlite has one connection and cannot race; these run on PostgreSQL only.)
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { onPostgres } from '../support/helpers';
import { useTestApi, type ApiResponse, type Client } from '../support/http-helpers';
import {
  act,
  eventsOf,
  getIncident,
  list,
  newReference,
  occurrencesIn,
  report,
  reportBody,
  typesOf,
  type IncidentEvent,
} from '../support/incident-helpers';

const count = (events: IncidentEvent[], type: string) => events.filter((e) => e.eventType === type).length;
const statuses = (results: ApiResponse[]) => results.map((r) => r.status).sort((a, b) => a - b);

describe.runIf(onPostgres)('incident races on PostgreSQL', () => {
  const t = useTestApi();
  let as: Client;
  let adminName: string;
  beforeAll(async () => {
    const admin = await t.admin();
    adminName = admin.username;
    as = t.as(admin.token);
  });

  const parallel = (n: number, request: (i: number) => Promise<ApiResponse>) =>
    Promise.all(Array.from({ length: n }, (_, i) => request(i)));

  it('30 parallel acknowledges of one OPEN incident: one 200, 29 409 INVALID_STATE, one timeline entry', async () => {
    const incident = await report(as);
    const results = await parallel(30, (i) =>
      as.post(`/incidents/${incident.id}/acknowledge`, { acknowledgedBy: `racer.${i}` }),
    );
    expect(statuses(results)).toEqual([200, ...Array(29).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(res.body.code).toBe('INVALID_STATE');
      expect(res.body.detail).toContain('ACKNOWLEDGED');
    }
    const winner = results.find((r) => r.status === 200)!;
    const events = await eventsOf(as, incident.id);
    expect(typesOf(events)).toEqual(['CREATED', 'ACKNOWLEDGED']);
    expect(events[1].actor).toBe(winner.body.acknowledgedBy);
    expect(await getIncident(as, incident.id)).toEqual(winner.body);
  });

  it('20 parallel unacknowledges and 20 acknowledges of one ACKNOWLEDGED incident: entries alternate, the last state wins', async () => {
    const incident = await report(as);
    await act(as, 'acknowledge', incident.id);
    const results = await parallel(40, (i) =>
      as.post(`/incidents/${incident.id}/${i % 2 ? 'acknowledge' : 'unacknowledge'}`, undefined),
    );
    for (const res of results) {
      expect([200, 409], res.text).toContain(res.status);
      if (res.status === 409) expect(res.body.code).toBe('INVALID_STATE');
    }
    // Each success moved the state one step: the timeline alternates, and the incident is where it ended.
    const changes = typesOf(await eventsOf(as, incident.id)).slice(2);
    expect(changes.length).toBe(results.filter((r) => r.status === 200).length);
    changes.forEach((type, i) => expect(type).toBe(i % 2 ? 'ACKNOWLEDGED' : 'UNACKNOWLEDGED'));
    const last = changes.at(-1) ?? 'ACKNOWLEDGED';
    expect((await getIncident(as, incident.id)).status).toBe(
      last === 'ACKNOWLEDGED' ? 'ACKNOWLEDGED' : 'OPEN',
    );
  });

  it('25 parallel identical reports of a new reference: one incident, counted 25 times', async () => {
    const body = reportBody();
    const results = await parallel(25, () => as.post('/incidents', body));
    expect(statuses(results)).toEqual(Array(25).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    // every report saw its own occurrence: the counts answered are 1..25
    expect(results.map((r) => r.body.occurrenceCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const incident = await getIncident(as, id);
    expect(incident).toMatchObject({ status: 'OPEN', occurrenceCount: 25 });
    const events = await eventsOf(as, id);
    expect(count(events, 'CREATED')).toBe(1);
    expect(occurrencesIn(events)).toBe(24);
    expect(events[0].eventType).toBe('CREATED');
    expect((await list(as, `q=${encodeURIComponent(body.externalReferenceId)}`)).totalElements).toBe(1);
  });

  it('25 parallel reports of different references with one new message: 25 incidents, one distinct message, found by it', async () => {
    const message = `Ledger ${newReference('msg')} refused the booking`;
    const results = await parallel(25, () => as.post('/incidents', reportBody({ message })));
    expect(statuses(results)).toEqual(Array(25).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(25);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from incident_messages where message = ${message}`,
      ),
    );
    expect(n).toBe(1);
    const found = await list(as, `q=${encodeURIComponent(message.slice(7, 30))}&size=100`);
    expect(found.totalElements).toBe(25);
    expect(found.content.map((i) => i.id).sort()).toEqual(results.map((r) => r.body.id).sort());
  });

  it('25 parallel reports of 25 new messages of one new template: one template, 25 messages, all found by it', async () => {
    // Letters only (digits spelt as letters), so that the whole word is part of the template.
    const word = `Ledger${newReference('')
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)])
      .replace(/[^a-z]/g, '')}`;
    const results = await parallel(25, (i) =>
      as.post('/incidents', reportBody({ message: `${word} refused booking ${i + 1}` })),
    );
    expect(statuses(results)).toEqual(Array(25).fill(200));
    const [counts] = rowsOf<{ templates: number; messages: number }>(
      await t.database.db.execute(sql`
        select (select count(*) from incident_message_templates where template = ${`${word} refused booking #`})::int as templates,
               (select count(*) from incident_messages where message like ${`${word} refused booking %`})::int as messages`),
    );
    expect(counts).toEqual({ templates: 1, messages: 25 });
    const found = await list(as, `q=${encodeURIComponent(`${word} refused`)}&size=100`);
    expect(found.totalElements).toBe(25);
  });

  it('20 parallel reports of a RESOLVED incident: reopened once, 20 occurrences, still one incident', async () => {
    const incident = await report(as);
    await act(as, 'acknowledge', incident.id, {});
    await act(as, 'resolve', incident.id, { resolutionNote: 'fixed', resolutionAction: 'FIXED_MANUALLY' });
    const body = reportBody({ externalReferenceId: incident.externalReferenceId, source: incident.source });
    const results = await parallel(20, () => as.post('/incidents', body));
    expect(statuses(results)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.id))).toEqual(new Set([incident.id]));

    const now = await getIncident(as, incident.id);
    expect(now).toMatchObject({
      status: 'OPEN',
      occurrenceCount: 21,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      resolutionAction: null,
    });
    const events = await eventsOf(as, incident.id);
    expect(typesOf(events).slice(0, 3)).toEqual(['CREATED', 'ACKNOWLEDGED', 'RESOLVED']);
    expect(count(events, 'REOPENED'), `timeline: ${typesOf(events).join(', ')}`).toBe(1);
    expect(occurrencesIn(events)).toBe(19);
    expect(events[3].eventType).toBe('REOPENED');
    expect((await list(as, `q=${encodeURIComponent(incident.externalReferenceId)}`)).totalElements).toBe(1);
  });

  it('an API reopen racing 10 reports of a RESOLVED incident: reopened exactly once', async () => {
    const incident = await report(as);
    await act(as, 'resolve', incident.id, {});
    const body = reportBody({ externalReferenceId: incident.externalReferenceId, source: incident.source });
    const results = await parallel(11, (i) =>
      i === 5 ? as.post(`/incidents/${incident.id}/reopen`) : as.post('/incidents', body),
    );
    const reopen = results[5];
    expect([200, 409]).toContain(reopen.status);
    expect(results.filter((_, i) => i !== 5).every((r) => r.status === 200)).toBe(true);
    const events = await eventsOf(as, incident.id);
    expect(count(events, 'REOPENED'), `timeline: ${typesOf(events).join(', ')}`).toBe(1);
    const now = await getIncident(as, incident.id);
    expect(now).toMatchObject({ status: 'OPEN', occurrenceCount: 11 });
    expect(occurrencesIn(events)).toBe(reopen.status === 200 ? 10 : 9);
  });

  it('a report waiting for the row while its RESOLVED incident is reopened and acknowledged keeps the acknowledgement', async () => {
    // Deterministic form of the race above: another transaction holds the incident's row while a report
    // arrives, and reopens and acknowledges it (as the API's reopen then acknowledge would) before letting
    // go. By the time the report gets the row, the incident is unresolved: the report must count an
    // occurrence (OCCURRED_AGAIN) and leave the acknowledgement alone.
    const incident = await report(as);
    await act(as, 'resolve', incident.id, {});
    const db = t.database.sql!;
    const body = reportBody({ externalReferenceId: incident.externalReferenceId, source: incident.source });
    let pending: Promise<ApiResponse> | undefined;
    await db.begin(async (tx) => {
      await tx`select id from incidents where id = ${incident.id} for update`;
      pending = as.post('/incidents', body);
      // wait until the report is blocked on our row lock
      for (let i = 0; ; i++) {
        const [{ n }] = await db`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        if (n > 0) break;
        expect(i, 'the report never waited for the row').toBeLessThan(200);
        await new Promise((r) => setTimeout(r, 10));
      }
      await tx`update incidents set status = 'ACKNOWLEDGED', acknowledged_at = now(), acknowledged_by = 'ops.jane',
        resolved_at = null, resolved_by = null, resolution_note = null, resolution_action = null,
        updated_at = now() where id = ${incident.id}`;
    });
    const res = await pending!;
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: incident.id,
      status: 'ACKNOWLEDGED',
      acknowledgedBy: 'ops.jane',
      occurrenceCount: 2,
    });
    expect(typesOf(await eventsOf(as, incident.id))).toEqual(['CREATED', 'RESOLVED', 'OCCURRED_AGAIN']);
  });

  it('parallel resolve and acknowledge of one OPEN incident leave a consistent state, 10 rounds', async () => {
    for (let round = 0; round < 10; round++) {
      const incident = await report(as);
      const [ack, resolve] = await Promise.all([
        as.post(`/incidents/${incident.id}/acknowledge`, {}),
        as.post(`/incidents/${incident.id}/resolve`, { resolutionAction: 'OTHER' }),
      ]);
      // resolve is allowed from OPEN and from ACKNOWLEDGED: it always applies
      expect(resolve.status, resolve.text).toBe(200);
      expect([200, 409]).toContain(ack.status);
      const now = await getIncident(as, incident.id);
      const events = await eventsOf(as, incident.id);
      expect(now).toMatchObject({ status: 'RESOLVED', resolvedBy: adminName, resolutionAction: 'OTHER' });
      if (ack.status === 200) {
        // acknowledged first, then resolved
        expect(typesOf(events)).toEqual(['CREATED', 'ACKNOWLEDGED', 'RESOLVED']);
        expect(now.acknowledgedBy).toBe(adminName);
        expect(ack.body.status).toBe('ACKNOWLEDGED');
      } else {
        expect(ack.body.code).toBe('INVALID_STATE');
        expect(ack.body.detail).toContain('RESOLVED');
        expect(typesOf(events)).toEqual(['CREATED', 'RESOLVED']);
        expect(now.acknowledgedAt).toBeNull();
        expect(now.acknowledgedBy).toBeNull();
      }
      expect(resolve.body).toEqual(now);
    }
  });

  it('20 parallel resolves and 20 parallel reopens: one of each applies', async () => {
    const incident = await report(as);
    const resolves = await parallel(20, () => as.post(`/incidents/${incident.id}/resolve`, {}));
    expect(statuses(resolves)).toEqual([200, ...Array(19).fill(409)]);
    const reopens = await parallel(20, () => as.post(`/incidents/${incident.id}/reopen`));
    expect(statuses(reopens)).toEqual([200, ...Array(19).fill(409)]);
    expect(typesOf(await eventsOf(as, incident.id))).toEqual(['CREATED', 'RESOLVED', 'REOPENED']);
  });

  it('10 parallel bulk acknowledges of the same 15 incidents: each applied exactly once', async () => {
    const incidents = [];
    for (let i = 0; i < 15; i++) incidents.push(await report(as));
    const ids = incidents.map((i) => i.id);
    const results = await parallel(10, (i) =>
      as.post('/incidents/bulk/acknowledge', { ids: i % 2 ? [...ids].reverse() : ids }),
    );
    expect(statuses(results)).toEqual(Array(10).fill(200));
    for (const id of ids) {
      const outcomes = results.flatMap((r) =>
        (r.body.results as { id: number; outcome: string; reason?: string }[]).filter((x) => x.id === id),
      );
      expect(outcomes).toHaveLength(10);
      expect(outcomes.filter((o) => o.outcome === 'APPLIED')).toHaveLength(1);
      expect(outcomes.filter((o) => o.outcome === 'SKIPPED' && o.reason === 'INVALID_STATE')).toHaveLength(9);
      expect(typesOf(await eventsOf(as, id))).toEqual(['CREATED', 'ACKNOWLEDGED']);
    }
  });

  it('reports racing acknowledges of the same incident: every occurrence counted, one acknowledgement', async () => {
    const incident = await report(as);
    const body = reportBody({ externalReferenceId: incident.externalReferenceId, source: incident.source });
    const results = await parallel(20, (i) =>
      i % 2 ? as.post(`/incidents/${incident.id}/acknowledge`, {}) : as.post('/incidents', body),
    );
    const acks = results.filter((_, i) => i % 2);
    const reports = results.filter((_, i) => !(i % 2));
    expect(reports.every((r) => r.status === 200 && r.body.id === incident.id)).toBe(true);
    expect(statuses(acks)).toEqual([200, ...Array(9).fill(409)]);
    const now = await getIncident(as, incident.id);
    expect(now).toMatchObject({ status: 'ACKNOWLEDGED', occurrenceCount: 11 });
    const events = await eventsOf(as, incident.id);
    expect(count(events, 'ACKNOWLEDGED')).toBe(1);
    expect(occurrencesIn(events)).toBe(10);
  });
});
