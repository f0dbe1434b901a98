// The incident API over HTTP (docs/seed-service-spec.md: incident half; docs/contract.md §2, §3, §6 and the
// reporting part of §8): reporting and its deduplication, the paged list with its filters and sort orders,
// one incident, its timeline, a process instance's incidents, the dashboard summary, the lifecycle from every
// state and the bulk actions. Real server, real database, real tokens.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import {
  LOCAL_DATE_TIME,
  PAGE_KEYS,
  expectProblem,
  useTestApi,
  type Actor,
  type Client,
} from '../support/http-helpers';
import {
  ACKNOWLEDGED_FIELDS,
  INCIDENT_FIELDS,
  RESOLUTION_ACTIONS,
  RESOLVED_FIELDS,
  SEVERITIES,
  SORT_FIELDS,
  SOURCES,
  STATUSES,
  act,
  countRows,
  eventsOf,
  expectEventShape,
  expectIncidentShape,
  getIncident,
  incidentIn,
  list,
  newProcessInstanceId,
  newReference,
  report,
  reportBody,
  setOccurrenceCount,
  setTimestamp,
  startOfToday,
  summary,
  typesOf,
  withoutIncidentChange,
  type Incident,
  type IncidentEvent,
} from '../support/incident-helpers';

const t = useTestApi();

let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

/** A local date-time written within the last minute (the server shares this process's clock and TZ). */
function expectRecent(value: string | null) {
  expect(value).toMatch(LOCAL_DATE_TIME);
  const at = new Date(value!).getTime();
  expect(Math.abs(Date.now() - at), `${value} is not now`).toBeLessThan(60_000);
}

const LONG_AGO = new Date(2020, 0, 1, 12, 0, 0);
const LONG_AGO_TEXT = '2020-01-01T12:00:00';

