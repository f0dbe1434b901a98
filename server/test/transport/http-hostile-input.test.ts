// Input no schema thinks of, found by fuzzing every operation: text PostgreSQL cannot store (NUL, half of a
// surrogate pair) anywhere in a body or query, JSON nested thousands deep, query keys that are names of
// Object.prototype, a cookie that is not percent-encoding, requests Node's HTTP parser refuses, impossible
// dates and numbers written as hex or exponents. Each is a 4xx problem document that changes nothing;
// never a 500, and never an empty answer.
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { problemOf } from '../../errors';
import { MAX_INPUT_DEPTH } from '../../transport/input-guard';
import { api } from '../support/helpers';
import {
  bearer,
  createTarget,
  expectFieldError,
  expectProblem,
  expectUnauthenticated,
  operationsWithBody,
  send,
  useTestApi,
  type Actor,
  type Client,
} from '../support/http-helpers';
import { newProcessInstanceId, report, reportBody } from '../support/incident-helpers';

const t = useTestApi();
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

/** `{"x": {"x": ... value ... }}`, `depth` objects deep. */
function nested(depth: number, value: unknown = 1): unknown {
  let v = value;
  for (let i = 0; i < depth; i++) v = { x: v };
  return v;
}

describe('text PostgreSQL cannot store', () => {
  describe.each(operationsWithBody)('$name', (op) => {
    it.each([
      ['a NUL', NUL],
      ['half of a surrogate pair', LONE_SURROGATE],
    ])('%s in any string field of the body is 400 naming the field, and changes nothing', async (_, bad) => {
      const target = await createTarget(t);
      const body = op.body!(target) as Record<string, unknown>;
      const fields = Object.keys(body).filter((k) => typeof body[k] === 'string');
      for (const field of fields) {
        const res = await t.withoutChange(() =>
          send(t, op, target, { headers: bearer(admin.token), body: { ...body, [field]: bad } }),
        );
        expectFieldError(res, field);
      }
      // and in a key the schema does not know
      const res = await t.withoutChange(() =>
        send(t, op, target, { headers: bearer(admin.token), body: { ...body, [NUL]: 1 } }),
      );
      expectProblem(res, 400, 'VALIDATION_FAILED');
    });
  });

  it("the database's own refusal of such text is a 400 too (the safety net behind the input check)", async () => {
    const refusal = await t.database.db.execute(sql`select ${NUL}::text`).then(
      () => 'stored',
      (e: unknown) => e,
    );
    expect(problemOf(refusal, 'test')).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('sign-in with a NUL in the username is 400, not a failed sign-in', async () => {
    const res = await t.call('POST', '/tokens', { body: { username: `ad${NUL}min`, password: 'x' } });
    expectFieldError(res, 'username');
  });

  it.each(['/admin/users', '/admin/groups', '/incidents', '/admin/audit-events'])(
    'a NUL in the search text of %s is 400',
    async (path) => {
      const param = path.endsWith('audit-events') ? 'actor' : 'q';
      const res = await as.get(`${path}?${param}=a%00b`);
      expectFieldError(res, param);
    },
  );

  it('an incident report, a resolution note and a bulk resolve: 400 naming the field, nothing written', async () => {
    const reported = await t.withoutChange(() => as.post('/incidents', reportBody({ message: NUL })));
    expectFieldError(reported, 'message');
    const incident = await report(as);
    const resolved = await t.withoutChange(() =>
      as.post(`/incidents/${incident.id}/resolve`, { resolutionNote: LONE_SURROGATE }),
    );
    expectFieldError(resolved, 'resolutionNote');
    const bulk = await t.withoutChange(() =>
      as.post('/incidents/bulk/resolve', { ids: [incident.id], resolvedBy: NUL }),
    );
    expectFieldError(bulk, 'resolvedBy');
  });

  it('a worker request whose JSON payload holds such text at any depth, in a value or a key', async () => {
    const request = (payload: unknown) =>
      t.withoutChange(() =>
        as.post('/worker-requests', {
          processInstanceId: newProcessInstanceId(),
          nodeId: 'n',
          topic: 't',
          payload,
        }),
      );
    expectFieldError(await request({ order: { lines: [{ sku: NUL }] } }), 'payload.order.lines.0.sku');
    expectFieldError(await request({ order: { [LONE_SURROGATE]: 1 } }), 'payload.order');
    // and the same payload with plain text is taken
    const ok = await as.post('/worker-requests', {
      processInstanceId: newProcessInstanceId(),
      nodeId: 'n',
      topic: 't',
      payload: { order: { lines: [{ sku: 'ab' }], '🙂': 'emoji are whole pairs' } },
    });
    expect(ok.status, ok.text).toBeLessThan(300);
  });
});

describe('nesting', () => {
  it('a body nested 5,000 deep (8 KB) is 400, before and after authentication', async () => {
    // written out: JSON.stringify itself runs out of stack on such a value
    const rawBody = `{"x":${'{"x":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const json = { 'content-type': 'application/json' };
    expectProblem(await t.call('POST', '/tokens', { rawBody, headers: json }), 400, 'VALIDATION_FAILED');
    expectUnauthenticated(await t.call('POST', '/admin/groups', { rawBody, headers: json }));
    const res = await t.withoutChange(() =>
      t.call('POST', '/admin/groups', { rawBody, headers: { ...json, ...bearer(admin.token) } }),
    );
    expectProblem(res, 400, 'VALIDATION_FAILED');
  });

  it(`a worker payload may nest ${MAX_INPUT_DEPTH - 2} deep, not deeper`, async () => {
    const body = (depth: number) => ({
      processInstanceId: newProcessInstanceId(),
      nodeId: 'n',
      topic: 't',
      payload: nested(depth) as Record<string, unknown>,
    });
    // the body is one level and the payload another
    const ok = await as.post('/worker-requests', body(MAX_INPUT_DEPTH - 2));
    expect(ok.status, ok.text).toBeLessThan(300);
    expect(ok.body.payload).toEqual(nested(MAX_INPUT_DEPTH - 2));
    const tooDeep = await t.withoutChange(() => as.post('/worker-requests', body(MAX_INPUT_DEPTH)));
    expectProblem(tooDeep, 400, 'VALIDATION_FAILED');
  });
});

describe('the query, the path and the cookies', () => {
  const prototypeMembers = 'toString=3&hasOwnProperty=4&valueOf=5&isPrototypeOf=6';

  it('query keys named like Object.prototype members are unknown keys like any other', async () => {
    expectUnauthenticated(await t.call('GET', `/admin/users?${prototypeMembers}`));
    const users = await as.get(`/admin/users?${prototypeMembers}`);
    expect(users.status, users.text).toBe(200);
    const incidents = await as.get(`/incidents?${prototypeMembers}`);
    expect(incidents.status, incidents.text).toBe(200);
  });

  it('query keys that name a prototype are refused (prototype-keys.test.ts: every operation)', async () => {
    expectUnauthenticated(await t.call('GET', '/admin/users?__proto__=1'));
    expectFieldError(await as.get(`/admin/users?${prototypeMembers}&__proto__=1`), '__proto__');
    expectFieldError(await as.get('/incidents?constructor=2'), 'constructor');
  });

  it('/api with only a query string is 404', async () => {
    expectProblem(await t.call('GET', '?x'), 404, 'NOT_FOUND');
  });

  it('a cookie that is not valid percent-encoding does not matter: 401 without a token, 200 with one', async () => {
    const cookie = { cookie: 'theme=%; next-auth.session-token=%E0%A4%A' };
    expectUnauthenticated(await t.call('GET', '/incidents', { headers: cookie }));
    const res = await t.call('GET', '/incidents', { headers: { ...cookie, ...bearer(admin.token) } });
    expect(res.status, res.text).toBe(200);
    // tRPC is where a session cookie is read at all (same-origin calls only).
    const sameOrigin = { ...cookie, 'sec-fetch-site': 'same-origin' };
    expect((await api(t.url, 'GET', '/trpc/auth.me', { headers: sameOrigin })).status).toBe(401);
    const me = await api(t.url, 'GET', '/trpc/auth.me', {
      headers: { ...sameOrigin, ...bearer(admin.token) },
    });
    expect(me.status, me.text).toBe(200);
  });
});

describe('dates and numbers', () => {
  it.each(['2099-02-30T10:00:00', '2099-02-29T00:00:00', '2099-13-01T00:00:00', '2099-01-01T24:00:00'])(
    'an API token expiring %s (no such time) is 400 and not created',
    async (expiresAt) => {
      const res = await t.withoutChange(() =>
        as.post(`/admin/users/${admin.id}/api-tokens`, { name: 'impossible', expiresAt }),
      );
      expectFieldError(res, 'expiresAt');
    },
  );

  it('a leap day is a day', async () => {
    const res = await as.post(`/admin/users/${admin.id}/api-tokens`, {
      name: 'leap',
      expiresAt: '2096-02-29T12:00:00',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.expiresAt).toBe('2096-02-29T12:00:00');
  });

  it.each([
    ['page=0x10', 'page'],
    ['page=%2B1', 'page'],
    ['page=%205%20', 'page'],
    ['size=1e1', 'size'],
    ['size=2.0', 'size'],
  ])('GET /incidents?%s is 400 naming %s (only digits)', async (query, field) => {
    expectFieldError(await as.get(`/incidents?${query}`), field);
  });

  it('days of the statistics: 1e1 is 400, 10 is ten days', async () => {
    expectFieldError(await as.get('/incidents/stats?days=1e1'), 'days');
    const res = await as.get('/incidents/stats?days=10');
    expect(res.status, res.text).toBe(200);
  });

  it('an empty page or size is the default; a size of many digits is served as 100', async () => {
    const res = await as.get('/incidents?page=&size=');
    expect(res.body).toMatchObject({ number: 0, size: 20 });
    const big = await as.get('/incidents?size=99999999999999999999');
    expect(big.body).toMatchObject({ size: 100 });
  });
});

describe('methods', () => {
  it.each([
    ['PATCH', '/incidents', 'GET, HEAD, POST'],
    ['DELETE', '/incidents/1', 'GET, HEAD'],
    ['PUT', '/incidents/summary', 'GET, HEAD'],
    ['GET', '/incidents/1/acknowledge', 'POST'],
    ['POST', '/admin/users/1', 'DELETE, GET, HEAD, PUT'],
  ])('%s %s is 405 naming the methods it answers (%s), and changes nothing', async (method, path, allow) => {
    const res = await t.withoutChange(() => t.call(method, path, { headers: bearer(admin.token) }));
    expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('HEAD is GET without the body: the same checks and status', async () => {
    // (api, not t.call: an error answer to HEAD has no problem body to check)
    const anonymous = await api(t.url, 'HEAD', '/incidents');
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe('');
    const signedIn = await api(t.url, 'HEAD', '/incidents/summary', { token: admin.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('content-type')).toMatch(/^application\/json/);
    expect(signedIn.text).toBe('');
    expect((await api(t.url, 'HEAD', '/incidents/999999999', { token: admin.token })).status).toBe(404);
  });

  it('an unknown path is 404 whatever the method', async () => {
    expectProblem(
      await t.call('PATCH', '/no-such-thing', { headers: bearer(admin.token) }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('tRPC and the HTTP layer', () => {
  it('tRPC input that is not JSON is 400 with a problem that says 400', async () => {
    // tRPC answers in its own envelope, with the problem inside
    const res = await api(t.url, 'GET', '/trpc/admin.listUsers?input=notjson', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error.problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  /** Sends raw bytes and returns the status line, headers and body of the answer. */
  function rawRequest(request: string): Promise<{ status: number; contentType: string; body: string }> {
    const { hostname, port } = new URL(t.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, body = ''] = text.split('\r\n\r\n');
        resolve({
          status: Number(head.split(' ')[1]),
          contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
          body,
        });
      });
    });
  }

  it.each([
    [
      'headers over 16 KiB',
      `GET /api/incidents HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    [
      'a Content-Length that is not a number',
      'POST /api/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      400,
    ],
  ])('%s: a problem document, then the connection closes', async (_, request, status) => {
    const res = await rawRequest(request);
    expect(res.status).toBe(status);
    expect(res.contentType).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body)).toMatchObject({ status, type: 'about:blank' });
  });
});
