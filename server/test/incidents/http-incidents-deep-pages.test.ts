// Deep pages of GET /incidents: past DEEP_OFFSET rows a page is read from whichever end of the order is
// nearer (the rows after it, in the reverse order, turned back round). Every page must be exactly the page
// the forward order gives, for every sort, filter and page size, including the partial last page and the
// pages past the end. 6,000 incidents written in one statement (the API has no faster way to make them),
// then read over HTTP and checked against their order computed here.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { DEEP_OFFSET } from '../../services/incidents/list-incidents';
import { useTestApi, type Client } from '../support/http-helpers';
import {
  SEVERITIES,
  SOURCES,
  STATUSES,
  list,
  newProcessInstanceId,
  newReference,
  textArray,
  type Incident,
} from '../support/incident-helpers';

const L = useTestApi();
let as: Client;

const N = 6_000;
const PID = newProcessInstanceId();

interface Row {
  id: number;
  createdAt: number;
  updatedAt: number;
  status: number;
  source: number;
  severity: number;
  occurrenceCount: number;
  processInstanceId: number;
  needle: boolean;
}
let rows: Row[];

type Field = Exclude<keyof Row, 'needle'>;
type Sort = [Field, 'asc' | 'desc'][];

/** The ids of `subset` in the order `sort` gives, ties broken by id in the direction of the last key. */
function expectedOrder(subset: Row[], sort: Sort): number[] {
  const keys: Sort = sort.some(([f]) => f === 'id') ? sort : [...sort, ['id', sort[sort.length - 1][1]]];
  return [...subset]
    .sort((a, b) => {
      for (const [field, direction] of keys) {
        const d = a[field] - b[field];
        if (d !== 0) return direction === 'asc' ? d : -d;
      }
      return 0;
    })
    .map((r) => r.id);
}

const ids = (items: Incident[]) => items.map((i) => i.id);

const CHUNK = 1_000;

async function insertIncidents(reference: string, from: number, to: number) {
  await L.database.db.execute(sql`
    insert into incidents (process_instance_id, node_id, status, severity, source, message, technical_details,
      external_reference_id, occurrence_count, last_occurred_at, created_at, updated_at,
      acknowledged_at, acknowledged_by, resolved_at, resolved_by)
    select ${PID}::bigint + (g % 4 = 0)::int, 'Task_Deep', status, severity, source,
           case when g % 4 <> 1 then 'deep needle ' || g else 'deep incident ' || g end, '',
           ${reference} || '-' || g, 1 + (g * 13) % 9, at, at, at + (g * 7919 % 1000) * interval '1 second',
           case when status <> 'OPEN' then at end, case when status <> 'OPEN' then 'admin' end,
           case when status = 'RESOLVED' then at end, case when status = 'RESOLVED' then 'admin' end
    from (
      select g, timestamptz '2026-03-01 08:00:00+00' + (g / 10) * interval '1 minute' as at,
             (${textArray(STATUSES)}::incident_status[])[1 + g % 3] as status,
             (${textArray(SEVERITIES)}::incident_severity[])[1 + (g * 7) % 4] as severity,
             (${textArray(SOURCES)}::incident_source[])[1 + (g * 3) % 5] as source
      from generate_series(${from}::int, ${to}::int) g
    ) s`);
}

beforeAll(async () => {
  as = L.as((await L.admin()).token);
  const reference = newReference('deep');
  // Ten incidents share each createdAt, so ties straddle pages; the other sort keys are spread unevenly.
  // Inserted a thousand at a time: each statement stays well inside the service's statement timeout
  // (the rows' triggers keep counters and message templates) even on a loaded machine.
  for (let from = 1; from <= N; from += CHUNK)
    await insertIncidents(reference, from, Math.min(N, from + CHUNK - 1));
  rows = rowsOf<Record<string, string | number | boolean>>(
    await L.database.db.execute(sql`
      select id, extract(epoch from created_at) * 1000 as created, extract(epoch from updated_at) * 1000 as updated,
             array_position(${textArray(STATUSES)}::text[], status::text) as status,
             array_position(${textArray(SOURCES)}::text[], source::text) as source,
             array_position(${textArray(SEVERITIES)}::text[], severity::text) as severity,
             occurrence_count, process_instance_id, message like '%needle%' as needle
      from incidents`),
  ).map((r) => ({
    id: Number(r.id),
    createdAt: Number(r.created),
    updatedAt: Number(r.updated),
    status: Number(r.status),
    source: Number(r.source),
    severity: Number(r.severity),
    occurrenceCount: Number(r.occurrence_count),
    processInstanceId: Number(r.process_instance_id),
    needle: Boolean(r.needle),
  }));
  expect(rows).toHaveLength(N);
}, 60_000);

