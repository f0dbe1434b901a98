// The audit log's export (docs/contract.md §5, "Export"): GET /api/admin/audit-events/export as NDJSON (each
// line a record exactly as the list answers it) or CSV (hostile text neutralised, times in UTC), the list's
// filters applied, a bad filter refused before any byte, 2,500 records across several pages, and the
// console's download with its session cookie. Who may call it is tried with every kind of credential by
// server/test/auth/http-authz.test.ts and api-token-scopes.test.ts (OPERATIONS).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../services/admin/audit';
import { openConsoleSession } from '../support/console-session-helpers';
import { csvObjects, parseCsv } from '../support/downloads';
import { unique } from '../support/helpers';
import {
  expectFieldError,
  expectProblem,
  expectUnauthenticated,
  useTestApi,
  type Actor,
  type AuditEvent,
} from '../support/http-helpers';

const t = useTestApi();
let admin: Actor;

beforeAll(async () => {
  admin = await t.admin();
});

const exported = (query: string, token = admin.token) =>
  t.call('GET', `/admin/audit-events/export?${query}`, { token });

/** Every record the list answers for `query`, newest first. */
async function listed(query: string): Promise<AuditEvent[]> {
  const found: AuditEvent[] = [];
  for (let page = 0; ; page++) {
    const res = await t.as(admin.token).get(`/admin/audit-events?${query}&size=100&page=${page}`);
    expect(res.status, res.text).toBe(200);
    found.push(...res.body.content);
    if (res.body.last) return found;
  }
}

describe('content', () => {
  const actor = unique('exp');

  beforeAll(async () => {
    // Written as a service writes them, with what a hostile administrator could put in a name.
    const db = t.database.db;
    await recordAudit(db, {
      actor,
      action: 'group.create',
      targetType: 'group',
      targetId: 7,
      after: { name: '=cmd|"/c calc"!A1' },
    });
    await recordAudit(db, {
      actor,
      action: '@SUM(1)',
      targetType: 'user',
      targetId: null,
      before: { note: 'a,b\r\nc' },
    });
    await recordAudit(db, { actor, action: '-1+2', targetType: 'webhook', targetId: 3 });
  });

  it('as NDJSON: one record a line, each exactly as the list answers it', async () => {
    const res = await exported(`format=ndjson&actor=${actor}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-events-\d{8}-\d{6}Z\.ndjson"$/,
    );
    expect(res.text.endsWith('\n')).toBe(true);
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(await listed(`actor=${actor}`));
    expect(lines).toHaveLength(3);
  });

  it('in the format the Accept header prefers when the query names none; ?format= wins', async () => {
    const asked = (accept: string, query = `actor=${actor}`) =>
      t.call('GET', `/admin/audit-events/export?${query}`, { token: admin.token, headers: { accept } });
    const type = async (accept: string, query?: string) =>
      (await asked(accept, query)).headers.get('content-type');
    expect(await type('application/x-ndjson')).toBe('application/x-ndjson');
    expect(await type('text/csv;q=0.5, application/x-ndjson;q=0.9')).toBe('application/x-ndjson');
    expect(await type('application/x-ndjson;q=0.2, text/csv')).toBe('text/csv; charset=utf-8');
    // Nothing it offers, anything, or nothing said: the default, CSV.
    expect(await type('application/json')).toBe('text/csv; charset=utf-8');
    expect(await type('*/*')).toBe('text/csv; charset=utf-8');
    expect(await type('application/x-ndjson', `format=csv&actor=${actor}`)).toBe('text/csv; charset=utf-8');
    const lines = (await asked('application/x-ndjson')).text.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(await listed(`actor=${actor}`));
  });

  it('as CSV (the default): a header row, JSON snapshots as text, times in UTC, formulas neutralised', async () => {
    const res = await exported(`actor=${actor}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/filename="audit-events-\d{8}-\d{6}Z\.csv"$/);
    expect(parseCsv(res.text)[0]).toEqual([
      'id',
      'createdAt',
      'actor',
      'action',
      'targetType',
      'targetId',
      'targetPath',
      'before',
      'after',
    ]);
    const rows = csvObjects(res.text);
    const listedRecords = await listed(`actor=${actor}`);
    expect(rows.map((r) => Number(r.id))).toEqual(listedRecords.map((e) => e.id));
    expect(rows.map((r) => r.action)).toEqual(["'-1+2", "'@SUM(1)", 'group.create']);
    expect(JSON.parse(rows[2].after)).toEqual({ name: '=cmd|"/c calc"!A1' });
    expect(JSON.parse(rows[1].before)).toEqual({ note: 'a,b\r\nc' });
    expect(rows[0].before).toBe('');
    for (const row of rows) expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});

describe('filters', () => {
  const actor = unique('flt');
  beforeAll(async () => {
    // 2,500 records: three pages of the export's reads.
    await t.database.db.execute(sql`
      insert into audit_events (actor, action, target_type, target_id, created_at)
      select ${actor}, case when g % 2 = 0 then 'user.update' else 'group.update' end, 'user', null,
             timestamptz '2026-03-01 12:00:00+00' + g * interval '1 minute'
      from generate_series(1, 2500) g`);
  });

  it.each([
    ['actor', ''],
    ['action', '&action=group.update'],
    ['time', '&from=2026-03-02&to=2026-03-02'],
  ])('by %s: exactly what the list finds, in its order', async (_, filter) => {
    const query = `actor=${actor}${filter}`;
    const expected = (await listed(query)).map((e) => e.id);
    expect(expected.length).toBeGreaterThan(0);
    const lines = (await exported(`format=ndjson&${query}`)).text.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(expected);
    expect(csvObjects((await exported(query)).text).map((r) => Number(r.id))).toEqual(expected);
  });

  it('is empty when nothing matches: no line as NDJSON, the header alone as CSV', async () => {
    expect((await exported(`format=ndjson&actor=${unique('none')}`)).text).toBe('');
    expect(parseCsv((await exported(`actor=${unique('none')}`)).text)).toHaveLength(1);
  });

  it('refuses a bad filter with a 400 problem before any byte of a file', async () => {
    expectFieldError(await exported('format=xml'), 'format');
    expectFieldError(await exported('from=2026-13-01'), 'from');
    expectFieldError(await exported('from=2026-03-02&to=2026-03-01'), 'to');
    expectFieldError(await exported(`actor=${'a'.repeat(65)}`), 'actor');
  });
});

describe('the console', () => {
  it('downloads with its session cookie at /api/trpc/admin.exportAuditEvents, from its own pages only', async () => {
    const { cookie } = await openConsoleSession(t.database, admin.user);
    const path = `/trpc/admin.exportAuditEvents?input=${encodeURIComponent(JSON.stringify({ format: 'ndjson', actor: admin.username }))}`;
    const res = await t.call('GET', path, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expectUnauthenticated(await t.call('GET', path, { headers: { cookie, 'sec-fetch-site': 'cross-site' } }));
    const user = await t.actor(['ACCESS_PROCESS_PORTAL']);
    const other = await openConsoleSession(t.database, user.user);
    expectProblem(
      await t.call('GET', path, { headers: { cookie: other.cookie, 'sec-fetch-site': 'same-origin' } }),
      403,
      'FORBIDDEN',
    );
  });
});
