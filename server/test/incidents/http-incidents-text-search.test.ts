// Text search (`q`) once the table has statistics: the trigram index is asked only for the rare parts of
// the text (server/services/incidents/text-search.ts), and the answer must still be exactly every incident
// whose message or reference contains the text, ignoring case. 3,000 incidents whose references share a
// long prefix (as every WORKER reference shares `worker-request:`), written in one statement and analysed,
// then searched over HTTP and checked against the substring matches computed here.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import {
  MAX_LISTED_TEXTS,
  forgetSearchStatistics,
  searchStatistics,
  searchesTemplates,
  selectiveParts,
} from '../../services/incidents/text-search';
import { useTestApi, type Client } from '../support/http-helpers';
import { SEVERITIES, SOURCES, list, newProcessInstanceId, textArray } from '../support/incident-helpers';

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
const CUSTOMERS = 1_200;
const PID = newProcessInstanceId();
interface Row {
  id: number;
  message: string;
  reference: string;
  status: string;
  source: string;
  severity: string;
  processInstanceId: number;
}
let rows: Row[];

async function readRows(): Promise<Row[]> {
  return rowsOf<Record<string, string | number>>(
    await L.database.db.execute(sql`
      select id, message, external_reference_id, status, source, severity, process_instance_id
      from incidents order by id desc`),
  ).map((r) => ({
    id: Number(r.id),
    message: String(r.message),
    reference: String(r.external_reference_id),
    status: String(r.status),
    source: String(r.source),
    severity: String(r.severity),
    processInstanceId: Number(r.process_instance_id),
  }));
}

beforeAll(async () => {
  as = L.as((await L.admin()).token);
  const db = L.database.db;
  // References `worker-request:<n>`, one in 30 of another kind; messages from a few templates, some carrying
  // numbers (so about 1,800 distinct messages), some the same numbers as references, so that a text can
  // match either column or both. Ids follow createdAt. Inserted without message_id: the trigger sets it.
  await db.execute(sql`
    insert into incidents (process_instance_id, node_id, severity, source, message, technical_details,
      external_reference_id, last_occurred_at, created_at, updated_at)
    select ${PID}::bigint + g % 7, 'Task_Search', (${textArray(SEVERITIES)}::incident_severity[])[1 + g % 4],
           (${textArray(SOURCES)}::incident_source[])[1 + (g * 3) % 5],
           case g % 5 when 0 then 'Payment provider timed out after 30 s'
                      when 1 then 'Order ' || g || ' not found in ERP'
                      when 2 then 'Worker request rejected: 100% quota used (code disk_full)'
                      when 3 then 'Request ' || (g * 7) % 3000 || ' Timed Out'
                      else 'Mapping failed for WORKER-REQUEST:' || (g * 13) % 3000 end, '',
           case when g % 30 = 0 then 'order-sync:' || g else 'worker-request:' || g end,
           at, at, at
    from (select g, timestamptz '2026-05-01 08:00:00+00' + g * interval '1 second' as at
          from generate_series(1, ${N}) g) s`);
  // And messages that differ by letters, which their templates keep: 1,200 distinct templates.
  await db.execute(sql`
    insert into incidents (process_instance_id, node_id, severity, source, message, technical_details,
      external_reference_id, last_occurred_at, created_at, updated_at)
    select ${PID}::bigint + g % 7, 'Task_Search', 'MEDIUM', 'MESSAGE',
           'Customer ' || translate(md5(g::text), '0123456789', 'ghijklmnop') || ' unknown to the CRM (code 7)',
           '', 'crm-sync:' || g, at, at, at
    from (select g, timestamptz '2026-05-02 08:00:00+00' + g * interval '1 second' as at
          from generate_series(1, ${CUSTOMERS}) g) s`);
  // Through the API, so that the counters follow real transitions: a third acknowledged, a sixth resolved.
  const ids = (await readRows()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 250) {
    const chunk = ids.slice(i, i + 250);
    const acknowledged = await as.post('/incidents/bulk/acknowledge', {
      ids: chunk.filter((id) => id % 3 === 0),
    });
    expect(acknowledged.status, acknowledged.text).toBe(200);
    const resolved = await as.post('/incidents/bulk/resolve', { ids: chunk.filter((id) => id % 6 === 1) });
    expect(resolved.status, resolved.text).toBe(200);
  }
  await db.execute(sql`analyze incidents, incident_messages, incident_message_templates`);
  forgetSearchStatistics(db);
  rows = await readRows();
  expect(rows).toHaveLength(N + CUSTOMERS);
}, 120_000);

/** What migration 0006's message_template makes of a message. */
const templateOf = (message: string) => message.replace(/[0-9]+/g, '#');

/** The incidents `query` must find, newest first, computed here from the rows. */
function expectedFor(query: Record<string, string>): Row[] {
  const q = query.q?.trim().toLowerCase() ?? '';
  return rows.filter(
    (r) =>
      (r.message.toLowerCase().includes(q) || r.reference.toLowerCase().includes(q)) &&
      (!query.status || query.status.split(',').includes(r.status)) &&
      (!query.source || query.source.split(',').includes(r.source)) &&
      (!query.severity || query.severity.split(',').includes(r.severity)) &&
      (!query.processInstanceId || String(r.processInstanceId) === query.processInstanceId),
  );
}

