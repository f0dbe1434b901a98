// Keys that name a prototype (`__proto__`, `constructor`, `prototype`) never reach an input, on any entry point:
// every REST operation of the published document (body or query), every tRPC procedure (single, batched, by
// query), the Camunda-compatible paths. JSON.parse keeps `"__proto__"` as an own key; copied by assignment
// it became the prototype of a REST input, and `{"__proto__":{"permissionCodes":["ACCESS_BPM_ADMIN"]}}` made
// an administrator (server/transport/input-guard.ts). Each such request is a 400 naming the key, and every table of
// the database is as it was.
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { PERMISSION_CODES } from '../../permissions';
import { getOpenApiDocument } from '../../transport/openapi';
import { appOperations, restProcedures } from '../../routers';
import { openConsoleSession } from '../support/console-session-helpers';
import { api, unique } from '../support/helpers';
import {
  bearer,
  expectFieldError,
  expectProblem,
  newPassword,
  useTestApi,
  type Actor,
  type ApiResponse,
} from '../support/http-helpers';
import { newProcessInstanceId } from '../support/incident-helpers';

const t = useTestApi();
let actor: Actor;
beforeAll(async () => {
  // Every permission: the refusal must come from the input, never from a missing right.
  actor = await t.actor([...PERMISSION_CODES]);
});

/** Every table of the schema, read once (the migrations are done by then). */
let everyTable: SQL | undefined;

/**
 * Every row of every table, as text: what a refused request must leave exactly as it was. One statement. Not
 * the tokens' shared rate budgets (PostgreSQL): a refused request is spent from its token's budget too, and each
 * process reports what it spent in the background, whenever its interval falls.
 */
