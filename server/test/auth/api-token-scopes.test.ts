// API token scopes over HTTP: each scope against representative operations of every area, over REST, tRPC
// and batched tRPC; refused writes change nothing; a scope never lifts its user's permissions; new tokens
// expire after 90 days unless told otherwise; the scope is listed and audited.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { api } from '../support/helpers';
import { reportBody, report, newProcessInstanceId, type Incident } from '../support/incident-helpers';
import { formatLocalDateTime } from '../../time';
import {
  ADMIN,
  LOCAL_DATE_TIME,
  expectProblem,
  expectProblemShape,
  newCode,
  SECURITY_WEBHOOK,
  useTestApi,
  type Actor,
  type ApiResponse,
} from '../support/http-helpers';

const t = useTestApi();
const ENGINE = 'ACCESS_ENGINE_API' as const;
const SCOPES = ['READ_ONLY', 'INCIDENTS', 'WORKER', 'METRICS', 'FULL'] as const;
type Scope = (typeof SCOPES)[number];

/** Fresh rows an operation acts on: an OPEN incident and a process instance. */
interface Target {
  incident: Incident;
  processInstanceId: number;
}

/** One operation, as REST and as tRPC, with the scopes that may run it. */
interface Operation {
  name: string;
  type: 'query' | 'mutation';
  allowedFor: Scope[];
  rest: (target: Target) => { method: string; path: string; body?: unknown };
  procedure: string;
  input: (target: Target) => unknown;
}

const reportInput = () => reportBody();
const workerRequestInput = () => ({
  processInstanceId: newProcessInstanceId(),
  nodeId: 'Task_1',
  topic: 'mail',
});

const OPERATIONS: Operation[] = [
  {
    name: 'list incidents',
    type: 'query',
    allowedFor: ['READ_ONLY', 'INCIDENTS', 'FULL'],
    rest: () => ({ method: 'GET', path: '/incidents?size=1' }),
    procedure: 'incidents.list',
    input: () => ({ size: 1 }),
  },
  {
    name: 'acknowledge an incident',
    type: 'mutation',
    allowedFor: ['INCIDENTS', 'FULL'],
    rest: (x) => ({ method: 'POST', path: `/incidents/${x.incident.id}/acknowledge`, body: {} }),
    procedure: 'incidents.acknowledge',
    input: (x) => ({ id: x.incident.id }),
  },
  {
    name: 'add a note to an incident',
    type: 'mutation',
    allowedFor: ['INCIDENTS', 'FULL'],
    rest: (x) => ({ method: 'POST', path: `/incidents/${x.incident.id}/notes`, body: { text: 'scoped' } }),
    procedure: 'incidents.addNote',
    input: (x) => ({ id: x.incident.id, text: 'scoped' }),
  },
  {
    name: 'bulk-resolve incidents',
    type: 'mutation',
    allowedFor: ['INCIDENTS', 'FULL'],
    rest: (x) => ({ method: 'POST', path: '/incidents/bulk/resolve', body: { ids: [x.incident.id] } }),
    procedure: 'incidents.bulkResolve',
    input: (x) => ({ ids: [x.incident.id] }),
  },
  {
    name: 'list silences',
    type: 'query',
    allowedFor: ['READ_ONLY', 'INCIDENTS', 'FULL'],
    rest: () => ({ method: 'GET', path: '/silences?size=1' }),
    procedure: 'silences.list',
    input: () => ({ size: 1 }),
  },
  {
    name: 'create a silence',
    type: 'mutation',
    allowedFor: ['INCIDENTS', 'FULL'],
    rest: (x) => ({ method: 'POST', path: '/silences', body: silenceInput(x) }),
    procedure: 'silences.create',
    input: (x) => silenceInput(x),
  },
  {
    name: 'report an incident',
    type: 'mutation',
    allowedFor: ['WORKER', 'FULL'],
    rest: () => ({ method: 'POST', path: '/incidents', body: reportInput() }),
    procedure: 'incidents.report',
    input: reportInput,
  },
  {
    name: 'publish a worker request',
    type: 'mutation',
    allowedFor: ['WORKER', 'FULL'],
    rest: () => ({ method: 'POST', path: '/worker-requests', body: workerRequestInput() }),
    procedure: 'workers.create',
    input: workerRequestInput,
  },
  {
    name: 'read a process instance',
    type: 'query',
    allowedFor: ['READ_ONLY', 'WORKER', 'FULL'],
    rest: (x) => ({ method: 'GET', path: `/process-instances/${x.processInstanceId}` }),
    procedure: 'workers.processInstance',
    input: (x) => ({ id: x.processInstanceId }),
  },
  {
    name: 'list users',
    type: 'query',
    allowedFor: ['READ_ONLY', 'FULL'],
    rest: () => ({ method: 'GET', path: '/admin/users' }),
    procedure: 'admin.listUsers',
    input: () => ({}),
  },
  {
    name: 'create a group',
    type: 'mutation',
    allowedFor: ['FULL'],
    rest: () => ({ method: 'POST', path: '/admin/groups', body: { code: newCode(), name: 'Scoped' } }),
    procedure: 'admin.createGroup',
    input: () => ({ code: newCode(), name: 'Scoped' }),
  },
  {
    name: 'subscribe to security events',
    type: 'mutation',
    allowedFor: ['FULL'],
    rest: () => ({ method: 'POST', path: '/admin/webhooks', body: SECURITY_WEBHOOK }),
    procedure: 'webhooks.create',
    input: () => SECURITY_WEBHOOK,
  },
  {
    name: 'subscribe to incident events',
    type: 'mutation',
    allowedFor: ['FULL'],
    rest: () => ({ method: 'POST', path: '/admin/webhooks', body: INCIDENT_WEBHOOK }),
    procedure: 'webhooks.create',
    input: () => INCIDENT_WEBHOOK,
  },
];

