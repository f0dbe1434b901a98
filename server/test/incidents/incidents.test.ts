// Incident rules through the real router and database: deduplicating reports, the lifecycle from every
// state with its timeline, and the summary as incidents change.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import type { ReportIncidentInput } from '../../schemas/incidents';
import { callerFor, createTestUser, openTestDatabase, unique, type TestUser } from '../support/helpers';
import { problemFrom } from '../support/problem';

type Caller = Awaited<ReturnType<typeof callerFor>>;

describe('incidents', () => {
  let database: Database;
  let admin: TestUser;
  let caller: Caller;
  beforeAll(async () => {
    database = await openTestDatabase();
    admin = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
    caller = await callerFor(database, admin);
  });
  afterAll(() => database.close());

  const report = (overrides: Partial<ReportIncidentInput> = {}) =>
    caller.incidents.report({
      processInstanceId: 4711,
      nodeId: 'charge-card',
      source: 'WORKER',
      severity: 'HIGH',
      message: 'Payment provider timed out',
      externalReferenceId: `worker-request:${Math.floor(Math.random() * 1e9)}`,
      ...overrides,
    });
  const eventTypes = async (id: number) => (await caller.incidents.events({ id })).map((e) => e.eventType);

  describe('reporting', () => {
    it('creates an OPEN incident with every field, nullable ones null', async () => {
      const incident = await report({ technicalDetails: 'java.net.SocketTimeoutException' });
      expect(incident).toMatchObject({
        status: 'OPEN',
        occurrenceCount: 1,
        technicalDetails: 'java.net.SocketTimeoutException',
        acknowledgedAt: null,
        acknowledgedBy: null,
        resolvedAt: null,
        resolvedBy: null,
        resolutionNote: null,
        resolutionAction: null,
      });
      expect(incident.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(await caller.incidents.events({ id: incident.id })).toMatchObject([
        { eventType: 'CREATED', actor: null, message: 'Reported: Payment provider timed out' },
      ]);
    });

    it('counts a repeat of an unresolved incident, also when acknowledged', async () => {
      const first = await report();
      await caller.incidents.acknowledge({ id: first.id });
      const again = await report({ externalReferenceId: first.externalReferenceId });
      expect(again).toMatchObject({ id: first.id, status: 'ACKNOWLEDGED', occurrenceCount: 2 });
      expect(await eventTypes(first.id)).toEqual(['CREATED', 'ACKNOWLEDGED', 'OCCURRED_AGAIN']);
    });

    it('keeps sources apart: the same reference from another source is another incident', async () => {
      const worker = await report();
      const engine = await report({
        source: 'PROCESS_ENGINE',
        externalReferenceId: worker.externalReferenceId,
      });
      expect(engine.id).not.toBe(worker.id);
    });

    it('reopens a resolved incident when it occurs again', async () => {
      const first = await report();
      await caller.incidents.resolve({
        id: first.id,
        resolutionAction: 'FIXED_MANUALLY',
        resolutionNote: 'restarted',
      });
      const reopened = await report({ externalReferenceId: first.externalReferenceId });
      expect(reopened).toMatchObject({
        id: first.id,
        status: 'OPEN',
        occurrenceCount: 2,
        resolvedAt: null,
        resolutionNote: null,
      });
      const timeline = await caller.incidents.events({ id: first.id });
      expect(timeline.map((e) => [e.eventType, e.actor])).toEqual([
        ['CREATED', null],
        ['RESOLVED', admin.username],
        ['REOPENED', null],
      ]);
    });
  });

  describe('lifecycle from every state', () => {
    async function incidentIn(status: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED') {
      const incident = await report();
      if (status === 'ACKNOWLEDGED') await caller.incidents.acknowledge({ id: incident.id });
      if (status === 'RESOLVED') await caller.incidents.resolve({ id: incident.id });
      return incident.id;
    }
    const actions = {
      acknowledge: (id: number) => caller.incidents.acknowledge({ id, acknowledgedBy: 'night-shift' }),
      resolve: (id: number) =>
        caller.incidents.resolve({
          id,
          resolvedBy: 'night-shift',
          resolutionAction: 'WORKAROUND_APPLIED',
          resolutionNote: 'n',
        }),
      reopen: (id: number) => caller.incidents.reopen({ id }),
    };
    const allowed: Record<keyof typeof actions, string[]> = {
      acknowledge: ['OPEN'],
      resolve: ['OPEN', 'ACKNOWLEDGED'],
      reopen: ['RESOLVED'],
    };
    const resultStatus = { acknowledge: 'ACKNOWLEDGED', resolve: 'RESOLVED', reopen: 'OPEN' };
    const event = { acknowledge: 'ACKNOWLEDGED', resolve: 'RESOLVED', reopen: 'REOPENED' };

    for (const action of Object.keys(actions) as (keyof typeof actions)[]) {
      for (const from of ['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const) {
        const ok = allowed[action].includes(from);
        it(`${action} from ${from} ${ok ? 'applies' : 'is 409 INVALID_STATE and changes nothing'}`, async () => {
          const id = await incidentIn(from);
          const before = { incident: await caller.incidents.get({ id }), events: await eventTypes(id) };
          if (ok) {
            const after = await actions[action](id);
            expect(after.status).toBe(resultStatus[action]);
            expect(await eventTypes(id)).toEqual([...before.events, event[action]]);
          } else {
            const problem = await problemFrom(actions[action](id));
            expect(problem).toMatchObject({ status: 409, code: 'INVALID_STATE' });
            expect(problem.detail).toContain(`is ${from}`);
            expect(await caller.incidents.get({ id })).toEqual(before.incident);
            expect(await eventTypes(id)).toEqual(before.events);
          }
        });
      }
    }

    it('records who acted: the body when given, else the caller', async () => {
      const id = await incidentIn('OPEN');
      expect((await caller.incidents.acknowledge({ id })).acknowledgedBy).toBe(admin.username);
      const resolved = await actions.resolve(id);
      expect(resolved).toMatchObject({
        resolvedBy: 'night-shift',
        resolutionAction: 'WORKAROUND_APPLIED',
        resolutionNote: 'n',
      });
      const reopened = await caller.incidents.reopen({ id });
      expect(reopened).toMatchObject({
        acknowledgedAt: null,
        acknowledgedBy: null,
        resolvedAt: null,
        resolvedBy: null,
        resolutionAction: null,
      });
    });

    it('bulk actions report a result per id, in the order given', async () => {
      const open = await incidentIn('OPEN');
      const acknowledged = await incidentIn('ACKNOWLEDGED');
      const { results } = await caller.incidents.bulkAcknowledge({ ids: [acknowledged, 999_999, open] });
      expect(results).toEqual([
        {
          id: acknowledged,
          outcome: 'SKIPPED',
          reason: 'INVALID_STATE',
          detail: expect.stringMatching(/^Incident \d+ is /),
        },
        { id: 999_999, outcome: 'NOT_FOUND' },
        { id: open, outcome: 'APPLIED' },
      ]);
      const resolved = await caller.incidents.bulkResolve({
        ids: [open, acknowledged],
        resolutionAction: 'DUPLICATE',
      });
      expect(resolved.results.map((r) => r.outcome)).toEqual(['APPLIED', 'APPLIED']);
      expect((await caller.incidents.get({ id: open })).resolutionAction).toBe('DUPLICATE');
    });
  });

  it('keeps on each timeline entry the trace context of the request that wrote it, not the first one’s', async () => {
    // Acknowledge's statements are built once per process (db/prepared.ts): the context is a parameter.
    const first = await report();
    const traced = await report();
    const untraced = await report();
    const traceOf = (n: number) => `00-${String(n).repeat(32)}-00f067aa0ba902b7-01`;
    const tracedCaller = (n: number) =>
      callerFor(database, admin, { requestId: `r${n}`, receivedAt: Date.now(), traceparent: traceOf(n) });
    await (await tracedCaller(1)).incidents.acknowledge({ id: first.id });
    await (await tracedCaller(2)).incidents.acknowledge({ id: traced.id });
    await caller.incidents.acknowledge({ id: untraced.id });
    const rows = rowsOf<{ incident_id: number; traceparent: string | null }>(
      await database.db.execute(
        sql`select incident_id, traceparent from incident_events where event_type = 'ACKNOWLEDGED'
            and incident_id in (${first.id}, ${traced.id}, ${untraced.id}) order by incident_id`,
      ),
    );
    expect(rows.map((row) => row.traceparent)).toEqual([traceOf(1), traceOf(2), null]);
  });

  it('resolves and reopens through statements built once per shape, each call with its own values', async () => {
    // Every transition's update and timeline entry are built once (transitions.ts): values are parameters.
    const incident = await report();
    const traceOf = (n: number) => `00-${String(n).repeat(32)}-00f067aa0ba902b7-01`;
    const tracedCaller = (n: number) =>
      callerFor(database, admin, { requestId: `r${n}`, receivedAt: Date.now(), traceparent: traceOf(n) });
    const noted = await (
      await tracedCaller(3)
    ).incidents.resolve({
      id: incident.id,
      resolutionNote: 'restarted the worker',
      resolutionAction: 'FIXED_MANUALLY',
    });
    expect(noted).toMatchObject({
      status: 'RESOLVED',
      resolvedBy: admin.username,
      resolutionNote: 'restarted the worker',
      resolutionAction: 'FIXED_MANUALLY',
    });
    const reopened = await (await tracedCaller(4)).incidents.reopen({ id: incident.id });
    expect(reopened).toMatchObject({
      status: 'OPEN',
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      resolutionAction: null,
    });
    // The same transition without a note or action: no value of the first call is left in it.
    const plain = await caller.incidents.resolve({ id: incident.id, resolvedBy: 'someone-else' });
    expect(plain).toMatchObject({
      status: 'RESOLVED',
      resolvedBy: 'someone-else',
      resolutionNote: null,
      resolutionAction: null,
    });
    await expect(caller.incidents.reopen({ id: 999_999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.incidents.resolve({ id: incident.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const rows = rowsOf<{ event_type: string; message: string; traceparent: string | null }>(
      await database.db.execute(
        sql`select event_type, message, traceparent from incident_events
            where incident_id = ${incident.id} and event_type in ('RESOLVED', 'REOPENED') order by id`,
      ),
    );
    expect(rows).toEqual([
      {
        event_type: 'RESOLVED',
        message: `Resolved by ${admin.username} (FIXED_MANUALLY): restarted the worker`,
        traceparent: traceOf(3),
      },
      { event_type: 'REOPENED', message: `Reopened by ${admin.username}`, traceparent: traceOf(4) },
      { event_type: 'RESOLVED', message: 'Resolved by someone-else', traceparent: null },
    ]);
  });

  it('moves the summary counts as incidents change', async () => {
    const db = await openTestDatabase();
    try {
      const user = await createTestUser(db, { permissions: ['ACCESS_BPM_ADMIN'] });
      const c = await callerFor(db, user);
      const mk = (severity: 'CRITICAL' | 'LOW') =>
        c.incidents.report({
          processInstanceId: 1,
          nodeId: 'n',
          source: 'MESSAGE',
          severity,
          message: 'm',
          externalReferenceId: `${unique('msg')}:1`,
        });
      const [critical, low, old] = [await mk('CRITICAL'), await mk('LOW'), await mk('LOW')];
      await db.db.execute(
        sql`update incidents set created_at = now() - interval '2 days' where id = ${old.id}`,
      );
      expect(await c.incidents.summary({})).toEqual({
        openIncidents: 3,
        criticalIncidents: 1,
        acknowledgedIncidents: 0,
        incidentsCreatedToday: 2,
      });
      await c.incidents.acknowledge({ id: critical.id });
      expect(await c.incidents.summary({})).toEqual({
        openIncidents: 2,
        criticalIncidents: 1,
        acknowledgedIncidents: 1,
        incidentsCreatedToday: 2,
      });
      await c.incidents.resolve({ id: critical.id });
      await c.incidents.resolve({ id: low.id });
      expect(await c.incidents.summary({})).toEqual({
        openIncidents: 1,
        criticalIncidents: 0,
        acknowledgedIncidents: 0,
        incidentsCreatedToday: 2,
      });
    } finally {
      await db.close();
    }
  });

  it('computes dashboard statistics over the window in the service time zone', async () => {
    const db = await openTestDatabase();
    try {
      const user = await createTestUser(db, { permissions: ['ACCESS_BPM_ADMIN'] });
      const c = await callerFor(db, user);
      const mk = (nodeId: string, severity: 'CRITICAL' | 'LOW') =>
        c.incidents.report({
          processInstanceId: 1,
          nodeId,
          source: 'MESSAGE',
          severity,
          message: 'm',
          externalReferenceId: `${unique('m')}:1`,
        });
      const a = await mk('charge-card', 'CRITICAL');
      const b = await mk('charge-card', 'LOW');
      const old = await mk('send-mail', 'LOW');
      await db.db.execute(
        sql`update incidents set created_at = now() - interval '3 days' where id = ${old.id}`,
      );
      await db.db.execute(
        sql`update incidents set created_at = now() - interval '40 days' where id = ${b.id}`,
      );
      await c.incidents.acknowledge({ id: a.id });
      await c.incidents.resolve({ id: a.id });
      await db.db.execute(
        sql`update incidents set acknowledged_at = created_at + interval '60 seconds', resolved_at = created_at + interval '600 seconds' where id = ${a.id}`,
      );

      const stats = await c.incidents.stats({ days: 30 });
      expect(stats.perDay).toHaveLength(30);
      const today = stats.perDay[29];
      expect(today).toMatchObject({ CRITICAL: 1, LOW: 0 });
      expect(stats.perDay[26]).toMatchObject({ LOW: 1 });
      expect(stats.perDay.reduce((n, d) => n + d.LOW + d.MEDIUM + d.HIGH + d.CRITICAL, 0)).toBe(2);
      expect(stats.topNodes).toEqual([
        { nodeId: 'charge-card', incidents: 1, unresolved: 0 },
        { nodeId: 'send-mail', incidents: 1, unresolved: 1 },
      ]);
      expect(stats).toMatchObject({ meanSecondsToAcknowledge: 60, meanSecondsToResolve: 600 });
    } finally {
      await db.close();
    }
  });

  it('lists a process instance’s incidents newest first', async () => {
    const pid = 900_000 + Math.floor(Math.random() * 1000);
    const a = await report({ processInstanceId: pid });
    const b = await report({ processInstanceId: pid });
    expect((await caller.incidents.ofProcessInstance({ processInstanceId: pid })).map((i) => i.id)).toEqual([
      b.id,
      a.id,
    ]);
    expect(await caller.incidents.ofProcessInstance({ processInstanceId: 1_234_567 })).toEqual([]);
  });
});
