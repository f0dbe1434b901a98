// Storms (docs/contract.md §6): the grouped view GET /api/incidents/groups and the bulk actions by
// filter (POST /api/incidents/bulk/{acknowledge,resolve,retry}-matching), over real HTTP, on PGlite and
// PostgreSQL; the race of two runs on PostgreSQL only (PGlite has one connection).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { onPostgres } from '../support/helpers';
import { expectProblem, useTestApi, type ApiResponse, type Client } from '../support/http-helpers';
import {
  act,
  list,
  newReference,
  report,
  setTimestamp,
  withoutIncidentChange,
} from '../support/incident-helpers';

interface Group {
  key: string;
  source: string;
  nodeId: string;
  templateId: number;
  template: string;
  sampleMessage: string;
  latestIncidentId: number;
  count: number;
  open: number;
  acknowledged: number;
  resolved: number;
  firstSeen: string;
  lastSeen: string;
}

/** A word of letters only, no other test's: a search for it (no digit) goes through the templates. */
const newMarker = () =>
  `storm${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const t = useTestApi();
let as: Client;
beforeAll(async () => {
  as = t.as((await t.admin()).token);
});

async function groups(
  query: string,
): Promise<{ content: Group[]; totalElements: number; totalPages: number }> {
  const res = await as.get(`/incidents/groups?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** `n` OPEN incidents of one group, written directly (the triggers give them their message and template). */