const INCIDENT_WEBHOOK = { ...SECURITY_WEBHOOK, name: 'Ops', eventTypes: ['incident.created'] };

let admin: Actor;
/** Tokens of a user who holds every permission, one per scope. */
const tokens = {} as Record<Scope, string>;

async function createToken(userId: number, body: Record<string, unknown>): Promise<ApiResponse> {
  return t.as(admin.token).post(`/admin/users/${userId}/api-tokens`, { name: 'scoped', ...body });
}

const silenceInput = (x: Target) => ({
  name: 'scoped',
  nodeId: x.incident.nodeId,
  endsAt: formatLocalDateTime(new Date(Date.now() + 3_600_000)),
});

async function newTarget(): Promise<Target> {
  const incident = await report(t.as(admin.token));
  // A worker request registers its process instance.
  const request = await t.as(admin.token).post('/worker-requests', workerRequestInput());
  expect(request.status, request.text).toBe(200);
  return { incident, processInstanceId: request.body.processInstanceId };
}

/** Every table an operation could write, as text (api_tokens without last_used_at, which every use moves). */
async function databaseState(): Promise<Record<string, string>> {
  const tables = {
    users: 'select * from users',
    groups: 'select * from groups',
    user_groups: 'select * from user_groups',
    api_tokens: 'select id, user_id, name, token_hash, scope, expires_at from api_tokens',
    audit_events: 'select * from audit_events',
    incidents: 'select * from incidents',
    incident_events: 'select * from incident_events',
    silences: 'select * from silences',
    process_instances: 'select * from process_instances',
    worker_requests: 'select * from worker_requests',
    outbox: 'select * from outbox',
    webhook_subscriptions: 'select * from webhook_subscriptions',
  };
  const state: Record<string, string> = {};
  for (const [name, query] of Object.entries(tables)) {
    const [row] = rowsOf<{ rows: string }>(
      await t.database.db.execute(
        sql.raw(`select coalesce(string_agg(r::text, ';' order by r::text), '') as rows from (${query}) r`),
      ),
    );
    state[name] = row.rows;
  }
  return state;
}