async function expectSearch(query: Record<string, string>) {
  const expected = expectedFor(query);
  const page = await list(as, `${new URLSearchParams({ ...query, size: '100' })}`);
  expect(page.totalElements, JSON.stringify(query)).toBe(expected.length);
  expect(page.content.map((i) => i.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
  return expected;
}

describe('GET /incidents?q= with statistics', () => {
  it('the statistics make the index skip the common prefix of the references', async () => {
    const statistics = await searchStatistics(L.database.db);
    expect(selectiveParts('worker-request:1234', statistics.externalReferenceId)).toEqual(['1234']);
    expect(selectiveParts('worker-request:', statistics.externalReferenceId)).toBeNull();
    expect(statistics.message).toBeDefined();
    expect(statistics.template).toBeDefined();
  });

  it('a text without digits or `#` is looked for among the templates, any other among the messages', () => {
    expect(searchesTemplates('timed out')).toBe(true);
    expect(searchesTemplates('Order 1')).toBe(false);
    expect(searchesTemplates('code #')).toBe(false);
  });

  it('some texts are in more distinct messages or templates than a statement lists, most in fewer', () => {
    const distinct = (text: string, key: (message: string) => string) =>
      new Set(rows.filter((r) => r.message.toLowerCase().includes(text)).map((r) => key(r.message))).size;
    expect(distinct('code 7', (m) => m)).toBeGreaterThan(MAX_LISTED_TEXTS);
    expect(distinct('unknown to the crm', templateOf)).toBeGreaterThan(MAX_LISTED_TEXTS);
    expect(distinct('order 1', (m) => m)).toBeLessThan(MAX_LISTED_TEXTS);
    expect(distinct('timed out', templateOf)).toBeLessThan(MAX_LISTED_TEXTS);
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
    'code 7', // in 1,200 distinct messages: more than a statement lists
    'unknown to the CRM', // in 1,200 distinct templates
    'CRM (code',
    'not found in',
    'out after',
    '#',
  ])('q=%s is every incident containing it, in message or reference', async (q) => {
    const expected = await expectSearch({ q });
    if (expected.length > 100) {
      const last = Math.floor((expected.length - 1) / 100);
      const page = await list(as, `${new URLSearchParams({ q, size: '100', page: String(last) })}`);
      expect(page.content.map((i) => i.id)).toEqual(expected.slice(last * 100).map((r) => r.id));
    }
  });

  it.each<Record<string, string>>([
    { q: 'timed out', status: 'ACKNOWLEDGED' },
    { q: 'timed out', status: 'OPEN,RESOLVED', severity: 'HIGH' },
    { q: 'request', source: 'WORKER' },
    { q: 'request', status: 'ACKNOWLEDGED', severity: 'MEDIUM,HIGH' },
    { q: 'code 7', status: 'OPEN' }, // more messages than a statement lists
    { q: 'unknown to the crm', status: 'ACKNOWLEDGED,RESOLVED' }, // more templates than a statement lists
    { q: 'unknown', processInstanceId: String(PID + 2) },
    { q: 'worker-request:1', status: 'RESOLVED', source: 'AI_TASK,MESSAGE' },
    { q: 'order', severity: 'LOW,CRITICAL' },
    { q: 'order 1', processInstanceId: String(PID + 3) },
    { q: 'request:2', processInstanceId: String(PID + 5), status: 'OPEN' },
  ])('q with other filters: %j', async (query) => {
    const expected = await expectSearch(query);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('the counters per template equal the incidents, after the transitions', async () => {
    const difference = rowsOf(
      await L.database.db.execute(sql`
        with counted as (
          select template_id, status, source, severity, sum(count) as n from incident_template_counts
          group by 1, 2, 3, 4 having sum(count) <> 0),
        actual as (select template_id, status, source, severity, count(*) as n from incidents group by 1, 2, 3, 4)
        (select * from counted except select * from actual) union all (select * from actual except select * from counted)`),
    );
    expect(difference).toEqual([]);
  });

  it('each distinct message and template is stored once, and every incident refers to its own', async () => {
    const [check] = rowsOf<Record<string, number>>(
      await L.database.db.execute(sql`
        select (select count(distinct message) from incidents)::int as messages,
               (select count(*) from incident_messages)::int as stored_messages,
               (select count(distinct message_template(message)) from incidents)::int as templates,
               (select count(*) from incident_message_templates)::int as stored_templates,
               (select count(*) from incidents i
                join incident_messages m on m.id = i.message_id
                join incident_message_templates t on t.id = m.template_id
                where m.message <> i.message or t.id <> i.template_id)::int as mismatched`),
    );
    const distinctTemplates = new Set(rows.map((r) => templateOf(r.message))).size;
    expect(check).toEqual({
      messages: check.stored_messages,
      stored_messages: check.stored_messages,
      templates: distinctTemplates,
      stored_templates: distinctTemplates,
      mismatched: 0,
    });
    expect(check.stored_messages).toBeGreaterThan(2_000);
  });
});
