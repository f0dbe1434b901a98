// A process instance's incidents kept as sent (server/services/incidents/process-instance-answers.ts): an
// unchanged instance is answered with the very answer made before, and every change to it, whoever makes it
// (the API, a worker, plain SQL, another server process), is in its next answer, because the database's
// triggers give the instance a new revision in the changing transaction (migration 0020). Each answer is
// compared with the one made afresh from the database, in a transaction (which is never answered from
// memory).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../../db/client';
import { ProcessInstanceIncidents } from '../../schemas/incidents';
import { SerializedAnswer } from '../../../lib/serialized-answer';
import { AnswerCache, keepProcessInstanceAnswers } from '../../services/incidents/process-instance-answers';
import { listIncidentsOfProcessInstance } from '../../services/incidents/list-incidents-of-process-instance';
import { api, onPostgres } from '../support/helpers';
import { useTestApi, type Actor, type Client } from '../support/http-helpers';
import {
  act,
  newProcessInstanceId,
  newReference,
  report,
  setTimestamp,
  type Incident,
} from '../support/incident-helpers';
import { databaseUrlOf, startServerProcess, stopProcess, type ServerProcess } from '../support/processes';
import { workerProtocol } from '../support/worker-helpers';

const t = useTestApi();
const w = workerProtocol(t);

let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

const answerOf = (processInstanceId: number) =>
  listIncidentsOfProcessInstance(t.database.db, { processInstanceId });

/** The instance's incidents as the database has them now, made afresh. */
async function fresh(processInstanceId: number): Promise<unknown> {
  return t.database.db.transaction(async (tx) =>
    (await listIncidentsOfProcessInstance(tx as unknown as Db, { processInstanceId })).value(),
  );
}

async function revisionOf(processInstanceId: number): Promise<string | undefined> {
  const rows = rowsOf<{ revision: string }>(
    await t.database.db.execute(
      sql`select revision::text as revision from process_instance_revisions
          where process_instance_id = ${processInstanceId}`,
    ),
  );
  return rows[0]?.revision;
}

type Answered = Incident & { retryable: boolean };

/** The REST answer, checked against the database's. */
async function answered(processInstanceId: number): Promise<Answered[]> {
  const res = await as.get(`/incidents/process-instances/${processInstanceId}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual(await fresh(processInstanceId));
  return res.body as Answered[];
}

const find = <T extends Incident>(incidents: T[], id: number) => incidents.find((i) => i.id === id)!;

describe("a process instance's incidents, kept as sent", () => {
  it('an unchanged instance gets the answer made before, byte for byte', async () => {
    const pid = newProcessInstanceId();
    await report(as, { processInstanceId: pid });
    await report(as, { processInstanceId: pid, severity: 'CRITICAL' });
    const first = await as.get(`/incidents/process-instances/${pid}`);
    const again = await as.get(`/incidents/process-instances/${pid}`);
    expect(again.text).toBe(first.text);
    expect(first.body).toHaveLength(2);
    expect(await answerOf(pid)).toBe(await answerOf(pid));
    expect(await revisionOf(pid)).toMatch(/^\d+$/);
  });

  it('none is kept when the service is told to keep 0 MB', async () => {
    const pid = newProcessInstanceId();
    await report(as, { processInstanceId: pid });
    keepProcessInstanceAnswers(0);
    try {
      const first = await answerOf(pid);
      expect(await answerOf(pid)).not.toBe(first);
      expect((await answerOf(pid)).json).toEqual(first.json);
    } finally {
      keepProcessInstanceAnswers(64);
    }
    expect(await answerOf(pid)).toBe(await answerOf(pid));
  });

  it('every change to an instance is in its next answer', async () => {
    const pid = newProcessInstanceId();
    const reference = newReference();
    const a = await report(as, { processInstanceId: pid, externalReferenceId: reference });
    expect(await answered(pid)).toHaveLength(1);

    const b = await report(as, { processInstanceId: pid });
    expect((await answered(pid)).map((i) => i.id)).toEqual([b.id, a.id]);

    await report(as, { processInstanceId: pid, externalReferenceId: reference }); // occurs again
    expect(find(await answered(pid), a.id).occurrenceCount).toBe(2);

    await act(as, 'acknowledge', a.id);
    expect(find(await answered(pid), a.id).status).toBe('ACKNOWLEDGED');

    const assigned = await as.post(`/incidents/${b.id}/assign`, { username: admin.username });
    expect(assigned.status, assigned.text).toBe(200);
    expect(find(await answered(pid), b.id).assignee).toBe(admin.username);

    await act(as, 'resolve', a.id, { resolutionNote: 'fixed', resolutionAction: 'FIXED_MANUALLY' });
    expect(find(await answered(pid), a.id).status).toBe('RESOLVED');
    await act(as, 'reopen', a.id);
    expect(find(await answered(pid), a.id).status).toBe('OPEN');

    // Plain SQL, as any other writer of the table: the order follows createdAt.
    await setTimestamp(t, [b.id], 'created_at', new Date(2020, 0, 1));
    expect((await answered(pid)).map((i) => i.id)).toEqual([a.id, b.id]);
    await t.database.db.execute(sql`update incidents set message = 'changed by hand' where id = ${a.id}`);
    expect(find(await answered(pid), a.id).message).toBe('changed by hand');
    await t.database.db.execute(sql`delete from incident_events where incident_id = ${b.id}`);
    await t.database.db.execute(sql`delete from incidents where id = ${b.id}`);
    expect((await answered(pid)).map((i) => i.id)).toEqual([a.id]);
  });

  it('a change rolled back leaves the answer as it was', async () => {
    const pid = newProcessInstanceId();
    const a = await report(as, { processInstanceId: pid });
    const before = await answered(pid);
    const kept = await answerOf(pid);
    const rolledBack = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update incidents set severity = 'CRITICAL' where id = ${a.id}`);
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toMatchObject({ message: 'roll back' });
    expect(await answered(pid)).toEqual(before);
    expect(await answerOf(pid)).toBe(kept);
  });

  it("a worker request's status is in its incident's retryable", async () => {
    const { request, incident } = await w.failedRequestWithIncident();
    const pid = request.processInstanceId;
    expect(find(await answered(pid), incident.id).retryable).toBe(true);
    // The request alone changes (no incident row is written): its instance's answer changes all the same.
    await t.database.db.execute(sql`update worker_requests set status = 'PENDING' where id = ${request.id}`);
    expect(find(await answered(pid), incident.id).retryable).toBe(false);
    await t.database.db.execute(sql`update worker_requests set status = 'FAILED' where id = ${request.id}`);
    expect(find(await answered(pid), incident.id).retryable).toBe(true);
  });

  it("another instance's change leaves an instance's answer kept", async () => {
    const [one, other] = [newProcessInstanceId(), newProcessInstanceId()];
    await report(as, { processInstanceId: one });
    const b = await report(as, { processInstanceId: other });
    const kept = await answerOf(one);
    const revision = await revisionOf(one);
    await act(as, 'acknowledge', b.id);
    expect(await revisionOf(one)).toBe(revision);
    expect(await answerOf(one)).toBe(kept);
  });

  it("tRPC, single and batched, and the console's caller answer what REST does", async () => {
    const pid = newProcessInstanceId();
    await report(as, { processInstanceId: pid });
    await report(as, { processInstanceId: pid, source: 'WORKER' });
    const rest = await answered(pid);
    const input = encodeURIComponent(JSON.stringify({ processInstanceId: pid }));
    const single = await api(t.url, 'GET', `/trpc/incidents.ofProcessInstance?input=${input}`, {
      token: admin.token,
    });
    expect(single.status, single.text).toBe(200);
    expect(single.body.result.data).toEqual(rest);
    const batchInput = encodeURIComponent(
      JSON.stringify({ 0: { processInstanceId: pid }, 1: { processInstanceId: pid } }),
    );
    const batched = await api(
      t.url,
      'GET',
      `/trpc/incidents.ofProcessInstance,incidents.ofProcessInstance?batch=1&input=${batchInput}`,
      { token: admin.token },
    );
    expect(batched.status, batched.text).toBe(200);
    expect(batched.body.map((r: { result: { data: unknown } }) => r.result.data)).toEqual([rest, rest]);
    const value = (await answerOf(pid)).value();
    expect(value).toEqual(rest);
  });
});