/** A tRPC call over HTTP: GET with `input` for a query, POST with the input as body for a mutation. */
async function trpc(token: string, procedure: string, type: Operation['type'], input: unknown) {
  return type === 'query'
    ? api(t.url, 'GET', `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { token })
    : api(t.url, 'POST', `/trpc/${procedure}`, { token, body: input });
}

/** One batched tRPC request of operations of one type; the status of each entry. */
async function trpcBatch(
  token: string,
  type: Operation['type'],
  calls: { procedure: string; input: unknown }[],
) {
  const paths = calls.map((c) => c.procedure).join(',');
  const inputs = Object.fromEntries(calls.map((c, i) => [String(i), c.input]));
  const res =
    type === 'query'
      ? await api(
          t.url,
          'GET',
          `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
          {
            token,
          },
        )
      : await api(t.url, 'POST', `/trpc/${paths}?batch=1`, { token, body: inputs });
  expect(Array.isArray(res.body), res.text).toBe(true);
  return (res.body as { result?: unknown; error?: { data: { httpStatus: number }; message: string } }[]).map(
    (entry) =>
      entry.error ? { status: entry.error.data.httpStatus, message: entry.error.message } : { status: 200 },
  );
}

function expectScopeRefusal(res: ApiResponse, scope: Scope) {
  expectProblem(res, 403, 'FORBIDDEN');
  expect(res.body.detail).toContain(`scope ${scope}`);
}

beforeAll(async () => {
  admin = await t.admin();
  const holder = await t.actor([ADMIN, ENGINE]);
  for (const scope of SCOPES) {
    const created = await createToken(holder.id, { scope });
    expect(created.status, created.text).toBe(200);
    tokens[scope] = created.body.token;
  }
});

describe.each(SCOPES)('a %s token', (scope) => {
  describe.each(OPERATIONS)('$name', (operation) => {
    const allowed = operation.allowedFor.includes(scope);

    it(`over REST: ${allowed ? 'allowed' : '403, nothing changed'}`, async () => {
      const target = await newTarget();
      const { method, path, body } = operation.rest(target);
      const before = allowed ? undefined : await databaseState();
      const res = await api(t.url, method, path, { token: tokens[scope], body });
      if (allowed) {
        expect(res.status, res.text).toBe(200);
      } else {
        expectScopeRefusal(res, scope);
        expect(await databaseState()).toEqual(before);
      }
    });

    it(`over tRPC: ${allowed ? 'allowed' : '403, nothing changed'}`, async () => {
      const target = await newTarget();
      const before = allowed ? undefined : await databaseState();
      const res = await trpc(tokens[scope], operation.procedure, operation.type, operation.input(target));
      if (allowed) {
        expect(res.status, res.text).toBe(200);
      } else {
        expect(res.status, res.text).toBe(403);
        expect(res.body.error.message).toContain(`scope ${scope}`);
        expect(await databaseState()).toEqual(before);
      }
    });
  });

  it.each(['query', 'mutation'] as const)(
    'in one batched tRPC request of %s operations: each entry allowed or refused by itself, refused ones change nothing',
    async (type) => {
      const operations = OPERATIONS.filter((o) => o.type === type);
      const target = await newTarget();
      const refused = operations.filter((o) => !o.allowedFor.includes(scope));
      const allowed = operations.filter((o) => o.allowedFor.includes(scope));
      const before = await databaseState();
      if (refused.length) {
        const calls = refused.map((o) => ({ procedure: o.procedure, input: o.input(target) }));
        const results = await trpcBatch(tokens[scope], type, calls);
        expect(results.map((r) => r.status)).toEqual(refused.map(() => 403));
        for (const r of results) expect(r.message).toContain(`scope ${scope}`);
        expect(await databaseState()).toEqual(before);
      }
      // Allowed entries mixed with refused ones: each is judged by itself. Entries of a batch run in
      // parallel, so each acts on an incident of its own.
      const mixed = [...allowed, ...refused];
      const targets = await Promise.all(mixed.map(() => newTarget()));
      const results = await trpcBatch(
        tokens[scope],
        type,
        mixed.map((o, i) => ({ procedure: o.procedure, input: o.input(targets[i]) })),
      );
      expect(results.map((r) => r.status)).toEqual(
        mixed.map((o) => (o.allowedFor.includes(scope) ? 200 : 403)),
      );
    },
  );
});

