// Text search (`q`) once the table has statistics: the trigram index is asked only for the rare parts of
// the text (server/services/incidents/text-search.ts), and the answer must still be exactly every incident
// whose message or reference contains the text, ignoring case. 3,000 incidents whose references share a
// long prefix (as every WORKER reference shares `worker-request:`), written in one statement and analysed,
// then searched over HTTP and checked against the substring matches computed here.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { forgetSearchStatistics, searchStatistics, selectiveParts } from '../services/incidents/text-search';
import { useTestApi, type Client } from './http-helpers';
import { list, newProcessInstanceId } from './incident-helpers';

describe('selectiveParts: which parts of the text the index is asked for', () => {
  const frequencies = {
    listed: new Map([
      ['wor', 0.3],
      ['ork', 0.3],
      ['rke', 0.3],
      ['ker', 0.3],
      ['req', 0.35],
      ['ues', 0.35],
      ['est', 0.4],
      ['que', 0.35],
      ['equ', 0.35],
      ['tim', 0.06],
      ['ime', 0.06],
      ['med', 0.06],
      ['out', 0.07],
      ['777', 0.02],
      ['abc', 0.005],
    ]),
    unlisted: 0.004,
  };

  it.each([
    ['worker-request:950001', ['950001']],
    ['WORKER-REQUEST:950001', ['950001']],
    ['request:42 order 4711', ['order', '4711']],
    ['950017-777x', ['950017', '77x']], // `777` is common: the part stops before it
    ['xyabcz', null], // one run, every trigram rare: the text itself
    ['timed out', null], // nothing rare: all of the text narrows the rows best
    ['worker-request', null],
    ['ab-cd', null], // no run of three
    ['größe 4711', ['4711']], // only ASCII trigrams are judged
  ])('%s: %j', (q, parts) => {
    expect(selectiveParts(q, frequencies)).toEqual(parts);
  });

  it('asks for the text itself without statistics', () => {
    expect(selectiveParts('worker-request:950001', undefined)).toBeNull();
  });
});

const L = useTestApi();
let as: Client;

const N = 3_000;
interface Row {
  id: number;
  message: string;
  reference: string;
}
let rows: Row[];

beforeAll(async () => {
  as = L.as((await L.admin()).token);
  const db = L.database.db;
  // References `worker-request:<n>`, one in 30 of another kind; messages from a few templates, some carrying
  // the same numbers, so that a text can match either column or both. Ids follow createdAt.
  await db.execute(sql`
    insert into incidents (process_instance_id, node_id, severity, source, message, technical_details,
      external_reference_id, last_occurred_at, created_at, updated_at)
    select ${newProcessInstanceId()}::bigint + g % 7, 'Task_Search', 'LOW', 'WORKER',
           case g % 5 when 0 then 'Payment provider timed out after 30 s'
                      when 1 then 'Order ' || g || ' not found in ERP'
                      when 2 then 'Worker request rejected: 100% quota used (code disk_full)'
                      when 3 then 'Request ' || (g * 7) % 3000 || ' Timed Out'
                      else 'Mapping failed for WORKER-REQUEST:' || (g * 13) % 3000 end, '',
           case when g % 30 = 0 then 'order-sync:' || g else 'worker-request:' || g end,
           at, at, at
    from (select g, timestamptz '2026-05-01 08:00:00+00' + g * interval '1 second' as at
          from generate_series(1, ${N}) g) s`);
  await db.execute(sql`analyze incidents`);
  forgetSearchStatistics(db);
  rows = rowsOf<{ id: number | string; message: string; external_reference_id: string }>(
    await db.execute(sql`select id, message, external_reference_id from incidents order by id desc`),
  ).map((r) => ({ id: Number(r.id), message: r.message, reference: r.external_reference_id }));
  expect(rows).toHaveLength(N);
}, 60_000);

describe('GET /incidents?q= with statistics', () => {
  it('the statistics make the index skip the common prefix of the references', async () => {
    const statistics = await searchStatistics(L.database.db);
    expect(selectiveParts('worker-request:1234', statistics.externalReferenceId)).toEqual(['1234']);
    expect(selectiveParts('worker-request:', statistics.externalReferenceId)).toBeNull();
  });

  it.each([
    'worker-request:1234',
    'WORKER-request:1234',
    'worker-request:1230', // 1230 is an order-sync reference: its digits alone find it
    'order-sync:1230',
    'request 1230',
    'for worker-request:2',
    'request:12',
    'st:123',
    '1234',
    '-request:29',
    'worker-request:',
    'order-sync:2',
    'order 17',
    'ORDER 1',
    'timed out',
    'Timed Out',
    'Out after 3',
    'request 12',
    ' request:12 ', // trimmed, as every search text
    'worker-request:12_',
    '100% quota',
    'disk_full',
    '1%',
    'worker-request:99999',
  ])('q=%s is every incident containing it, in message or reference', async (q) => {
    const needle = q.trim().toLowerCase();
    const expected = rows.filter(
      (r) => r.message.toLowerCase().includes(needle) || r.reference.toLowerCase().includes(needle),
    );
    const page = await list(as, `${new URLSearchParams({ q, size: '100' })}`);
    expect(page.totalElements).toBe(expected.length);
    expect(page.content.map((i) => i.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
    if (expected.length > 100) {
      const last = await list(
        as,
        `${new URLSearchParams({ q, size: '100', page: String(Math.floor((expected.length - 1) / 100)) })}`,
      );
      expect(last.content.map((i) => i.id)).toEqual(
        expected.slice(Math.floor((expected.length - 1) / 100) * 100).map((r) => r.id),
      );
    }
  });
});