async function everyRow(): Promise<Record<string, string>> {
  const db = t.database.db;
  if (!everyTable) {
    const tables = rowsOf<{ name: string }>(
      await db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'token_rate_budgets'
            order by 1`,
      ),
    );
    everyTable = sql.join(
      tables.map(
        ({ name }) =>
          sql`select ${name}::text as name, (select string_agg(t::text, E'\n' order by t::text)
              from ${sql.identifier(name)} t) as rows`,
      ),
      sql` union all `,
    );
  }
  const rows = rowsOf<{ name: string; rows: string | null }>(await db.execute(everyTable));
  return Object.fromEntries(rows.map((row) => [row.name, row.rows ?? '']));
}

async function unchanged(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await everyRow();
  const res = await request();
  expect(await everyRow(), `the database changed on ${res.status}: ${res.text}`).toEqual(before);
  return res;
}

/** JSON texts, written out: a JavaScript object literal's `__proto__` would set its prototype instead. */
const HOSTILE_BODIES: [string, string][] = [
  ['__proto__', '{"__proto__":{"permissionCodes":["ACCESS_BPM_ADMIN"],"enabled":true,"name":"x"}}'],
  ['constructor', '{"constructor":{"prototype":{"permissionCodes":["ACCESS_BPM_ADMIN"]}}}'],
  ['prototype', '{"prototype":{"permissionCodes":["ACCESS_BPM_ADMIN"]}}'],
  ['filter.__proto__', '{"filter":{"__proto__":{"status":["OPEN"]}}}'],
  ['payload.order.__proto__', '{"payload":{"order":{"__proto__":{"isAdmin":true}}}}'],
];

const HOSTILE_QUERIES: [string, string][] = [
  ['__proto__', '__proto__=1'],
  ['__proto__', '__proto__=a&__proto__=b'],
  ['constructor', 'constructor=1'],
  ['prototype', 'prototype=1'],
];

const json = { 'content-type': 'application/json' };

it('the snapshot of every row sees a change (so that an unchanged one means something)', async () => {
  const before = await everyRow();
  expect(before.users).toContain(actor.username);
  await t.group();
  const after = await everyRow();
  expect(after.groups).not.toEqual(before.groups);
  expect(after.users).toEqual(before.users);
});

describe('the exploit as it was found', () => {
  it('creating a user or a group with permissions in __proto__ is 400, and nobody gets them', async () => {
    const username = unique('proto.user');
    const user = await unchanged(() =>
      t.call('POST', '/admin/users', {
        headers: { ...json, ...bearer(actor.token) },
        rawBody: `{"username":"${username}","password":"${newPassword()}","__proto__":{"permissionCodes":["ACCESS_BPM_ADMIN"]}}`,
      }),
    );
    expectFieldError(user, '__proto__');
    const code = unique('PROTO')
      .toUpperCase()
      .replace(/[^A-Z0-9_]/g, '_');
    const group = await unchanged(() =>
      t.call('POST', '/admin/groups', {
        headers: { ...json, ...bearer(actor.token) },
        rawBody: `{"code":"${code}","name":"g","__proto__":{"permissionCodes":["ACCESS_BPM_ADMIN"]}}`,
      }),
    );
    expectFieldError(group, '__proto__');
    // and the same request without the key is taken, with the permissions it names and no others
    const plain = await t.as(actor.token).post('/admin/users', { username, password: newPassword() });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.permissions).toEqual([]);
  });
});

/** Operations a bearer token is refused before anything else (AppMeta.consoleSessionOnly). */
const consoleSessionOnly = (method: string, path: string) =>
  restProcedures.some((p) => p.consoleSessionOnly && p.method === method && p.path === path);

describe('every REST operation of the published document', () => {
  const paths = getOpenApiDocument().paths ?? {};
  // Health and metrics are answered outside the procedures and read no input at all.
  const withoutInput = new Set(['/health', '/health/ready', '/metrics']);
  const operations = Object.entries(paths)
    .filter(([path]) => !withoutInput.has(path))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );

  it('lists the operations it sends to', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  /** The path with every parameter an id (the input is refused before anything looks it up). */
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

  describe.each(operations)('$method $path', ({ method, path }) => {
    const takesBody = method !== 'GET' && method !== 'DELETE';
    it.each(takesBody ? HOSTILE_BODIES : HOSTILE_QUERIES)(
      'a key %s is 400 naming it, and changes nothing',
      async (field, hostile) => {
        const res = await unchanged(() =>
          takesBody
            ? t.call(method, concrete(path), {
                headers: { ...json, ...bearer(actor.token) },
                rawBody: hostile,
              })
            : t.call(method, `${concrete(path)}?${hostile}`, { headers: bearer(actor.token) }),
        );
        // Refused before its input is read: a bearer token never adds a second factor.
        if (consoleSessionOnly(method, path)) expectProblem(res, 403, 'CONSOLE_SESSION_REQUIRED');
        else expectFieldError(res, field);
      },
    );
  });
});

describe('every tRPC procedure', () => {
  const procedures = [...appOperations].map(([name, { type }]) => ({ name, type }));

  /**
   * A tRPC call of `name` with `input` (JSON text), as the console's client sends it: with a bearer token,
   * or `cookie` (the operations that take a console session only).
   */
  const trpcCall = (name: string, type: string, input: string, cookie?: string) => {
    const credentials = cookie
      ? { cookie, origin: t.url, 'sec-fetch-site': 'same-origin' }
      : bearer(actor.token);
    return type === 'mutation'
      ? api(t.url, 'POST', `/trpc/${name}`, { headers: { ...json, ...credentials }, rawBody: input })
      : api(t.url, 'GET', `/trpc/${name}?input=${encodeURIComponent(input)}`, { headers: credentials });
  };

  type Problem = { errors?: { field: string }[] };
  /** The fields a refusal names: a tRPC error carries its problem document; a subscription answers one. */
  const fieldsOf = (body: unknown): string[] => {
    const { error, errors } = body as { error?: { problem?: Problem } } & Problem;
    return (error?.problem?.errors ?? errors ?? []).map((e) => e.field);
  };

  it.each(procedures)(
    '$name ($type): each key is a 400 naming it, and changes nothing',
    async ({ name, type }) => {
      // A new session: its last use is now, so the calls below write nothing to it.
      const cookie = appOperations.get(name)?.meta.consoleSessionOnly
        ? (await openConsoleSession(t.database, actor.user)).cookie
        : undefined;
      for (const [field, hostile] of HOSTILE_BODIES) {
        const res = await unchanged(() => trpcCall(name, type, hostile, cookie));
        expect(res.status, `${name} ${hostile}: ${res.text}`).toBe(400);
        expect(fieldsOf(res.body), res.text).toContain(field);
      }
    },
  );

  it('batched: every call of the batch is refused, whichever position the hostile input is in', async () => {
    const mutations = procedures.filter((p) => p.type === 'mutation').map((p) => p.name);
    const batch = ['admin.createUser', 'admin.createGroup'].filter((n) => mutations.includes(n));
    expect(batch).toHaveLength(2);
    const username = unique('batched');
    const res = await unchanged(() =>
      api(t.url, 'POST', `/trpc/${batch.join(',')}?batch=1`, {
        headers: { ...json, ...bearer(actor.token) },
        rawBody:
          `{"0":{"username":"${username}","password":"${newPassword()}","__proto__":{"permissionCodes":["ACCESS_BPM_ADMIN"]}},` +
          `"1":{"code":"BATCHED_PROTO","name":"g","constructor":{"prototype":{"permissionCodes":["ACCESS_BPM_ADMIN"]}}}}`,
      }),
    );
    const results = res.body as unknown[];
    expect(Array.isArray(results), res.text).toBe(true);
    expect(fieldsOf(results[0])).toContain('__proto__');
    expect(fieldsOf(results[1])).toContain('constructor');
    const queries = procedures.filter((p) => p.type === 'query').map((p) => p.name);
    const read = await api(
      t.url,
      'GET',
      `/trpc/${queries.slice(0, 3).join(',')}?batch=1&input=${encodeURIComponent(
        '{"0":{"__proto__":{"size":1}},"1":{"prototype":1},"2":{"constructor":1}}',
      )}`,
      { headers: bearer(actor.token) },
    );
    const reads = read.body as unknown[];
    expect(reads.map(fieldsOf), read.text).toEqual([['__proto__'], ['prototype'], ['constructor']]);
  });
});

describe('the Camunda-compatible paths', () => {
  it.each([
    '/engine-rest/external-task/fetchAndLock',
    '/engine-rest/external-task/1/complete',
    '/engine-rest/external-task/1/failure',
    '/engine-rest/external-task/1/bpmnError',
    '/engine-rest/external-task/1/extendLock',
    '/engine-rest/external-task/1/lock',
    '/engine-rest/external-task/1/unlock',
  ])('POST %s: each key is a 400 naming it, and changes nothing', async (path) => {
    for (const [field, hostile] of [
      ...HOSTILE_BODIES,
      ['variables.constructor', '{"workerId":"w","variables":{"constructor":{"value":1}}}'],
    ]) {
      // Camunda's error shape, not a problem document: api() rather than t.call().
      const res = await unchanged(() =>
        api(t.url, 'POST', path, { headers: { ...json, ...bearer(actor.token) }, rawBody: hostile }),
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.message, res.text).toContain(field);
    }
  });
});

describe('what stays allowed', () => {
  it('other names of Object.prototype are keys like any other', async () => {
    const incidents = await t.as(actor.token).get('/incidents?toString=1&hasOwnProperty=2&valueOf=3');
    expect(incidents.status, incidents.text).toBe(200);
    const res = await t.as(actor.token).post('/worker-requests', {
      processInstanceId: newProcessInstanceId(),
      nodeId: 'n',
      topic: 't',
      payload: { toString: 'a', valueOf: 1, proto: true, constructorName: 'x' },
    });
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.body.payload).toEqual({ toString: 'a', valueOf: 1, proto: true, constructorName: 'x' });
  });
});

it('a refused key is a problem document like any other 400', async () => {
  const res = await t.call('GET', '/incidents?__proto__=1', { headers: bearer(actor.token) });
  expectProblem(res, 400, 'VALIDATION_FAILED');
});