const CASES: { name: string; query: string; sort: Sort; keep: (r: Row) => boolean }[] = [
  { name: 'the default order', query: '', sort: [['createdAt', 'desc']], keep: () => true },
  {
    name: 'severity desc, then createdAt asc',
    query: 'sort=severity,desc&sort=createdAt,asc',
    sort: [
      ['severity', 'desc'],
      ['createdAt', 'asc'],
    ],
    keep: () => true,
  },
  {
    name: 'occurrenceCount',
    query: 'sort=occurrenceCount',
    sort: [['occurrenceCount', 'asc']],
    keep: () => true,
  },
  {
    name: 'unresolved by updatedAt desc (total from the counters)',
    query: 'status=OPEN,ACKNOWLEDGED&sort=updatedAt,desc',
    sort: [['updatedAt', 'desc']],
    keep: (r) => r.status !== STATUSES.indexOf('RESOLVED') + 1,
  },
  {
    name: 'three sources by id desc',
    query: 'source=WORKER,MESSAGE,AI_TASK&sort=id,desc',
    sort: [['id', 'desc']],
    keep: (r) =>
      r.source !== SOURCES.indexOf('PROCESS_ENGINE') + 1 && r.source !== SOURCES.indexOf('CODE_TASK') + 1,
  },
  {
    name: 'a process instance by status, then createdAt (a counted total)',
    query: `processInstanceId=${PID}&sort=status&sort=createdAt,desc`,
    sort: [
      ['status', 'asc'],
      ['createdAt', 'desc'],
    ],
    keep: (r) => r.processInstanceId === PID,
  },
  {
    name: 'text search (a counted total)',
    query: 'q=NEEDLE&sort=processInstanceId,desc',
    sort: [['processInstanceId', 'desc']],
    keep: (r) => r.needle,
  },
];

describe(`pages past ${DEEP_OFFSET} rows are the forward order's pages`, () => {
  it.each(CASES)('$name: the matches reach past the deep offset from both ends', ({ keep }) => {
    expect(rows.filter(keep).length).toBeGreaterThan(2 * DEEP_OFFSET);
  });

  it.each(CASES)('walking every page of 100: $name', async ({ query, sort, keep }) => {
    const expected = expectedOrder(rows.filter(keep), sort);
    const walked: number[] = [];
    for (let page = 0; page * 100 < expected.length; page++) {
      const p = await list(as, `${query}&size=100&page=${page}`);
      expect(p).toMatchObject({ number: page, size: 100, totalElements: expected.length });
      expect(p.numberOfElements).toBe(p.content.length);
      expect(p.last).toBe((page + 1) * 100 >= expected.length);
      walked.push(...ids(p.content));
    }
    expect(walked).toEqual(expected);
  });

  it.each(CASES)(
    'pages of 7 around the deep offset, the middle and the end: $name',
    async ({ query, sort, keep }) => {
      const expected = expectedOrder(rows.filter(keep), sort);
      const lastPage = Math.ceil(expected.length / 7) - 1;
      const around = (p: number) => [p - 1, p, p + 1];
      const pages = new Set(
        [
          ...around(Math.floor(DEEP_OFFSET / 7)),
          ...around(Math.floor(expected.length / 14)),
          ...around(lastPage - 1),
          lastPage + 1,
          lastPage + 50,
        ].filter((p) => p >= 0),
      );
      for (const page of pages) {
        const p = await list(as, `${query}&size=7&page=${page}`);
        const slice = expected.slice(page * 7, page * 7 + 7);
        expect(ids(p.content), `page ${page}`).toEqual(slice);
        expect(p).toMatchObject({
          number: page,
          totalElements: expected.length,
          totalPages: lastPage + 1,
          numberOfElements: slice.length,
          first: page === 0,
          last: page >= lastPage,
          empty: slice.length === 0,
        });
      }
    },
  );

  it('a page far past the end is empty and names the right totals', async () => {
    const p = await list(as, 'size=20&page=100000');
    expect(p).toEqual({
      content: [],
      number: 100000,
      size: 20,
      totalElements: N,
      totalPages: Math.ceil(N / 20),
      numberOfElements: 0,
      first: false,
      last: true,
      empty: true,
    });
  });
});