async function storm(
  n: number,
  opts: { nodeId: string; message: string; source?: string },
): Promise<number[]> {
  const source = opts.source ?? 'PROCESS_ENGINE';
  const prefix = newReference('storm');
  const rows = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      insert into incidents (process_instance_id, node_id, severity, source, message, external_reference_id)
      select 1000 + i, ${opts.nodeId}, 'HIGH', ${source}::incident_source,
             replace(${opts.message}, '{n}', i::text), ${prefix} || lpad(i::text, 5, '0')
      from generate_series(1, ${n}) as i
      returning id`),
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const post = (path: string, body: unknown) => as.post(`/incidents/bulk/${path}`, body);

/** Calls a bulk action by filter until nothing remains, as the console does; every answer. */
async function drain(path: string, body: Record<string, unknown>): Promise<ApiResponse['body'][]> {
  const answers = [];
  let afterId = 0;
  for (;;) {
    const res = await post(path, { ...body, afterId });
    expect(res.status, res.text).toBe(200);
    answers.push(res.body);
    if (res.body.remaining === 0) return answers;
    afterId = res.body.nextAfterId;
  }
}

async function statusCounts(ids: number[]) {
  return rowsOf<{ status: string; n: number }>(
    await t.database.db.execute(
      sql`select status, count(*)::int as n from incidents where id in ${ids} group by status`,
    ),
  ).map((r) => ({ status: r.status, n: Number(r.n) }));
}

async function eventCounts(ids: number[], type: string): Promise<number[]> {
  const rows = rowsOf<{ incident_id: number; n: number }>(
    await t.database.db.execute(sql`
      select incident_id, count(*)::int as n from incident_events
      where incident_id in ${ids} and event_type = ${type} group by incident_id`),
  );
  const byId = new Map(rows.map((r) => [Number(r.incident_id), Number(r.n)]));
  return ids.map((id) => byId.get(id) ?? 0);
}

describe('GET /api/incidents/groups', () => {
  it('groups by source, node and message template with numbers folded; counts per status, first and last seen, the latest message', async () => {
    const m = newMarker();
    const a1 = await report(as, { nodeId: 'Task_A', message: `Order 17 ${m} not found` });
    const a2 = await report(as, { nodeId: 'Task_A', message: `Order 4242 ${m} not found` });
    const a3 = await report(as, { nodeId: 'Task_A', message: `Order 9 ${m} not found` });
    const otherText = await report(as, { nodeId: 'Task_A', message: `Payment ${m} refused` });
    const otherNode = await report(as, { nodeId: 'Task_B', message: `Order 5 ${m} not found` });
    const otherSource = await report(as, {
      nodeId: 'Task_A',
      source: 'CODE_TASK',
      message: `Order 6 ${m} not found`,
    });
    await act(as, 'acknowledge', a2.id, {});
    await act(as, 'resolve', a3.id, {});
    await setTimestamp(t, [a1.id], 'created_at', new Date('2026-01-02T03:04:05'));
    await setTimestamp(t, [a2.id], 'last_occurred_at', new Date('2030-01-01T00:00:00'));

    const page = await groups(`q=${m}&size=100`);
    expect(page.totalElements).toBe(4);
    const orders = page.content.find(
      (g) => g.nodeId === 'Task_A' && g.source === 'PROCESS_ENGINE' && g.count === 3,
    )!;
    expect(orders).toMatchObject({
      template: `Order # ${m} not found`,
      count: 3,
      open: 1,
      acknowledged: 1,
      resolved: 1,
      firstSeen: '2026-01-02T03:04:05',
      lastSeen: '2030-01-01T00:00:00',
      latestIncidentId: a3.id,
      sampleMessage: `Order 9 ${m} not found`,
      key: `PROCESS_ENGINE:${orders.templateId}:Task_A`,
    });
    // most recently seen first: the group whose incident was seen in 2030
    expect(page.content[0].key).toBe(orders.key);
    expect(new Set(page.content.map((g) => g.key)).size).toBe(4);
    for (const single of [otherText, otherNode, otherSource]) {
      const group = page.content.find((g) => g.latestIncidentId === single.id)!;
      expect(group).toMatchObject({ count: 1, open: 1, nodeId: single.nodeId, source: single.source });
    }
    expect(page.content.find((g) => g.latestIncidentId === otherText.id)!.template).toBe(
      `Payment ${m} refused`,
    );

    // The group's incidents, through the list's filter `group`.
    const members = await list(as, `group=${encodeURIComponent(orders.key)}&sort=id,asc`);
    expect(members.content.map((i) => i.id)).toEqual([a1.id, a2.id, a3.id]);
    expect(members.totalElements).toBe(3);
    const openMembers = await list(as, `group=${encodeURIComponent(orders.key)}&status=OPEN`);
    expect(openMembers.content.map((i) => i.id)).toEqual([a1.id]);
  });

  it("applies the list's filters before grouping", async () => {
    const m = newMarker();
    const open = await report(as, { nodeId: 'Task_F', message: `Disk ${m} full on 1` });
    const acked = await report(as, { nodeId: 'Task_F', message: `Disk ${m} full on 2`, severity: 'LOW' });
    await act(as, 'acknowledge', acked.id, {});
    await report(as, { nodeId: 'Task_G', message: `Disk ${m} full on 3` });

    const byStatus = await groups(`q=${m}&status=ACKNOWLEDGED`);
    expect(byStatus.content).toHaveLength(1);
    expect(byStatus.content[0]).toMatchObject({ nodeId: 'Task_F', count: 1, acknowledged: 1, open: 0 });
    const bySeverity = await groups(`q=${m}&severity=LOW,MEDIUM`);
    expect(bySeverity.content.map((g) => g.latestIncidentId)).toEqual([acked.id]);
    const byInstance = await groups(`processInstanceId=${open.processInstanceId}`);
    expect(byInstance.content.map((g) => g.latestIncidentId)).toEqual([open.id]);
    // A text with digits searches the messages: only the incident whose message holds it.
    const byNumber = await groups(`q=${encodeURIComponent(`${m} full on 2`)}`);
    expect(byNumber.content).toMatchObject([{ count: 1, latestIncidentId: acked.id }]);
    // A group key filters too.
    const key = (await groups(`q=${m}&status=OPEN&sort=count`)).content.find(
      (g) => g.nodeId === 'Task_F',
    )!.key;
    expect((await groups(`group=${encodeURIComponent(key)}`)).content).toMatchObject([
      { key, count: 2, open: 1, acknowledged: 1 },
    ]);
  });

  it('pages and sorts by count or last seen; pages never overlap', async () => {
    const m = newMarker();
    const sizes = [3, 1, 4, 2, 5];
    for (const [i, size] of sizes.entries()) {
      for (let k = 0; k < size; k++)
        await report(as, { nodeId: `Task_P${i}`, message: `Timeout ${m} after ${k}s` });
    }
    const all = await groups(`q=${m}&sort=count&size=100`);
    expect(all.content.map((g) => g.count)).toEqual([5, 4, 3, 2, 1]);
    const pages = [];
    for (let page = 0; page < 3; page++)
      pages.push(...(await groups(`q=${m}&sort=count&size=2&page=${page}`)).content);
    expect(pages.map((g) => g.key)).toEqual(all.content.map((g) => g.key));
    const second = await groups(`q=${m}&sort=count&size=2&page=1`);
    expect(second).toMatchObject({ totalElements: 5, totalPages: 3 });
    const past = await groups(`q=${m}&size=2&page=9`);
    expect(past).toMatchObject({ content: [], totalElements: 5 });
    // lastSeen: the group reported last first
    expect((await groups(`q=${m}`)).content[0].nodeId).toBe('Task_P4');
  });

  it('reads the unfiltered view from counters the database keeps exact through every kind of change', async () => {
    // Every group of the database, page by page: unfiltered (the counters, incidentGroupCounts) and with
    // every status (which aggregates the incidents themselves). The two must agree after each change.
    const allGroups = async (filter: string) => {
      const found: Group[] = [];
      for (let page = 0; ; page++) {
        const p = await groups(`${filter}sort=count&size=100&page=${page}`);
        found.push(...p.content);
        if (page + 1 >= p.totalPages) return { found, total: p.totalElements };
      }
    };
    const agree = async () => {
      const counted = await allGroups('');
      expect(counted).toEqual(await allGroups('status=OPEN,ACKNOWLEDGED,RESOLVED&'));
      // A page past the end has no row to carry the total: each side counts its groups on its own.
      for (const source of ['', 'source=PROCESS_ENGINE&']) {
        const past = async (filter: string) => (await groups(`${source}${filter}page=1000000`)).totalElements;
        expect(await past('')).toBe(await past('status=OPEN,ACKNOWLEDGED,RESOLVED&'));
      }
      expect((await groups('page=1000000')).totalElements).toBe(counted.total);
      return counted.found;
    };
    const m = newMarker();
    const first = await report(as, { nodeId: 'Task_C1', message: `Queue ${m} stalled at 1` });
    const second = await report(as, { nodeId: 'Task_C1', message: `Queue ${m} stalled at 2` });
    const third = await report(as, { nodeId: 'Task_C1', message: `Queue ${m} stalled at 3` });
    const alone = await report(as, { nodeId: 'Task_C2', message: `Queue ${m} stalled at 4` });
    await storm(12, { nodeId: 'Task_C3', message: `Queue ${m} stalled at {n}` });
    const ofMarker = (found: Group[], nodeId: string) =>
      found.find((g) => g.nodeId === nodeId && g.template === `Queue ${m} stalled at #`);
    expect(ofMarker(await agree(), 'Task_C3')).toMatchObject({ count: 12, open: 12 });

    // An occurrence moves the last seen, transitions move the counts.
    await report(as, {
      nodeId: 'Task_C1',
      message: `Queue ${m} stalled at 2`,
      externalReferenceId: second.externalReferenceId,
    });
    await act(as, 'acknowledge', first.id, {});
    await act(as, 'resolve', third.id, {});
    expect(ofMarker(await agree(), 'Task_C1')).toMatchObject({
      count: 3,
      open: 1,
      acknowledged: 1,
      resolved: 1,
    });

    // Extremes that shrink are read again: the first seen moved later, the last seen earlier.
    await setTimestamp(t, [first.id, second.id, third.id], 'created_at', new Date('2026-01-02T03:04:05'));
    await setTimestamp(t, [first.id], 'created_at', new Date('2026-02-02T03:04:05'));
    await setTimestamp(t, [second.id], 'last_occurred_at', new Date('2030-01-01T00:00:00'));
    await setTimestamp(t, [second.id], 'last_occurred_at', new Date('2026-03-01T00:00:00'));
    await agree();

    // An incident moved to another group, and the last incident of a group deleted: the group is gone.
    await t.database.db.execute(sql`update incidents set node_id = 'Task_C2' where id = ${third.id}`);
    expect(ofMarker(await agree(), 'Task_C2')).toMatchObject({ count: 2, latestIncidentId: alone.id });
    await t.database.db.execute(sql`delete from incidents where id in (${alone.id}, ${third.id})`);
    expect(ofMarker(await agree(), 'Task_C2')).toBeUndefined();
  });

  it('refuses bad input with a 400 problem', async () => {
    for (const query of [
      'sort=size',
      'sort=count,desc',
      'size=0',
      'page=-1',
      'status=LOST',
      'group=nonsense',
      'group=WORKER:x:Task',
      'group=NOPE:1:Task',
    ]) {
      expectProblem(await as.get(`/incidents/groups?${query}`), 400, 'VALIDATION_FAILED');
    }
    expectProblem(await as.get('/incidents?group=WORKER:0:Task'), 400, 'VALIDATION_FAILED');
    expectProblem(await t.as(undefined).get('/incidents/groups'), 401);
  });
});