describe('after a truncate', () => {
  it('an instance has no incident left, and its next incident is in its answer', async () => {
    const pid = newProcessInstanceId();
    await report(as, { processInstanceId: pid });
    expect(await answered(pid)).toHaveLength(1);
    await t.database.db.execute(sql`truncate incidents cascade`);
    expect(await revisionOf(pid)).toBeUndefined();
    expect(await answered(pid)).toEqual([]);
    const again = await report(as, { processInstanceId: pid });
    expect((await answered(pid)).map((i) => i.id)).toEqual([again.id]);
  });
});

describe.runIf(onPostgres)('two server processes on one database', () => {
  let servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopProcess(s.process)));
  });

  it('a change made through one is in the next answer of the other, at once', async () => {
    const url = await databaseUrlOf(t.database);
    servers = await Promise.all([startServerProcess(url), startServerProcess(url)]);
    const [one, other] = servers;
    const pid = newProcessInstanceId();
    const incidents = [];
    for (let i = 0; i < 5; i++) incidents.push(await report(as, { processInstanceId: pid }));
    const read = async (server: ServerProcess) => {
      const res = await api(server.url, 'GET', `/incidents/process-instances/${pid}`, { token: admin.token });
      expect(res.status, res.text).toBe(200);
      return res.body as Incident[];
    };
    expect(await read(one)).toEqual(await fresh(pid));
    // Each change through the other process, while this one is read in parallel, then read once it is done.
    for (const incident of incidents) {
      const [changed] = await Promise.all([
        api(other.url, 'POST', `/incidents/${incident.id}/acknowledge`, { token: admin.token, body: {} }),
        ...Array.from({ length: 4 }, () => read(one)),
      ]);
      expect(changed.status, changed.text).toBe(200);
      const after = await read(one);
      expect(find(after, incident.id).status).toBe('ACKNOWLEDGED');
      expect(after).toEqual(await fresh(pid));
    }
  });
});

describe('the memory the answers take', () => {
  it('is bounded by count as well as by bytes: answers for unknown instances are not free', async () => {
    const cache = new AnswerCache(64 * 1024);
    const empty = SerializedAnswer.of(ProcessInstanceIncidents, []);
    for (let id = 1; id <= 10_000; id++) await cache.answer(id, null, async () => empty);
    // 64 KiB at 256 bytes of overhead each and 2 of JSON: at most 254 answers, the latest ones.
    expect(cache.count).toBeLessThanOrEqual(254);
    expect(cache.count).toBeGreaterThan(200);
    let made = 0;
    const again = await cache.answer(10_000, null, async () => (made++, empty));
    expect(again).toBe(empty);
    expect(made).toBe(0);
    await cache.answer(1, null, async () => (made++, empty));
    expect(made).toBe(1);
  });
});