describe('reporting: POST /incidents', () => {
  it('a new report answers 200 with the incident: every seed field, nullable ones null, local date-times', async () => {
    const body = reportBody({
      source: 'WORKER',
      severity: 'CRITICAL',
      technicalDetails: 'java.net.ConnectException: Connection refused',
      externalReferenceId: newReference('worker-request'),
    });
    const res = await as.post('/incidents', body);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const incident = res.body as Incident;
    expectIncidentShape(incident);
    expect(incident).toMatchObject({
      ...body,
      status: 'OPEN',
      occurrenceCount: 1,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      resolutionAction: null,
    });
    // null is written, never omitted
    for (const field of [...ACKNOWLEDGED_FIELDS, ...RESOLVED_FIELDS]) {
      expect(res.text).toContain(`"${field}":null`);
    }
    expectRecent(incident.createdAt);
    expectRecent(incident.updatedAt);
    expect(incident.lastOccurredAt).toBe(incident.createdAt);
    expect(await getIncident(as, incident.id)).toEqual(incident);
  });

  it('technicalDetails may be left out: the incident still carries it as a string', async () => {
    const incident = await report(as);
    expect(typeof incident.technicalDetails).toBe('string');
    expect(Object.keys(incident)).toEqual(expect.arrayContaining([...INCIDENT_FIELDS]));
  });

  it('writes one CREATED timeline entry with actor null', async () => {
    const incident = await report(as);
    const events = await eventsOf(as, incident.id);
    expect(typesOf(events)).toEqual(['CREATED']);
    expectEventShape(events[0]);
    expect(events[0]).toMatchObject({ incidentId: incident.id, actor: null });
  });

  it('an engine account holding only ACCESS_ENGINE_API reports, but may not read incidents', async () => {
    const engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
    const res = await engine.post('/incidents', reportBody());
    expect(res.status, res.text).toBe(200);
    expectIncidentShape(res.body);
    expectProblem(await engine.get('/incidents'), 403, 'FORBIDDEN');
    expectProblem(await engine.get(`/incidents/${res.body.id}`), 403, 'FORBIDDEN');
    expectProblem(await engine.get('/incidents/summary'), 403, 'FORBIDDEN');
    // the admin sees what the engine reported
    expect((await getIncident(as, res.body.id)).externalReferenceId).toBe(res.body.externalReferenceId);
  });

  it('ACCESS_ENGINE_API held through a group is enough to report', async () => {
    const group = await t.group(['ACCESS_ENGINE_API']);
    const engine = t.as((await t.actor([], { groupIds: [group.id] })).token);
    expect((await engine.post('/incidents', reportBody())).status).toBe(200);
  });

  it('a repeat of an unresolved incident counts an occurrence on the same incident', async () => {
    const first = await report(as);
    await setTimestamp(t, [first.id], 'last_occurred_at', LONG_AGO);
    await setTimestamp(t, [first.id], 'created_at', LONG_AGO);
    const again = await report(as, {
      externalReferenceId: first.externalReferenceId,
      processInstanceId: first.processInstanceId,
      message: 'the same failure, reported again',
    });
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('OPEN');
    expect(again.occurrenceCount).toBe(2);
    expect(again.createdAt).toBe(LONG_AGO_TEXT);
    expectRecent(again.lastOccurredAt);
    expectRecent(again.updatedAt);

    const third = await report(as, { externalReferenceId: first.externalReferenceId });
    expect(third).toMatchObject({ id: first.id, occurrenceCount: 3 });

    const events = await eventsOf(as, first.id);
    expect(typesOf(events)).toEqual(['CREATED', 'OCCURRED_AGAIN', 'OCCURRED_AGAIN']);
    expect(events.map((e) => e.actor)).toEqual([null, null, null]);
    const found = await list(as, `q=${encodeURIComponent(first.externalReferenceId)}`);
    expect(found.content.map((i) => i.id)).toEqual([first.id]);
  });

  it('a repeat of an ACKNOWLEDGED incident counts the occurrence and keeps the acknowledgement', async () => {
    const acked = await incidentIn(as, 'ACKNOWLEDGED');
    const again = await report(as, { externalReferenceId: acked.externalReferenceId });
    expect(again).toMatchObject({
      id: acked.id,
      status: 'ACKNOWLEDGED',
      occurrenceCount: 2,
      acknowledgedBy: admin.username,
      acknowledgedAt: acked.acknowledgedAt,
    });
    expect(typesOf(await eventsOf(as, acked.id))).toEqual(['CREATED', 'ACKNOWLEDGED', 'OCCURRED_AGAIN']);
  });

  it('the same reference from another source is another incident', async () => {
    const ref = newReference('job');
    const a = await report(as, { source: 'PROCESS_ENGINE', externalReferenceId: ref });
    const b = await report(as, { source: 'CODE_TASK', externalReferenceId: ref });
    expect(b.id).not.toBe(a.id);
    expect([a.occurrenceCount, b.occurrenceCount]).toEqual([1, 1]);
    const found = await list(as, `q=${encodeURIComponent(ref)}&sort=id`);
    expect(found.content.map((i) => [i.id, i.source])).toEqual([
      [a.id, 'PROCESS_ENGINE'],
      [b.id, 'CODE_TASK'],
    ]);
  });

  it('a repeat of a RESOLVED incident reopens it: OPEN, acknowledgement and resolution cleared, counted', async () => {
    const incident = await report(as, { severity: 'MEDIUM' });
    await act(as, 'acknowledge', incident.id, {});
    await act(as, 'resolve', incident.id, {
      resolutionNote: 'restarted',
      resolutionAction: 'FIXED_MANUALLY',
    });
    await setTimestamp(t, [incident.id], 'last_occurred_at', LONG_AGO);

    const again = await report(as, { externalReferenceId: incident.externalReferenceId });
    expectIncidentShape(again);
    expect(again).toMatchObject({
      id: incident.id,
      status: 'OPEN',
      occurrenceCount: 2,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      resolutionAction: null,
    });
    expectRecent(again.lastOccurredAt);
    expect(await getIncident(as, incident.id)).toEqual(again);

    const events = await eventsOf(as, incident.id);
    expect(typesOf(events)).toEqual(['CREATED', 'ACKNOWLEDGED', 'RESOLVED', 'REOPENED']);
    expect(events.at(-1)!.actor).toBeNull();

    // once reopened, a further report is an ordinary repeat, still on the same incident
    const third = await report(as, { externalReferenceId: incident.externalReferenceId });
    expect(third).toMatchObject({ id: incident.id, status: 'OPEN', occurrenceCount: 3 });
    expect(typesOf(await eventsOf(as, incident.id)).at(-1)).toBe('OCCURRED_AGAIN');
    const found = await list(as, `q=${encodeURIComponent(incident.externalReferenceId)}`);
    expect(found.totalElements).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The list, on a database of its own holding a known set of 30 incidents.

const RANK = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 } as const;
type SortField = (typeof SORT_FIELDS)[number];
type Key = string | number;

function keyOf(incident: Incident, field: SortField): Key {
  return field === 'severity' ? RANK[incident.severity] : incident[field];
}

const cmp = (a: Key, b: Key) => (a < b ? -1 : a > b ? 1 : 0);

/** Runs of equal keys, in order. */
function runs<T>(items: T[], key: (item: T) => Key): T[][] {
  const out: T[][] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last && key(last[0]) === key(item)) last.push(item);
    else out.push([item]);
  }
  return out;
}

/** Within every run of equal keys the ids are strictly monotonic (ties broken by id). */
function expectTiesBrokenById(items: Incident[], key: (i: Incident) => Key) {
  for (const run of runs(items, key)) {
    const ids = run.map((i) => i.id);
    const asc = [...ids].sort((a, b) => a - b);
    expect([asc, [...asc].reverse()], `tie ${String(key(run[0]))} not ordered by id`).toContainEqual(ids);
  }
}

/**
 * `items` are ordered by `field` in `direction`. status and source have no order stated by the contract:
 * for them, every value forms one contiguous run (checked with the opposite direction by the caller).
 */
function expectOrderedBy(items: Incident[], field: SortField, direction: 'asc' | 'desc') {
  const key = (i: Incident) => keyOf(i, field);
  if (field === 'status' || field === 'source') {
    const values = runs(items, key).map((run) => key(run[0]));
    expect(new Set(values).size, `${field} values not grouped: ${values.join(',')}`).toBe(values.length);
  } else {
    const sign = direction === 'asc' ? 1 : -1;
    for (let i = 1; i < items.length; i++) {
      expect(
        sign * cmp(key(items[i - 1]), key(items[i])),
        `${field},${direction}: ${String(key(items[i - 1]))} before ${String(key(items[i]))}`,
      ).toBeLessThanOrEqual(0);
    }
  }
  expectTiesBrokenById(items, key);
}

const ids = (items: { id: number }[]) => items.map((i) => i.id);
const sortedIds = (items: { id: number }[]) => ids(items).sort((a, b) => a - b);

describe('listing: GET /incidents', () => {
  const L = useTestApi();
  let la: Client;
  /** The 30 incidents as the API shows them after all fixture writes, by id. */
  let all: Incident[];
  const PIDS = [
    newProcessInstanceId(),
    newProcessInstanceId(),
    newProcessInstanceId(),
    newProcessInstanceId(),
  ];
  const N = 30;
  const BASE = new Date(2026, 2, 10, 8, 0, 0);
  const plus = (minutes: number) => new Date(BASE.getTime() + minutes * 60_000);

  /** Messages and references that exercise q: case, LIKE wildcards, a backslash. */
  const SPECIAL: Record<number, { message?: string; externalReferenceId?: string }> = {
    0: { message: 'CPU at 100% on node 7' },
    1: { message: 'CPU at 100X on node 8' },
    2: { message: 'disk_full on /var' },
    3: { message: 'diskXfull on /tmp' },
    4: { message: 'Payment GATEWAY timed out' },
    5: { message: 'Cannot read C:\\temp\\in.csv' },
    6: { externalReferenceId: newReference('order-sync') },
    7: { message: 'payment gateway refused the card' },
  };

  beforeAll(async () => {
    la = L.as((await L.admin()).token);
    const created: Incident[] = [];
    for (let i = 0; i < N; i++) {
      const incident = await report(la, {
        source: SOURCES[i % 5],
        severity: SEVERITIES[(i * 3) % 4],
        processInstanceId: PIDS[i % 4],
        message: `Fixture incident number ${i}`,
        externalReferenceId: newReference('fixture'),
        ...SPECIAL[i],
      });
      const status = STATUSES[i % 3];
      if (status === 'ACKNOWLEDGED') await act(la, 'acknowledge', incident.id, {});
      if (status === 'RESOLVED') await act(la, 'resolve', incident.id, {});
      created.push(incident);
    }
    // Timestamps and counts no API sets: createdAt in three groups of ten that share one instant (ties
    // straddle every page), the others distinct and in no relation to id order.
    for (let i = 0; i < N; i++) {
      const id = created[i].id;
      await setTimestamp(L, [id], 'created_at', plus(60 * Math.floor(((i * 7) % 30) / 10)));
      await setTimestamp(L, [id], 'updated_at', plus((i * 11) % 30));
      await setTimestamp(L, [id], 'last_occurred_at', plus(2 * ((i * 13) % 30)));
      await setOccurrenceCount(L, id, (i % 4) + 1);
    }
    all = (await list(la, 'size=100&sort=id')).content;
    expect(all).toHaveLength(N);
  });

  describe('page', () => {
    it('has exactly the page fields; defaults: page 0, size 20, createdAt desc then id desc', async () => {
      const page = await list(la);
      expect(Object.keys(page).sort()).toEqual([...PAGE_KEYS].sort());
      expect({ ...page, content: undefined }).toEqual({
        content: undefined,
        number: 0,
        size: 20,
        totalElements: N,
        totalPages: 2,
        numberOfElements: 20,
        first: true,
        last: false,
        empty: false,
      });
      page.content.forEach(expectIncidentShape);
      const expected = [...all].sort((a, b) => cmp(b.createdAt, a.createdAt) || b.id - a.id);
      expect(ids(page.content)).toEqual(ids(expected).slice(0, 20));
    });

    it('the second page holds the rest and is the last', async () => {
      const page = await list(la, 'page=1');
      expect({ ...page, content: undefined }).toEqual({
        content: undefined,
        number: 1,
        size: 20,
        totalElements: N,
        totalPages: 2,
        numberOfElements: 10,
        first: false,
        last: true,
        empty: false,
      });
    });

    it('a size above 100 is served as 100', async () => {
      const page = await list(la, 'size=500');
      expect(page).toMatchObject({ size: 100, totalPages: 1, numberOfElements: N, first: true, last: true });
    });

    it('size 7: five pages, the last with 2', async () => {
      const last = await list(la, 'size=7&page=4');
      expect({ ...last, content: undefined }).toEqual({
        content: undefined,
        number: 4,
        size: 7,
        totalElements: N,
        totalPages: 5,
        numberOfElements: 2,
        first: false,
        last: true,
        empty: false,
      });
    });

    it('a page beyond the end is empty with the right totals', async () => {
      const page = await list(la, 'page=10&size=20');
      expect(page).toEqual({
        content: [],
        number: 10,
        size: 20,
        totalElements: N,
        totalPages: 2,
        numberOfElements: 0,
        first: false,
        last: true,
        empty: true,
      });
    });

    it('no match: an empty first page', async () => {
      const page = await list(la, `q=${encodeURIComponent('no such incident anywhere')}`);
      expect(page).toEqual({
        content: [],
        number: 0,
        size: 20,
        totalElements: 0,
        totalPages: 0,
        numberOfElements: 0,
        first: true,
        last: true,
        empty: true,
      });
    });

    it.each([
      ['page=-1', 'page'],
      ['size=0', 'size'],
      ['size=-5', 'size'],
      ['size=abc', 'size'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
    ])('%s is 400 naming %s', async (query, field) => {
      const bad = await la.get(`/incidents?${query}`);
      expectProblem(bad, 400, 'VALIDATION_FAILED');
      expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    });
  });

  describe('filters', () => {
    const matches = (query: Record<string, string>) =>
      all.filter((i) =>
        Object.entries(query).every(([k, v]) => {
          if (k === 'q') {
            const q = v.toLowerCase();
            return (
              i.message.toLowerCase().includes(q) ||
              i.externalReferenceId.toLowerCase().includes(q) ||
              i.nodeId.toLowerCase().includes(q) // node ids too
            );
          }
          return v.split(',').includes(String(i[k as keyof Incident]));
        }),
      );

    async function expectFilter(query: Record<string, string>, expectedCount?: number) {
      const expected = matches(query);
      if (expectedCount !== undefined) expect(expected).toHaveLength(expectedCount);
      const page = await list(la, `${new URLSearchParams({ ...query, size: '100' })}`);
      expect(sortedIds(page.content), JSON.stringify(query)).toEqual(sortedIds(expected));
      expect(page.totalElements).toBe(expected.length);
      return page;
    }

    it.each(STATUSES)('status=%s alone', async (status) => {
      await expectFilter({ status }, 10);
    });

    it.each(SOURCES)('source=%s alone', async (source) => {
      await expectFilter({ source }, 6);
    });

    it.each(SEVERITIES)('severity=%s alone', async (severity) => {
      const page = await expectFilter({ severity });
      expect(page.totalElements).toBeGreaterThan(0);
    });

    it('processInstanceId alone', async () => {
      for (const pid of PIDS) {
        const page = await expectFilter({ processInstanceId: String(pid) });
        expect(page.totalElements).toBeGreaterThan(0);
      }
      await expectFilter({ processInstanceId: String(newProcessInstanceId()) }, 0);
    });

    it.each([
      ['gateway', 2],
      ['GATEWAY', 2],
      ['Gateway Timed', 1],
      ['fixture incident number 1', 10], // 10..19
      ['ORDER-SYNC', 1],
      ['fixture:', N - 1], // every reference but the order-sync one
      ['no such text', 0],
    ])('q=%s: case-insensitive substring of message or externalReferenceId', async (q, n) => {
      await expectFilter({ q }, n);
    });

    it.each([
      ['%', 1],
      ['100%', 1],
      ['_', undefined], // every node id (Task_...) holds one too (q matches node ids)
      ['disk_full', 1],
      ['\\', 1],
      ['C:\\temp', 1],
    ])('q=%s matches LIKE wildcards and backslashes literally', async (q, n) => {
      await expectFilter({ q }, n);
    });

    it('filters combine (AND)', async () => {
      await expectFilter({ status: 'OPEN', source: 'WORKER' });
      await expectFilter({ severity: 'CRITICAL', processInstanceId: String(PIDS[1]) });
      await expectFilter({ q: 'gateway', status: 'OPEN' });
      await expectFilter({ q: 'fixture incident number', status: 'RESOLVED', severity: 'LOW' });
      const five = {
        status: 'ACKNOWLEDGED',
        source: 'CODE_TASK',
        severity: all.find((i) => i.status === 'ACKNOWLEDGED' && i.source === 'CODE_TASK')!.severity,
        processInstanceId: String(
          all.find((i) => i.status === 'ACKNOWLEDGED' && i.source === 'CODE_TASK')!.processInstanceId,
        ),
        q: 'fixture',
      };
      const page = await expectFilter(five);
      expect(page.totalElements).toBeGreaterThan(0);
    });

    it.each([
      [{ status: 'OPEN,ACKNOWLEDGED' }, 20],
      [{ status: 'OPEN,ACKNOWLEDGED,RESOLVED' }, N],
      [{ source: 'WORKER,MESSAGE' }, 12],
      [{ severity: 'HIGH,CRITICAL' }, undefined],
      [{ status: 'OPEN,ACKNOWLEDGED', severity: 'LOW,CRITICAL', q: 'fixture' }, undefined],
    ] as const)('several values, comma-separated, match any of them: %j', async (query, n) => {
      const page = await expectFilter(query, n);
      expect(page.totalElements).toBeGreaterThan(0);
    });

    it('several values may also repeat the parameter, and a repeated value counts once', async () => {
      const repeated = await list(la, 'status=OPEN&status=ACKNOWLEDGED&status=OPEN&size=100');
      const commas = await list(la, 'status=OPEN,ACKNOWLEDGED&size=100');
      expect(repeated.totalElements).toBe(20);
      expect(sortedIds(repeated.content)).toEqual(sortedIds(commas.content));
    });

    it('a filter with paging: totals count the filtered set', async () => {
      const page = await list(la, 'status=OPEN&size=3&page=1');
      expect(page).toMatchObject({ number: 1, size: 3, totalElements: 10, totalPages: 4 });
      expect(page.content.every((i) => i.status === 'OPEN')).toBe(true);
    });
  });

  describe('sorting', () => {
    it.each(SORT_FIELDS.flatMap((f) => (['asc', 'desc'] as const).map((d) => [f, d] as const)))(
      'sort=%s,%s',
      async (field, direction) => {
        const page = await list(la, `size=100&sort=${field},${direction}`);
        expect(page.totalElements).toBe(N);
        expectOrderedBy(page.content, field, direction);
        // the opposite direction is the reverse order of values
        const other = await list(la, `size=100&sort=${field},${direction === 'asc' ? 'desc' : 'asc'}`);
        const values = (items: Incident[]) =>
          runs(items, (i) => keyOf(i, field)).map((r) => keyOf(r[0], field));
        expect(values(other.content)).toEqual(values(page.content).reverse());
      },
    );

    it('severity sorts by rank LOW < MEDIUM < HIGH < CRITICAL, not alphabetically', async () => {
      const asc = await list(la, 'size=100&sort=severity,asc');
      expect(runs(asc.content, (i) => i.severity).map((r) => r[0].severity)).toEqual([
        'LOW',
        'MEDIUM',
        'HIGH',
        'CRITICAL',
      ]);
      const desc = await list(la, 'size=100&sort=severity,desc');
      expect(runs(desc.content, (i) => i.severity).map((r) => r[0].severity)).toEqual([
        'CRITICAL',
        'HIGH',
        'MEDIUM',
        'LOW',
      ]);
    });

    it('sort=field alone is ascending', async () => {
      expect(ids((await list(la, 'size=100&sort=id')).content)).toEqual(sortedIds(all));
      const byCount = (await list(la, 'size=100&sort=occurrenceCount')).content;
      expectOrderedBy(byCount, 'occurrenceCount', 'asc');
    });

    it('sort=id,desc is the ids descending', async () => {
      expect(ids((await list(la, 'size=100&sort=id,desc')).content)).toEqual(sortedIds(all).reverse());
    });

    it('repeated sort: sort=severity,desc&sort=createdAt,asc', async () => {
      const page = await list(la, 'size=100&sort=severity,desc&sort=createdAt,asc');
      const items = page.content;
      expect(items).toHaveLength(N);
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1], items[i]];
        const order = cmp(RANK[b.severity], RANK[a.severity]) || cmp(a.createdAt, b.createdAt);
        expect(order, `${a.severity} ${a.createdAt} before ${b.severity} ${b.createdAt}`).toBeLessThanOrEqual(
          0,
        );
      }
      expectTiesBrokenById(items, (i) => `${i.severity} ${i.createdAt}`);
      // and the second key matters: it is not the same as severity then the default createdAt desc
      const severityOnly = await list(la, 'size=100&sort=severity,desc&sort=createdAt,desc');
      expect(ids(severityOnly.content)).not.toEqual(ids(items));
    });

    it('sort may repeat with every field', async () => {
      const query = SORT_FIELDS.map((f, i) => `sort=${f},${i % 2 ? 'asc' : 'desc'}`).join('&');
      const page = await list(la, `size=100&${query}`);
      expect(ids(page.content)).toEqual(sortedIds(all).reverse()); // id comes first, descending
    });

    it('the default order is createdAt desc, then id desc', async () => {
      const page = await list(la, 'size=100');
      const expected = [...all].sort((a, b) => cmp(b.createdAt, a.createdAt) || b.id - a.id);
      expect(ids(page.content)).toEqual(ids(expected));
      // 10 incidents share each createdAt
      expect(runs(page.content, (i) => i.createdAt).map((r) => r.length)).toEqual([10, 10, 10]);
    });

    const walks = [
      '',
      'sort=createdAt,desc',
      'sort=createdAt,asc',
      'sort=status',
      'sort=source,desc',
      'sort=severity,asc',
      'sort=occurrenceCount,desc',
      'sort=processInstanceId',
      'sort=severity,desc&sort=createdAt,asc',
      'status=OPEN&sort=createdAt',
    ];
    it.each(walks)('walking all pages of size 7 (%s) returns every incident exactly once', async (query) => {
      const whole = await list(la, `${query}&size=100`);
      const walked: Incident[] = [];
      for (let page = 0; ; page++) {
        const p = await list(la, `${query}&size=7&page=${page}`);
        expect(p.totalElements).toBe(whole.totalElements);
        walked.push(...p.content);
        if (p.last) break;
        expect(page).toBeLessThan(10);
      }
      expect(ids(walked)).toEqual(ids(whole.content));
      expect(new Set(ids(walked)).size).toBe(whole.totalElements);
    });

    it('walking pages of size 3 by createdAt desc, where ten incidents share each createdAt', async () => {
      const seen: number[] = [];
      for (let page = 0; page < 10; page++)
        seen.push(...ids((await list(la, `size=3&page=${page}`)).content));
      expect([...seen].sort((a, b) => a - b)).toEqual(sortedIds(all));
    });

    it.each([
      'sort=name',
      'sort=created_at',
      'sort=createdAt,up',
      'sort=createdAt,asc,id',
      'sort=',
      'sort=message',
      'sort=createdAt&sort=bogus,desc',
    ])('%s is 400', async (query) => {
      const res = await la.get(`/incidents?${query}`);
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect((res.body.errors as { field: string }[]).some((e) => e.field.startsWith('sort'))).toBe(true);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('GET /incidents/{id}', () => {
  it('answers the incident', async () => {
    const incident = await report(as);
    const res = await as.get(`/incidents/${incident.id}`);
    expect(res.status).toBe(200);
    expectIncidentShape(res.body);
    expect(res.body).toEqual(incident);
  });

  it('an unknown id is 404 NOT_FOUND', async () => {
    expectProblem(await as.get('/incidents/987654321'), 404, 'NOT_FOUND');
  });

  it.each(['abc', '-1', '0', '1.5', '1e3', '9007199254740992'])('id %s is 400', async (id) => {
    expectProblem(await as.get(`/incidents/${id}`), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /incidents/{id}/events', () => {
  it('lists the timeline oldest first, with the acting user or null', async () => {
    const incident = await report(as);
    await report(as, { externalReferenceId: incident.externalReferenceId });
    await act(as, 'acknowledge', incident.id, {});
    await act(as, 'resolve', incident.id, { resolvedBy: 'ops.jane' });
    await act(as, 'reopen', incident.id);
    await report(as, { externalReferenceId: incident.externalReferenceId });

    const res = await as.get(`/incidents/${incident.id}/events`);
    expect(res.status).toBe(200);
    const events = res.body as IncidentEvent[];
    events.forEach(expectEventShape);
    expect(events.map((e) => [e.eventType, e.actor])).toEqual([
      ['CREATED', null],
      ['OCCURRED_AGAIN', null],
      ['ACKNOWLEDGED', admin.username],
      ['RESOLVED', 'ops.jane'],
      ['REOPENED', admin.username],
      ['OCCURRED_AGAIN', null],
    ]);
    expect(events.every((e) => e.incidentId === incident.id)).toBe(true);
    expect(ids(events)).toEqual(sortedIds(events));
    const times = events.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('an unknown incident is 404; a bad id is 400', async () => {
    expectProblem(await as.get('/incidents/987654321/events'), 404, 'NOT_FOUND');
    expectProblem(await as.get('/incidents/abc/events'), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /incidents/process-instances/{processInstanceId}', () => {
  it("answers the instance's incidents newest first, and only them", async () => {
    const pid = newProcessInstanceId();
    const a = await report(as, { processInstanceId: pid });
    const b = await report(as, { processInstanceId: pid, source: 'WORKER' });
    const c = await incidentIn(as, 'RESOLVED', { processInstanceId: pid });
    await report(as); // another instance
    // creation order unlike id order: b oldest, then c, then a newest
    await setTimestamp(t, [b.id], 'created_at', new Date(2026, 0, 1, 10));
    await setTimestamp(t, [c.id], 'created_at', new Date(2026, 0, 1, 11));
    await setTimestamp(t, [a.id], 'created_at', new Date(2026, 0, 1, 12));
    const res = await as.get(`/incidents/process-instances/${pid}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    (res.body as Incident[]).forEach(expectIncidentShape);
    expect(ids(res.body)).toEqual([a.id, c.id, b.id]);
    expect((res.body as Incident[]).every((i) => i.processInstanceId === pid)).toBe(true);
  });

  it('answers [] for an instance without incidents', async () => {
    const res = await as.get(`/incidents/process-instances/${newProcessInstanceId()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it.each(['abc', '-1', '0', '2.5'])('processInstanceId %s is 400', async (pid) => {
    expectProblem(await as.get(`/incidents/process-instances/${pid}`), 400, 'VALIDATION_FAILED');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('GET /incidents/summary', () => {
  type Summary = Awaited<ReturnType<typeof summary>>;

  /** The counts as the database has them (the contract's definitions, written as SQL). */
  async function countsInDb(): Promise<Summary> {
    const midnight = startOfToday().toISOString();
    return {
      openIncidents: await countRows(t, "select count(*) as n from incidents where status = 'OPEN'"),
      criticalIncidents: await countRows(
        t,
        "select count(*) as n from incidents where status in ('OPEN','ACKNOWLEDGED') and severity = 'CRITICAL'",
      ),
      acknowledgedIncidents: await countRows(
        t,
        "select count(*) as n from incidents where status = 'ACKNOWLEDGED'",
      ),
      incidentsCreatedToday: await countRows(
        t,
        `select count(*) as n from incidents where created_at >= '${midnight}'::timestamptz`,
      ),
    };
  }

  async function expectDelta(before: Summary, delta: Partial<Summary>): Promise<Summary> {
    const now = await summary(as);
    expect(now).toEqual({
      openIncidents: before.openIncidents + (delta.openIncidents ?? 0),
      criticalIncidents: before.criticalIncidents + (delta.criticalIncidents ?? 0),
      acknowledgedIncidents: before.acknowledgedIncidents + (delta.acknowledgedIncidents ?? 0),
      incidentsCreatedToday: before.incidentsCreatedToday + (delta.incidentsCreatedToday ?? 0),
    });
    expect(now).toEqual(await countsInDb());
    return now;
  }

  it('answers the four counts as integers, matching the database', async () => {
    const res = await as.get('/incidents/summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      openIncidents: expect.any(Number),
      criticalIncidents: expect.any(Number),
      acknowledgedIncidents: expect.any(Number),
      incidentsCreatedToday: expect.any(Number),
    });
    expect(res.body).toEqual(await countsInDb());
  });

  it('the counts move as incidents are reported, acknowledged, resolved and reopened', async () => {
    let s = await summary(as);
    const high = await report(as, { severity: 'HIGH' });
    s = await expectDelta(s, { openIncidents: 1, incidentsCreatedToday: 1 });
    const critical = await report(as, { severity: 'CRITICAL' });
    s = await expectDelta(s, { openIncidents: 1, criticalIncidents: 1, incidentsCreatedToday: 1 });
    // a repeat is the same incident: nothing moves
    await report(as, { severity: 'CRITICAL', externalReferenceId: critical.externalReferenceId });
    s = await expectDelta(s, {});

    await act(as, 'acknowledge', critical.id, {});
    s = await expectDelta(s, { openIncidents: -1, acknowledgedIncidents: 1 });
    await act(as, 'acknowledge', high.id, {});
    s = await expectDelta(s, { openIncidents: -1, acknowledgedIncidents: 1 });

    await act(as, 'resolve', critical.id, {});
    s = await expectDelta(s, { acknowledgedIncidents: -1, criticalIncidents: -1 });
    await act(as, 'resolve', high.id, {});
    s = await expectDelta(s, { acknowledgedIncidents: -1 });

    await act(as, 'reopen', critical.id);
    s = await expectDelta(s, { openIncidents: 1, criticalIncidents: 1 });

    // resolved, then reported again: reopened by the report
    await act(as, 'resolve', critical.id, {});
    s = await expectDelta(s, { openIncidents: -1, criticalIncidents: -1 });
    await report(as, { externalReferenceId: critical.externalReferenceId });
    s = await expectDelta(s, { openIncidents: 1, criticalIncidents: 1 });

    // an OPEN critical resolved directly
    const direct = await report(as, { severity: 'CRITICAL' });
    s = await expectDelta(s, { openIncidents: 1, criticalIncidents: 1, incidentsCreatedToday: 1 });
    await act(as, 'resolve', direct.id, {});
    await expectDelta(s, { openIncidents: -1, criticalIncidents: -1 });
  });

  it('incidentsCreatedToday counts from local midnight: one backdated to yesterday is not counted', async () => {
    const a = await report(as);
    const b = await report(as);
    const s = await summary(as);
    const midnight = startOfToday();
    await setTimestamp(t, [a.id], 'created_at', new Date(midnight.getTime() - 24 * 3600_000));
    const after = await expectDelta(s, { incidentsCreatedToday: -1 });
    // one second before midnight is yesterday; midnight itself is today
    await setTimestamp(t, [b.id], 'created_at', new Date(midnight.getTime() - 1000));
    const beforeMidnight = await expectDelta(after, { incidentsCreatedToday: -1 });
    await setTimestamp(t, [b.id], 'created_at', midnight);
    await expectDelta(beforeMidnight, { incidentsCreatedToday: 1 });
    // still open: it counts as open whatever its creation day
    expect((await getIncident(as, a.id)).status).toBe('OPEN');
  });
});

describe('route order', () => {
  it('/incidents/summary is the summary, not an incident with id "summary"', async () => {
    const res = await as.get('/incidents/summary');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['acknowledgedIncidents', 'criticalIncidents', 'incidentsCreatedToday', 'openIncidents'].sort(),
    );
  });

  it('/incidents/bulk/acknowledge and /bulk/resolve are the bulk actions, not /incidents/{id}/...', async () => {
    const incident = await report(as);
    const ack = await as.post('/incidents/bulk/acknowledge', { ids: [incident.id] });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.body).toEqual({ results: [{ id: incident.id, outcome: 'APPLIED' }] });
    const resolve = await as.post('/incidents/bulk/resolve', { ids: [incident.id] });
    expect(resolve.status, resolve.text).toBe(200);
    expect(resolve.body).toEqual({ results: [{ id: incident.id, outcome: 'APPLIED' }] });
  });
});

// ---------------------------------------------------------------------------------------------------------

type Action = 'acknowledge' | 'unacknowledge' | 'resolve' | 'reopen';
/** The actions that take no body (the seed's reopen; unacknowledge as it). */
const BODILESS = new Set<Action>(['reopen', 'unacknowledge']);
const ALLOWED: Record<Action, Incident['status'][]> = {
  acknowledge: ['OPEN'],
  unacknowledge: ['ACKNOWLEDGED'],
  resolve: ['OPEN', 'ACKNOWLEDGED'],
  reopen: ['RESOLVED'],
};
const RESULT: Record<Action, Incident['status']> = {
  acknowledge: 'ACKNOWLEDGED',
  unacknowledge: 'OPEN',
  resolve: 'RESOLVED',
  reopen: 'OPEN',
};
const EVENT: Record<Action, string> = {
  acknowledge: 'ACKNOWLEDGED',
  unacknowledge: 'UNACKNOWLEDGED',
  resolve: 'RESOLVED',
  reopen: 'REOPENED',
};

describe('lifecycle: every action from every state', () => {
  describe.each(['acknowledge', 'unacknowledge', 'resolve', 'reopen'] as const)(
    'POST /incidents/{id}/%s',
    (action) => {
      it.each(STATUSES)('from %s', async (from) => {
        const incident = await incidentIn(as, from);
        const events = await eventsOf(as, incident.id);
        const path = `/incidents/${incident.id}/${action}`;
        if (ALLOWED[action].includes(from)) {
          const res = await as.post(path, BODILESS.has(action) ? undefined : {});
          expect(res.status, res.text).toBe(200);
          expectIncidentShape(res.body);
          expect(res.body).toMatchObject({ id: incident.id, status: RESULT[action] });
          expect(await getIncident(as, incident.id)).toEqual(res.body);
          const after = await eventsOf(as, incident.id);
          expect(after.slice(0, events.length)).toEqual(events);
          expect(after).toHaveLength(events.length + 1);
          expect(after.at(-1)).toMatchObject({
            incidentId: incident.id,
            eventType: EVENT[action],
            actor: admin.username,
          });
        } else {
          const res = await withoutIncidentChange(t, () =>
            as.post(path, BODILESS.has(action) ? undefined : {}),
          );
          expectProblem(res, 409, 'INVALID_STATE');
          expect(res.body.detail).toContain(from);
          expect(await getIncident(as, incident.id)).toEqual(incident);
          expect(await eventsOf(as, incident.id)).toEqual(events);
        }
      });

      it('an unknown incident is 404 NOT_FOUND', async () => {
        const res = await withoutIncidentChange(t, () => as.post(`/incidents/987654321/${action}`, {}));
        expectProblem(res, 404, 'NOT_FOUND');
      });
    },
  );

  describe('unacknowledge', () => {
    it('takes the acknowledgement back: OPEN, who and when cleared, the assignee kept, one entry', async () => {
      const incident = await report(as);
      const assigned = await as.post(`/incidents/${incident.id}/assign`, { username: admin.username });
      expect(assigned.status, assigned.text).toBe(200);
      await act(as, 'acknowledge', incident.id, { acknowledgedBy: 'ops.sam' });
      const res = await t.call('POST', `/incidents/${incident.id}/unacknowledge`, { token: admin.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        status: 'OPEN',
        acknowledgedAt: null,
        acknowledgedBy: null,
        assignee: admin.username,
      });
      expectRecent(res.body.updatedAt);
      const events = await eventsOf(as, incident.id);
      expect(events.at(-1)).toMatchObject({
        eventType: 'UNACKNOWLEDGED',
        actor: admin.username,
        message: `Unacknowledged by ${admin.username}`,
      });
      // Acknowledged again afterwards, by someone else: the lifecycle carries on.
      expect(await act(as, 'acknowledge', incident.id, { acknowledgedBy: 'ops.kim' })).toMatchObject({
        status: 'ACKNOWLEDGED',
        acknowledgedBy: 'ops.kim',
      });
    });

    it('the counts move back: one more OPEN, one fewer ACKNOWLEDGED', async () => {
      const incident = await report(as);
      await act(as, 'acknowledge', incident.id);
      const before = (await as.get('/incidents/summary')).body;
      await act(as, 'unacknowledge', incident.id);
      const after = (await as.get('/incidents/summary')).body;
      expect(after.openIncidents - before.openIncidents).toBe(1);
      expect(after.acknowledgedIncidents - before.acknowledgedIncidents).toBe(-1);
    });
  });

  describe('acknowledge', () => {
    it('sets acknowledgedAt and acknowledgedBy, by default the caller', async () => {
      const incident = await report(as);
      await setTimestamp(t, [incident.id], 'updated_at', LONG_AGO);
      const acked = await act(as, 'acknowledge', incident.id, {});
      expect(acked).toMatchObject({
        status: 'ACKNOWLEDGED',
        acknowledgedBy: admin.username,
        resolvedAt: null,
        resolvedBy: null,
        occurrenceCount: 1,
        createdAt: incident.createdAt,
      });
      expectRecent(acked.acknowledgedAt);
      expectRecent(acked.updatedAt);
      expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
        eventType: 'ACKNOWLEDGED',
        actor: admin.username,
      });
    });

    it('uses acknowledgedBy from the body when given', async () => {
      const incident = await report(as);
      const acked = await act(as, 'acknowledge', incident.id, { acknowledgedBy: 'ops.jane' });
      expect(acked.acknowledgedBy).toBe('ops.jane');
      expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
        eventType: 'ACKNOWLEDGED',
        actor: 'ops.jane',
      });
    });

    it('the body is optional: no body and no Content-Type acknowledges as the caller', async () => {
      const incident = await report(as);
      const res = await t.call('POST', `/incidents/${incident.id}/acknowledge`, { token: admin.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: admin.username });
    });

    it('an acknowledgement by another admin names that admin', async () => {
      const other = await t.admin();
      const incident = await report(as);
      const acked = await act(t.as(other.token), 'acknowledge', incident.id);
      expect(acked.acknowledgedBy).toBe(other.username);
    });
  });

  describe('resolve', () => {
    it('sets resolvedAt and resolvedBy (the caller by default); note and action null when not given', async () => {
      const incident = await report(as);
      const resolved = await act(as, 'resolve', incident.id, {});
      expect(resolved).toMatchObject({
        status: 'RESOLVED',
        resolvedBy: admin.username,
        resolutionNote: null,
        resolutionAction: null,
      });
      expectRecent(resolved.resolvedAt);
      expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
        eventType: 'RESOLVED',
        actor: admin.username,
      });
    });

    it('uses resolvedBy, resolutionNote and resolutionAction from the body', async () => {
      const incident = await incidentIn(as, 'ACKNOWLEDGED');
      const resolved = await act(as, 'resolve', incident.id, {
        resolvedBy: 'ops.jane',
        resolutionNote: 'Gateway certificate renewed',
        resolutionAction: 'WORKAROUND_APPLIED',
      });
      expect(resolved).toMatchObject({
        status: 'RESOLVED',
        resolvedBy: 'ops.jane',
        resolutionNote: 'Gateway certificate renewed',
        resolutionAction: 'WORKAROUND_APPLIED',
      });
      expectRecent(resolved.resolvedAt);
      expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
        eventType: 'RESOLVED',
        actor: 'ops.jane',
      });
    });

    it.each(RESOLUTION_ACTIONS)('resolutionAction %s is accepted', async (resolutionAction) => {
      const incident = await report(as);
      expect((await act(as, 'resolve', incident.id, { resolutionAction })).resolutionAction).toBe(
        resolutionAction,
      );
    });

    it('a resolutionNote of 4000 characters is kept whole; 4001 is 400 and changes nothing', async () => {
      const incident = await report(as);
      const tooLong = await withoutIncidentChange(t, () =>
        as.post(`/incidents/${incident.id}/resolve`, { resolutionNote: 'n'.repeat(4001) }),
      );
      expectProblem(tooLong, 400, 'VALIDATION_FAILED');
      expect(tooLong.body.errors.map((e: { field: string }) => e.field)).toContain('resolutionNote');
      const note = `${'é'.repeat(1000)}${'n'.repeat(3000)}`;
      const resolved = await act(as, 'resolve', incident.id, { resolutionNote: note });
      expect(resolved.resolutionNote).toBe(note);
    });

    it('a resolutionAction outside the list is 400 and changes nothing', async () => {
      const incident = await report(as);
      for (const resolutionAction of ['FIXED', 'fixed_manually', '', 'RETRIED']) {
        const res = await withoutIncidentChange(t, () =>
          as.post(`/incidents/${incident.id}/resolve`, { resolutionAction }),
        );
        expectProblem(res, 400, 'VALIDATION_FAILED');
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('resolutionAction');
      }
    });
  });

  describe('reopen', () => {
    async function resolvedAfterAck() {
      const incident = await incidentIn(as, 'ACKNOWLEDGED');
      return act(as, 'resolve', incident.id, { resolutionNote: 'done', resolutionAction: 'OTHER' });
    }

    it('works with an empty body and no Content-Type; clears acknowledged* and resolved*', async () => {
      const incident = await resolvedAfterAck();
      expect(incident.acknowledgedBy).not.toBeNull();
      const res = await t.call('POST', `/incidents/${incident.id}/reopen`, { token: admin.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        id: incident.id,
        status: 'OPEN',
        acknowledgedAt: null,
        acknowledgedBy: null,
        resolvedAt: null,
        resolvedBy: null,
        resolutionNote: null,
        resolutionAction: null,
        occurrenceCount: incident.occurrenceCount,
      });
      expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
        eventType: 'REOPENED',
        actor: admin.username,
      });
    });

    it('works with {}', async () => {
      const incident = await resolvedAfterAck();
      const res = await as.post(`/incidents/${incident.id}/reopen`, {});
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'OPEN', acknowledgedBy: null, resolvedBy: null });
    });

    it('works with Content-Type application/json and an empty body', async () => {
      const incident = await resolvedAfterAck();
      const res = await t.call('POST', `/incidents/${incident.id}/reopen`, {
        token: admin.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe('OPEN');
    });

    it('a reopened incident goes round the lifecycle again', async () => {
      const incident = await resolvedAfterAck();
      await act(as, 'reopen', incident.id);
      const acked = await act(as, 'acknowledge', incident.id, { acknowledgedBy: 'second.round' });
      expect(acked.acknowledgedBy).toBe('second.round');
      const resolved = await act(as, 'resolve', incident.id, {});
      expect(resolved.resolutionNote).toBeNull();
      expect(typesOf(await eventsOf(as, incident.id))).toEqual([
        'CREATED',
        'ACKNOWLEDGED',
        'RESOLVED',
        'REOPENED',
        'ACKNOWLEDGED',
        'RESOLVED',
      ]);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('bulk actions', () => {
  const UNKNOWN = 987654321;

  it('POST /incidents/bulk/acknowledge: results in the order given; the applicable ones applied', async () => {
    const open1 = await report(as);
    const acked = await incidentIn(as, 'ACKNOWLEDGED');
    const resolved = await incidentIn(as, 'RESOLVED');
    const open2 = await report(as);
    const order = [open2.id, acked.id, UNKNOWN, resolved.id, open1.id];
    const before = { acked: await getIncident(as, acked.id), resolved: await getIncident(as, resolved.id) };
    const res = await as.post('/incidents/bulk/acknowledge', { ids: order });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['results']);
    expect(res.body.results).toEqual([
      { id: open2.id, outcome: 'APPLIED' },
      {
        id: acked.id,
        outcome: 'SKIPPED',
        reason: 'INVALID_STATE',
        detail: expect.stringMatching(/^Incident \d+ is /),
      },
      { id: UNKNOWN, outcome: 'NOT_FOUND' },
      {
        id: resolved.id,
        outcome: 'SKIPPED',
        reason: 'INVALID_STATE',
        detail: expect.stringMatching(/^Incident \d+ is /),
      },
      { id: open1.id, outcome: 'APPLIED' },
    ]);
    for (const incident of [open1, open2]) {
      expect(await getIncident(as, incident.id)).toMatchObject({
        status: 'ACKNOWLEDGED',
        acknowledgedBy: admin.username,
      });
      expect(typesOf(await eventsOf(as, incident.id))).toEqual(['CREATED', 'ACKNOWLEDGED']);
    }
    expect(await getIncident(as, acked.id)).toEqual(before.acked);
    expect(await getIncident(as, resolved.id)).toEqual(before.resolved);
    expect(typesOf(await eventsOf(as, acked.id))).toEqual(['CREATED', 'ACKNOWLEDGED']);
    expect(typesOf(await eventsOf(as, resolved.id))).toEqual(['CREATED', 'RESOLVED']);
  });

  it('bulk acknowledge uses acknowledgedBy from the body', async () => {
    const incident = await report(as);
    const res = await as.post('/incidents/bulk/acknowledge', {
      ids: [incident.id],
      acknowledgedBy: 'night.shift',
    });
    expect(res.body.results).toEqual([{ id: incident.id, outcome: 'APPLIED' }]);
    expect((await getIncident(as, incident.id)).acknowledgedBy).toBe('night.shift');
    expect((await eventsOf(as, incident.id)).at(-1)!.actor).toBe('night.shift');
  });

  it('POST /incidents/bulk/resolve: OPEN and ACKNOWLEDGED applied with the given fields, RESOLVED skipped', async () => {
    const open = await report(as);
    const acked = await incidentIn(as, 'ACKNOWLEDGED');
    const resolved = await incidentIn(as, 'RESOLVED');
    const res = await as.post('/incidents/bulk/resolve', {
      ids: [resolved.id, acked.id, UNKNOWN, open.id],
      resolvedBy: 'ops.jane',
      resolutionNote: 'mass fix',
      resolutionAction: 'DUPLICATE',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      {
        id: resolved.id,
        outcome: 'SKIPPED',
        reason: 'INVALID_STATE',
        detail: expect.stringMatching(/^Incident \d+ is /),
      },
      { id: acked.id, outcome: 'APPLIED' },
      { id: UNKNOWN, outcome: 'NOT_FOUND' },
      { id: open.id, outcome: 'APPLIED' },
    ]);
    for (const incident of [open, acked]) {
      const now = await getIncident(as, incident.id);
      expect(now).toMatchObject({
        status: 'RESOLVED',
        resolvedBy: 'ops.jane',
        resolutionNote: 'mass fix',
        resolutionAction: 'DUPLICATE',
      });
      expectRecent(now.resolvedAt);
      expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
        eventType: 'RESOLVED',
        actor: 'ops.jane',
      });
    }
    expect((await getIncident(as, resolved.id)).resolvedBy).toBe(admin.username);
    expect(typesOf(await eventsOf(as, resolved.id))).toEqual(['CREATED', 'RESOLVED']);
  });

  it('bulk resolve defaults resolvedBy to the caller', async () => {
    const incident = await report(as);
    await as.post('/incidents/bulk/resolve', { ids: [incident.id] });
    expect((await getIncident(as, incident.id)).resolvedBy).toBe(admin.username);
  });

  it('an id given twice: applied once, then skipped', async () => {
    const incident = await report(as);
    const res = await as.post('/incidents/bulk/acknowledge', { ids: [incident.id, incident.id] });
    expect(res.body.results).toEqual([
      { id: incident.id, outcome: 'APPLIED' },
      {
        id: incident.id,
        outcome: 'SKIPPED',
        reason: 'INVALID_STATE',
        detail: expect.stringMatching(/^Incident \d+ is /),
      },
    ]);
    expect(typesOf(await eventsOf(as, incident.id))).toEqual(['CREATED', 'ACKNOWLEDGED']);
  });

  it.each(['acknowledge', 'resolve'])(
    'bulk/%s takes 1 and 250 ids; 0 and 251 are 400 and change nothing',
    async (action) => {
      const incident = await report(as);
      const path = `/incidents/bulk/${action}`;
      for (const ids of [[], Array.from({ length: 251 }, (_, i) => incident.id + 1000 + i)]) {
        const res = await withoutIncidentChange(t, () => as.post(path, { ids }));
        expectProblem(res, 400, 'VALIDATION_FAILED');
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('ids');
      }
      const many = [incident.id, ...Array.from({ length: 249 }, (_, i) => UNKNOWN + i)];
      const res = await as.post(path, { ids: many });
      expect(res.status, res.text).toBe(200);
      expect(res.body.results).toHaveLength(250);
      expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(many);
      expect(res.body.results[0]).toEqual({ id: incident.id, outcome: 'APPLIED' });
      expect(res.body.results.slice(1).every((r: { outcome: string }) => r.outcome === 'NOT_FOUND')).toBe(
        true,
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------------------

describe("time zone: timestamps and 'today' follow the service's TZ", () => {
  /** created_at as the database has it, written as a local date-time in `zone`. */
  async function createdAtIn(id: number, zone: string) {
    const [row] = rowsOf<{ local: string }>(
      await t.database.db.execute(
        sql`select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS') as local
            from incidents where id = ${id}`,
      ),
    );
    return row.local;
  }

  it('with TZ=UTC, createdAt is the stored instant in UTC', async () => {
    const incident = await report(as);
    expect(incident.createdAt).toBe(await createdAtIn(incident.id, 'UTC'));
  });

  describe('with TZ=Asia/Kolkata (+05:30)', () => {
    const saved = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Asia/Kolkata';
    });
    afterAll(() => {
      process.env.TZ = saved;
    });

    it('createdAt, acknowledgedAt and timeline times are Kolkata local date-times', async () => {
      const incident = await report(as);
      expect(incident.createdAt).toBe(await createdAtIn(incident.id, 'Asia/Kolkata'));
      expect(incident.createdAt).not.toBe(await createdAtIn(incident.id, 'UTC'));
      const acked = await act(as, 'acknowledge', incident.id, {});
      expectRecent(acked.acknowledgedAt);
      const events = await eventsOf(as, incident.id);
      expect(events[0].createdAt.slice(0, 13)).toBe(incident.createdAt.slice(0, 13));
    });

    it('incidentsCreatedToday counts from Kolkata midnight', async () => {
      const incident = await report(as);
      const midnight = startOfToday(); // Kolkata midnight: this process has the service's TZ
      expect(midnight.getUTCHours() * 60 + midnight.getUTCMinutes()).toBe(18 * 60 + 30);
      await setTimestamp(t, [incident.id], 'created_at', midnight);
      const s = await summary(as);
      await setTimestamp(t, [incident.id], 'created_at', new Date(midnight.getTime() - 1000));
      expect((await summary(as)).incidentsCreatedToday).toBe(s.incidentsCreatedToday - 1);
      expect((await getIncident(as, incident.id)).createdAt).toMatch(/T23:59:59$/);
    });
  });
});