describe('bulk actions by filter', () => {
  it('acknowledges every incident of a group beyond 250, chunk by chunk, and nothing outside it', async () => {
    const m = newMarker();
    const ids = await storm(300, { nodeId: 'Task_Storm', message: `Invoice {n} ${m} rejected` });
    const outside = await storm(3, { nodeId: 'Task_Calm', message: `Invoice {n} ${m} rejected` });
    const [group] = (await groups(`q=${m}&sort=count`)).content;
    expect(group).toMatchObject({ count: 300, open: 300, nodeId: 'Task_Storm' });

    const answers = await drain('acknowledge-matching', {
      filter: { group: group.key },
      acknowledgedBy: 'on.call',
    });
    expect(answers.map((a) => [a.matched, a.applied, a.remaining])).toEqual([
      [300, 250, 50],
      [50, 50, 0],
    ]);
    expect(answers.flatMap((a) => a.results.map((r: { id: number }) => r.id))).toEqual(ids);
    expect(answers.every((a) => a.results.every((r: { outcome: string }) => r.outcome === 'APPLIED'))).toBe(
      true,
    );
    expect(await statusCounts(ids)).toEqual([{ status: 'ACKNOWLEDGED', n: 300 }]);
    expect(await statusCounts(outside)).toEqual([{ status: 'OPEN', n: 3 }]);
    expect(new Set(await eventCounts(ids, 'ACKNOWLEDGED'))).toEqual(new Set([1]));
    expect((await groups(`group=${encodeURIComponent(group.key)}`)).content[0]).toMatchObject({
      acknowledged: 300,
      open: 0,
    });
  });

  it('resolves everything a filter matches in one call of up to 1000, with every outcome', async () => {
    const m = newMarker();
    const ids = await storm(320, { nodeId: 'Task_R', message: `Ledger {n} ${m} closed` });
    await act(as, 'acknowledge', ids[0], {});
    const res = await post('resolve-matching', {
      filter: { q: m, status: ['OPEN', 'ACKNOWLEDGED'] },
      limit: 1000,
      resolutionAction: 'NOT_AN_ISSUE',
      resolutionNote: 'storm over',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      matched: 320,
      applied: 320,
      skipped: 0,
      notFound: 0,
      remaining: 0,
      nextAfterId: ids[319],
    });
    expect(res.body.results).toHaveLength(320);
    expect(await statusCounts(ids)).toEqual([{ status: 'RESOLVED', n: 320 }]);
    // Resolved incidents are not what resolve applies to: a second run finds none.
    expect((await post('resolve-matching', { filter: { q: m } })).body).toMatchObject({
      matched: 0,
      results: [],
    });
  });

  it('retries only WORKER incidents, going on past the ones it retried', async () => {
    const m = newMarker();
    const engine = await storm(2, { nodeId: 'Task_W', message: `Mail {n} ${m} bounced` });
    // WORKER incidents without a worker request cannot be retried: none is selected.
    await storm(2, { nodeId: 'Task_W', source: 'WORKER', message: `Mail {n} ${m} bounced` });
    const res = await post('retry-matching', { filter: { q: m } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ matched: 0, remaining: 0, results: [] });
    expect(await statusCounts(engine)).toEqual([{ status: 'OPEN', n: 2 }]);
  });

  it('refuses bad input with a 400 problem and changes nothing', async () => {
    const m = newMarker();
    await storm(2, { nodeId: 'Task_X', message: `Bad ${m} input {n}` });
    const bodies = [
      {},
      { filter: { q: m }, limit: 0 },
      { filter: { q: m }, limit: 1001 },
      { filter: { q: m }, afterId: -1 },
      { filter: { status: ['LOST'] } },
      { filter: { group: 'nonsense' } },
      { filter: { q: m }, acknowledgedBy: '  ' },
      { filter: 'everything' },
    ];
    for (const body of bodies) {
      const res = await withoutIncidentChange(t, () => post('acknowledge-matching', body));
      expectProblem(res, 400, 'VALIDATION_FAILED');
    }
    const res = await withoutIncidentChange(t, () =>
      post('resolve-matching', { filter: { q: m }, resolutionAction: 'MAGIC' }),
    );
    expectProblem(res, 400, 'VALIDATION_FAILED');
  });

  it.runIf(onPostgres)(
    'two runs racing over the same 300 incidents: each acknowledged once, one timeline entry each',
    async () => {
      const m = newMarker();
      const ids = await storm(300, { nodeId: 'Task_Race', message: `Race {n} ${m} lost` });
      const body = { filter: { q: m }, limit: 100 };
      const [first, second] = await Promise.all([
        drain('acknowledge-matching', { ...body, acknowledgedBy: 'racer.one' }),
        drain('acknowledge-matching', { ...body, acknowledgedBy: 'racer.two' }),
      ]);
      const results = [...first, ...second].flatMap(
        (a) => a.results as { id: number; outcome: string; reason?: string }[],
      );
      const applied = results.filter((r) => r.outcome === 'APPLIED');
      expect(applied).toHaveLength(300);
      expect(new Set(applied.map((r) => r.id))).toEqual(new Set(ids));
      // What one run found already acknowledged by the other is answered SKIPPED INVALID_STATE.
      for (const r of results.filter((r) => r.outcome !== 'APPLIED'))
        expect(r).toMatchObject({ outcome: 'SKIPPED', reason: 'INVALID_STATE' });
      const sum = (answers: typeof first) => answers.reduce((n, a) => n + a.applied, 0);
      expect(sum(first) + sum(second)).toBe(300);
      expect(await statusCounts(ids)).toEqual([{ status: 'ACKNOWLEDGED', n: 300 }]);
      expect(new Set(await eventCounts(ids, 'ACKNOWLEDGED'))).toEqual(new Set([1]));
      // The acknowledger recorded is the run whose entry the timeline holds.
      const mismatched = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`
        select count(*)::int as n from incidents i join incident_events e
          on e.incident_id = i.id and e.event_type = 'ACKNOWLEDGED'
        where i.id in ${ids} and e.actor is distinct from i.acknowledged_by`),
      );
      expect(Number(mismatched[0].n)).toBe(0);
    },
  );
});