describe('a scope never lifts its user above their permissions', () => {
  it.each(['FULL', 'INCIDENTS', 'READ_ONLY'] as const)(
    'a %s token of an engine-only user cannot touch incidents or the administration',
    async (scope) => {
      const engineOnly = await t.actor([ENGINE]);
      const token = (await createToken(engineOnly.id, { scope })).body.token as string;
      const target = await newTarget();
      const before = await databaseState();
      for (const [method, path, body] of [
        ['GET', '/incidents', undefined],
        ['POST', `/incidents/${target.incident.id}/acknowledge`, {}],
        ['GET', '/admin/users', undefined],
        ['POST', '/admin/groups', { code: newCode(), name: 'Escalated' }],
      ] as const) {
        const res = await api(t.url, method, path, { token, body });
        expectProblem(res, 403, 'FORBIDDEN');
      }
      expect(await databaseState()).toEqual(before);
    },
  );

  it('a WORKER token of a user without ACCESS_ENGINE_API nor admin cannot report incidents', async () => {
    const portalUser = await t.actor(['ACCESS_PROCESS_PORTAL']);
    const token = (await createToken(portalUser.id, { scope: 'WORKER' })).body.token as string;
    const before = await databaseState();
    expectProblem(await api(t.url, 'POST', '/incidents', { token, body: reportBody() }), 403, 'FORBIDDEN');
    expect(await databaseState()).toEqual(before);
  });
});

describe('creating and listing scoped tokens', () => {
  it('defaults to FULL and to an expiry 90 days away; the list shows scope and expiry', async () => {
    const user = await t.actor([ENGINE]);
    const created = await createToken(user.id, {});
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ scope: 'FULL', expiresAt: expect.stringMatching(LOCAL_DATE_TIME) });
    const days = (new Date(created.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThanOrEqual(90);

    const listed = await t.as(admin.token).get(`/admin/users/${user.id}/api-tokens`);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: created.body.id, scope: 'FULL', expiresAt: created.body.expiresAt }),
    ]);
  });

  it('keeps an explicit null expiry as never, and a given scope', async () => {
    const user = await t.actor([ENGINE]);
    const created = await createToken(user.id, { scope: 'WORKER', expiresAt: null });
    expect(created.body).toMatchObject({ scope: 'WORKER', expiresAt: null });
    const listed = await t.as(admin.token).get(`/admin/users/${user.id}/api-tokens`);
    expect(listed.body[0]).toMatchObject({ scope: 'WORKER', expiresAt: null, active: true });
  });

  it('refuses an unknown scope with 400 naming the field, and creates nothing', async () => {
    const user = await t.actor([ENGINE]);
    const before = await databaseState();
    for (const scope of ['ADMIN', 'full', '', 7, null]) {
      const res = await createToken(user.id, { scope });
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('scope');
    }
    expect(await databaseState()).toEqual(before);
  });

  it('records the scope and expiry in the audit record of the creation', async () => {
    const user = await t.actor([ENGINE]);
    const created = await createToken(user.id, { scope: 'READ_ONLY' });
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'api_token.create',
      targetType: 'api_token',
      targetId: String(created.body.id),
      after: { scope: 'READ_ONLY', expiresAt: created.body.expiresAt, username: user.username },
    });
    expect(JSON.stringify(event)).not.toContain(created.body.token);
  });

  it('the problem of a refusal is a problem document naming the scope', async () => {
    const res = await api(t.url, 'GET', '/admin/users', { token: tokens.METRICS });
    expectProblemShape(res);
    expect(res.body.detail).toMatch(/scope METRICS does not allow/);
  });
});
