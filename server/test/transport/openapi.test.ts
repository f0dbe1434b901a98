// The service's own description over HTTP (docs/contract.md §1): the OpenAPI document against the seed's
// operations, the API reference page, and the health check.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { BULK_SKIP_REASONS } from '../../../domain/incidents';
import { PROBLEM_CODES } from '../../errors';
import { appOperations, restProcedures } from '../../routers';
import {
  IncidentStreamQuery,
  ListIncidentsQuery,
  BulkRetryRequest,
  RetryIncidentRequest,
  SnoozeIncidentRequest,
  SORT_FIELDS,
} from '../../schemas/incidents';
import { ResetUserPasswordRequest } from '../../schemas/admin';
import { RegenerateRecoveryCodesRequest, RemovePasskeyRequest } from '../../schemas/passkeys';
import { CreateSilenceRequest, SilenceMatchersQuery } from '../../schemas/silences';
import { api } from '../support/helpers';
import { useTestApi } from '../support/http-helpers';

const t = useTestApi();

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  example?: unknown;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};
type OperationObject = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    style?: string;
    explode?: boolean;
    schema: Schema;
  }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
  security?: Record<string, string[]>[];
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;

beforeAll(async () => {
  const res = await api(t.url, 'GET', '/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.body;
});

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  expect(doc.components.schemas, `missing ${schema.$ref}`).toHaveProperty([name]);
  return resolve(doc.components.schemas[name]);
}

function operation(method: string, path: string): OperationObject {
  const op = doc.paths?.[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} is not documented`).toBeDefined();
  return op;
}

/** Field types as the seed writes them: string, integer, boolean, or "array of <type>". */
type Fields = Record<string, string>;
const typeOf = (schema: Schema): string => {
  const s = resolve(schema);
  return s.type === 'array' ? `array of ${typeOf(s.items!)}` : String(s.type);
};

function expectFields(schema: Schema, fields: Fields) {
  const s = resolve(schema);
  expect(s.type).toBe('object');
  for (const [field, type] of Object.entries(fields)) {
    expect(s.properties, `field ${field}`).toHaveProperty([field]);
    expect(typeOf(s.properties![field]), `type of ${field}`).toBe(type);
  }
}

const GROUP: Fields = { id: 'integer', code: 'string', name: 'string', permissions: 'array of string' };
const USER: Fields = {
  id: 'integer',
  username: 'string',
  enabled: 'boolean',
  groups: 'array of string',
  permissions: 'array of string',
};

interface SeedOperation {
  operationId: string;
  method: string;
  path: string;
  request?: Fields;
  response: { status: '200'; array?: boolean; fields: Fields } | { status: '204' };
  /** A 200 beyond the seed's answer (the reset that generates a password answers it). */
  alsoAnswers?: { status: '200'; fields: Fields };
}

const SEED: SeedOperation[] = [
  {
    operationId: 'listGroups',
    method: 'GET',
    path: '/admin/groups',
    response: { status: '200', array: true, fields: GROUP },
  },
  {
    operationId: 'createGroup',
    method: 'POST',
    path: '/admin/groups',
    request: { code: 'string', name: 'string', permissionCodes: 'array of string' },
    response: { status: '200', fields: GROUP },
  },
  {
    operationId: 'updateGroup',
    method: 'PUT',
    path: '/admin/groups/{id}',
    request: { name: 'string', permissionCodes: 'array of string' },
    response: { status: '200', fields: GROUP },
  },
  { operationId: 'deleteGroup', method: 'DELETE', path: '/admin/groups/{id}', response: { status: '204' } },
  {
    operationId: 'getGroupUsers',
    method: 'GET',
    path: '/admin/groups/{id}/users',
    response: { status: '200', array: true, fields: USER },
  },
  {
    operationId: 'updateGroupUsers',
    method: 'PUT',
    path: '/admin/groups/{id}/users',
    request: { userIds: 'array of integer' },
    response: { status: '200', array: true, fields: USER },
  },
  {
    operationId: 'listUsers',
    method: 'GET',
    path: '/admin/users',
    response: { status: '200', array: true, fields: USER },
  },
  {
    operationId: 'createUser',
    method: 'POST',
    path: '/admin/users',
    request: {
      username: 'string',
      password: 'string',
      enabled: 'boolean',
      groupIds: 'array of integer',
      permissionCodes: 'array of string',
    },
    response: { status: '200', fields: USER },
  },
  {
    operationId: 'updateUser',
    method: 'PUT',
    path: '/admin/users/{id}',
    request: { enabled: 'boolean', groupIds: 'array of integer', permissionCodes: 'array of string' },
    response: { status: '200', fields: USER },
  },
  { operationId: 'deleteUser', method: 'DELETE', path: '/admin/users/{id}', response: { status: '204' } },
  {
    operationId: 'resetPassword',
    method: 'PUT',
    path: '/admin/users/{id}/password',
    request: { password: 'string', generate: 'boolean', requireChange: 'boolean' },
    response: { status: '204' },
    alsoAnswers: { status: '200', fields: { password: 'string' } },
  },
];

/** The first word of an operationId: what the operation does. */
const VERBS = [
  'list',
  'export',
  'start',
  'confirm',
  'get',
  'create',
  'update',
  'delete',
  'reset',
  'change',
  'unlock',
  'revoke',
  'report',
  'acknowledge',
  'resolve',
  'reopen',
  'unacknowledge',
  'snooze',
  'wake',
  'preview',
  'end',
  'retry',
  'fetch',
  'complete',
  'fail',
  'add',
  'register',
  'regenerate',
  'remove',
  'assign',
  'send',
  'redeliver',
  'stream',
  'extend',
  'lock',
  'handle',
  'set',
  'test',
  'replace',
  'import',
];

function* everyOperation() {
  for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, OperationObject>][]) {
    for (const [method, op] of Object.entries(item)) yield { method: method.toUpperCase(), path, op };
  }
}

/** Operations beyond the seed that the contract adds (method, path). */
const EXTRA: [string, string][] = [
  ['POST', '/tokens'],
  ['GET', '/admin/permissions'],
  ['POST', '/admin/users/{id}/api-tokens'],
  ['GET', '/admin/users/{id}/api-tokens'],
  ['DELETE', '/admin/api-tokens/{tokenId}'],
  ['GET', '/admin/audit-events'],
  ['POST', '/admin/users/{id}/unlock'],
  ['GET', '/health'],
  ['GET', '/health/ready'],
  ['GET', '/metrics'],
];

describe('GET /api/openapi.json', () => {
  it('is served without a token', async () => {
    const res = await api(t.url, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.paths).toBeDefined();
  });

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names the server url /api and carries the interface version', () => {
    expect(doc.servers.map((s: { url: string }) => s.url)).toContain('/api');
    expect(doc.info.version).toContain('0.1.4-beta.2');
  });

  it("speaks to its readers, not of this project's issue tracker: no 'issue N' anywhere in it", () => {
    expect(JSON.stringify(doc).match(/\bissues? \d+/gi) ?? []).toEqual([]);
  });

  it('has no path with the /api prefix or a version segment', () => {
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/^\/api\b|\/v\d+\//);
  });

  describe.each(SEED)('seed operation $operationId', (seed) => {
    it('has its method, path and operationId', () => {
      expect(operation(seed.method, seed.path).operationId).toBe(seed.operationId);
    });

    it('needs a bearer token', () => {
      const op = operation(seed.method, seed.path);
      const schemes = (op.security ?? doc.security ?? []).flatMap((s: object) => Object.keys(s));
      expect(schemes.length).toBeGreaterThan(0);
      for (const name of schemes)
        expect(doc.components.securitySchemes[name]).toMatchObject({ type: 'http', scheme: 'bearer' });
    });

    it('documents the path parameter id as a required integer', () => {
      const op = operation(seed.method, seed.path);
      const ids = (op.parameters ?? []).filter((p) => p.in === 'path');
      if (!seed.path.includes('{id}')) return expect(ids).toEqual([]);
      expect(ids).toHaveLength(1);
      expect(ids[0]).toMatchObject({ name: 'id', required: true });
      expect(resolve(ids[0].schema).type).toBe('integer');
    });

    it('documents its request body', () => {
      const op = operation(seed.method, seed.path);
      if (!seed.request) return expect(op.requestBody).toBeUndefined();
      expectFields(op.requestBody!.content['application/json'].schema, seed.request);
    });

    it('documents its success response', () => {
      const { responses } = operation(seed.method, seed.path);
      const success = Object.keys(responses).filter((s) => /^2/.test(s));
      expect(success.sort()).toEqual(
        [seed.response.status, ...(seed.alsoAnswers ? [seed.alsoAnswers.status] : [])].sort(),
      );
      if (seed.alsoAnswers) {
        expectFields(resolve(responses['200'].content!['application/json'].schema), seed.alsoAnswers.fields);
      }
      if (seed.response.status === '204') {
        expect(responses['204'].content).toBeUndefined();
        return;
      }
      const schema = resolve(responses['200'].content!['application/json'].schema);
      if (seed.response.array) {
        expect(schema.type).toBe('array');
        expectFields(schema.items!, seed.response.fields);
      } else expectFields(schema, seed.response.fields);
    });

    it('documents its errors as problem documents', () => {
      const { responses } = operation(seed.method, seed.path);
      const errors = Object.keys(responses).filter((s) => Number(s) >= 400);
      expect(errors).toEqual(expect.arrayContaining(['400', '401', '403']));
      for (const status of errors) {
        const problem = resolve(responses[status].content!['application/problem+json'].schema);
        expect(problem.required).toEqual(
          expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'errors']),
        );
      }
    });
  });

  it('documents the path parameter id as integer(int64), as the seed states', () => {
    for (const seed of SEED.filter((s) => s.path.includes('{id}'))) {
      const id = operation(seed.method, seed.path).parameters!.find((p) => p.name === 'id')!;
      expect(resolve(id.schema), `${seed.operationId}`).toMatchObject({ type: 'integer', format: 'int64' });
    }
  });

  it('never documents a password in a response, but for the one a reset generated', () => {
    for (const item of Object.values(doc.paths) as Record<string, OperationObject>[]) {
      for (const op of Object.values(item)) {
        if (op.operationId === 'resetPassword') continue;
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400 || !response.content) continue;
          const text = JSON.stringify(
            Object.values(response.content).map((c) => {
              const s = resolve(c.schema);
              return s.type === 'array' ? resolve(s.items!) : s;
            }),
          );
          expect(text).not.toMatch(/"password"/i);
        }
      }
    }
  });

  it.each(EXTRA)('documents %s %s', (method, path) => {
    operation(method, path);
  });

  it('documents POST /tokens without a security requirement and the deletes of API tokens as 204', () => {
    expect(operation('POST', '/tokens').security ?? []).toEqual([]);
    expect(Object.keys(operation('DELETE', '/admin/api-tokens/{tokenId}').responses)).toContain('204');
  });

  it('gives every operation a unique, camelCase, verb-first operationId', () => {
    for (const { method, path, op } of everyOperation()) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(VERBS, `${method} ${path}: ${op.operationId} starts with a verb`).toContain(
        op.operationId!.match(/^[a-z]+/)![0],
      );
    }
  });

  it('tags every operation and says in a sentence what it does', () => {
    for (const { method, path, op } of everyOperation()) {
      expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.description, `${method} ${path}`).toMatch(/^[A-Z`].{10,}\.$/s);
    }
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, OperationObject>).map((op) => op.operationId),
    );
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('what a generated client needs', () => {
  const problemStatuses = (method: string, path: string) => {
    const { responses } = operation(method, path);
    return Object.keys(responses).filter((status) => {
      if (Number(status) < 400) return false;
      const schema = responses[status].content?.['application/problem+json']?.schema;
      return schema?.$ref === '#/components/schemas/Problem';
    });
  };

  it('declares the 404 and 409 a state conflict answers, as problem documents', () => {
    const transitions = ['acknowledge', 'unacknowledge', 'resolve', 'reopen', 'retry'];
    for (const path of transitions.map((a) => `/incidents/{id}/${a}`)) {
      expect(problemStatuses('POST', path), path).toEqual(expect.arrayContaining(['404', '409']));
    }
    for (const path of ['/worker-requests/{id}/complete', '/worker-requests/{id}/failure']) {
      expect(problemStatuses('POST', path), path).toEqual(expect.arrayContaining(['404', '409']));
    }
    expect(problemStatuses('POST', '/admin/users/{id}/api-tokens')).toContain('404');
  });

  it('declares on every operation the 503 of a database outage, and on every body the 413 and 415', () => {
    for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, OperationObject>][]) {
      for (const [method, op] of Object.entries(item)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('503');
        if (op.requestBody) {
          expect(problemStatuses(method.toUpperCase(), path), `${method} ${path}`).toEqual(
            expect.arrayContaining(['413', '415']),
          );
        }
      }
    }
  });

  it('lets the bodies the contract makes optional be left out', () => {
    for (const action of ['acknowledge', 'resolve', 'retry']) {
      const body = operation('POST', `/incidents/{id}/${action}`).requestBody as { required?: boolean };
      expect(body.required, action).toBe(false);
    }
    expect((operation('POST', '/incidents').requestBody as { required?: boolean }).required).toBe(true);
  });

  it('lists every problem code the service answers, from the one table', () => {
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual([...PROBLEM_CODES]);
    expect(PROBLEM_CODES).toEqual(
      expect.arrayContaining([
        'METHOD_NOT_ALLOWED',
        'REQUEST_HEADERS_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'REQUEST_TIMEOUT',
        'DATABASE_UNAVAILABLE',
      ]),
    );
  });

  it('gives each problem its reason from the declaration: a 404 only for a record, the console-session 403', () => {
    for (const { method, path } of everyOperation()) {
      const rest = restProcedures.find((p) => p.method === method && p.path === path);
      if (!rest) continue; // the paths served outside tRPC are described by hand
      const { meta } = appOperations.get(rest.procedurePath)!;
      const { responses } = operation(method, path);
      const where = `${method} ${path}`;
      // A list answers no 404: only a path that names a record, or a reason the meta gives.
      if (path.includes('{')) expect(responses['404']?.description, where).toBe('No such record');
      else expect(responses['404']?.description, where).toBe(meta.notFound);
      // A read changes nothing, so it finds nothing in a state that refuses it (a router's conflict is its writes').
      expect(responses['409']?.description, where).toBe(method === 'GET' ? undefined : meta.conflict);
      if (meta.consoleSessionOnly)
        expect(responses['403'].description, where).toMatch(/^CONSOLE_SESSION_REQUIRED/);
      const unauthenticated = meta.signIn
        ? 'Wrong username or password, or a disabled user'
        : meta.public
          ? undefined
          : 'No valid bearer token';
      expect(responses['401']?.description, where).toBe(unauthenticated);
    }
  });

  it('says that sign-in and health need no token', () => {
    expect(operation('POST', '/tokens').security).toEqual([]);
    expect(operation('GET', '/health').security).toEqual([]);
  });

  it('writes ids and counts as int64, and a lower bound once', () => {
    const integers: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.type === 'integer') integers.push(schema);
      Object.values(schema).forEach(walk);
    };
    walk(doc.paths);
    walk(doc.components.schemas);
    expect(integers.length).toBeGreaterThan(20);
    for (const schema of integers) {
      const small = typeof schema.maximum === 'number' && schema.maximum < 2 ** 31;
      if (!small) expect(schema.format, JSON.stringify(schema)).toBe('int64');
      expect('minimum' in schema && 'exclusiveMinimum' in schema, JSON.stringify(schema)).toBe(false);
    }
    const page = resolve(operation('GET', '/incidents').responses['200'].content!['application/json'].schema);
    expect(resolve(page.properties!.totalElements)).toMatchObject({ type: 'integer', format: 'int64' });
  });
});

/**
 * A property of an operation's input as the document states it and as the procedure parses it, for every
 * request body property and query parameter: the two must agree on the values a client may send.
 */
interface InputField {
  where: string;
  documented: Schema;
  parsed: ZodType;
}

function inputFields(): InputField[] {
  const fields: InputField[] = [];
  for (const { method, path, op } of everyOperation()) {
    const rest = restProcedures.find((p) => p.method === method && p.path === path);
    if (!rest) continue; // GET /health is not a procedure and takes no input
    const input = appOperations.get(rest.procedurePath)?.input as
      { shape?: Record<string, ZodType> } | undefined;
    const shape = input?.shape ?? {};
    const documented: [string, Schema][] = (op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => [p.name, p.schema]);
    const body = op.requestBody?.content['application/json']?.schema;
    for (const [name, schema] of Object.entries(body ? (resolve(body).properties ?? {}) : {})) {
      documented.push([name, schema]);
    }
    for (const [name, schema] of documented) {
      expect(shape, `${method} ${path}: ${name} is not an input of ${rest.procedurePath}`).toHaveProperty([
        name,
      ]);
      fields.push({ where: `${method} ${path} ${name}`, documented: resolve(schema), parsed: shape[name] });
    }
  }
  return fields;
}

/** Whether a string is valid for a documented schema, as far as its string keywords tell. */
function documentAdmits(schema: Schema, value: string): boolean {
  if (schema.anyOf) return schema.anyOf.some((branch) => documentAdmits(resolve(branch), value));
  const types = [schema.type].flat();
  if (!types.includes('string')) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

const isString = (schema: Schema): boolean =>
  schema.anyOf ? schema.anyOf.some((b) => isString(resolve(b))) : [schema.type].flat().includes('string');

/** The Redocly CLI of the devDependencies, and the project's configuration of it. */
const REDOCLY_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);
const REDOCLY_CONFIG = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

describe('Redocly lint of the served document', () => {
  it('finds no error and no warning (redocly.yaml: the recommended rules, two off with reasons)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    try {
      const { exitCode, stdout, stderr } = await new Promise<{
        exitCode: number;
        stdout: string;
        stderr: string;
      }>((done) => {
        execFile(
          process.execPath,
          [REDOCLY_CLI, 'lint', '--config', REDOCLY_CONFIG, '--format=json', file],
          // No telemetry or update check: the test reaches nothing beyond this machine.
          { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
          (error, stdout, stderr) => done({ exitCode: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
      const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: unknown[] };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(exitCode, stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('confuses no two paths: where a template meets a literal segment, the literal cannot be its integer', () => {
    const paths = Object.keys(doc.paths);
    let pairs = 0;
    for (const a of paths) {
      for (const b of paths) {
        if (a >= b) continue;
        const [sa, sb] = [a.split('/'), b.split('/')];
        if (sa.length !== sb.length) continue;
        const template = (s: string) => /^\{.+\}$/.test(s);
        if (!sa.every((s, i) => s === sb[i] || template(s) || template(sb[i]))) continue;
        pairs++;
        sa.forEach((s, i) => {
          const [literal, param, path] = template(s) ? [sb[i], s, a] : [s, sb[i], b];
          if (s === sb[i] || template(literal)) return;
          const name = param.slice(1, -1);
          const item = doc.paths[path] as Record<string, OperationObject>;
          for (const op of Object.values(item)) {
            const p = op.parameters!.find((x) => x.in === 'path' && x.name === name)!;
            expect(resolve(p.schema).type, `${a} and ${b}: ${param}`).toBe('integer');
            expect(literal, `${a} and ${b}`).not.toMatch(/^\d+$/);
          }
        });
      }
    }
    expect(pairs).toBeGreaterThan(0);
  });
});

describe('values as the service takes them', () => {
  it('refuses blank text in the document exactly where the service does', () => {
    let compared = 0;
    for (const { where, documented, parsed } of inputFields()) {
      const list = documented.type === 'array' && documented.items ? resolve(documented.items) : undefined;
      const text = list ?? documented;
      if (!isString(text)) continue;
      for (const blank of ['', '   ']) {
        const sent = list ? [blank] : blank;
        expect(documentAdmits(text, blank), `${where} = ${JSON.stringify(sent)}`).toBe(
          parsed.safeParse(sent).success,
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("states the group key and the stream's lastEventId exactly as they are checked", () => {
    const group = operation('GET', '/incidents').parameters!.find((p) => p.name === 'group')!;
    for (const value of [
      'WORKER:42:Task_A',
      'PROCESS_ENGINE:1:a:b',
      'AI_TASK:7:line\nbreak',
      'BOGUS:42:Task_A',
      'WORKER:0:Task_A',
      'WORKER:42:',
      'worker:42:Task_A',
    ]) {
      expect(documentAdmits(resolve(group.schema), value), `group=${JSON.stringify(value)}`).toBe(
        ListIncidentsQuery.safeParse({ group: value }).success,
      );
    }
    const stream = operation('GET', '/incidents/events/stream').parameters!;
    for (const name of ['lastEventId', 'Last-Event-ID']) {
      const schema = resolve(stream.find((p) => p.name === name)!.schema);
      for (const value of [
        '123.45',
        '45',
        '1.2.3',
        'abc',
        '',
        `${'9'.repeat(21)}.1`,
        '1.',
        '0.0',
        '024899357.1210906',
        '1.01',
        '00',
        `${'9'.repeat(19)}.${'9'.repeat(15)}`,
        `${'9'.repeat(20)}.1`,
      ])
        expect(documentAdmits(schema, value), `${name}=${JSON.stringify(value)}`).toBe(
          IncidentStreamQuery.safeParse({ lastEventId: value }).success,
        );
    }
  });

  it('names every event the change stream writes, and the data of its error event', () => {
    const handler = readFileSync(
      fileURLToPath(new URL('../../transport/event-stream.ts', import.meta.url)),
      'utf8',
    );
    const written = [...new Set([...handler.matchAll(/['`]event: ([a-z-]+)\\n/g)].map((m) => m[1]))];
    expect(written.sort()).toEqual(['connected', 'ping', 'serialized-error']);
    const stream = operation('GET', '/incidents/events/stream');
    for (const event of written) expect(stream.description).toContain(`\`event: ${event}\``);
    const media = stream.responses['200'].content!['text/event-stream'] as Record<string, unknown>;
    expect(media['x-error-data']).toMatchObject({
      required: ['message', 'code', 'data', 'problem'],
      properties: { problem: { $ref: '#/components/schemas/Problem' } },
    });
  });

  it("states the silences' group key exactly as it is checked, on create and preview", () => {
    const created = resolve(operation('POST', '/silences').requestBody!.content['application/json'].schema)
      .properties!.groupKey;
    const previewed = operation('GET', '/silences/preview').parameters!.find((p) => p.name === 'groupKey')!;
    for (const value of [
      'WORKER:42:Task_A',
      'PROCESS_ENGINE:1:a:b',
      'AI_TASK:7:line\nbreak',
      'BOGUS:42:Task_A',
      'WORKER:042:Task_A',
      'WORKER:0:Task_A',
      'WORKER:42:',
      'worker:42:Task_A',
      'payments',
      ' ',
    ]) {
      const body = { name: 'n', endsAt: '2030-01-01T10:00:00', groupKey: value };
      expect(documentAdmits(resolve(created), value), `create groupKey=${JSON.stringify(value)}`).toBe(
        CreateSilenceRequest.safeParse(body).success,
      );
      expect(
        documentAdmits(resolve(previewed.schema), value),
        `preview groupKey=${JSON.stringify(value)}`,
      ).toBe(SilenceMatchersQuery.safeParse({ groupKey: value }).success);
    }
  });

  describe('rules across fields, as JSON Schema 2020-12 states them (ajv), agree with the schemas that check them', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const bodyOf = (method: string, path: string) =>
      // The components beside the body, where its $refs (#/components/schemas/...) point.
      ajv.compile({
        ...resolve(operation(method, path).requestBody!.content['application/json'].schema),
        components: doc.components,
      });

    it('a silence: one matcher that narrows; every severity alone does not', () => {
      const admits = bodyOf('POST', '/silences');
      const every = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
      for (const matchers of [
        {},
        { severities: every },
        { severities: [...every].reverse() },
        { severities: [...every, 'LOW'] },
        { severities: ['LOW', 'HIGH'] },
        { severities: every, nodeId: 'Task_A' },
        { source: 'WORKER' },
        { messageText: 'timeout' },
        { groupKey: 'WORKER:42:Task_A' },
      ]) {
        const body = { name: 'n', endsAt: '2030-01-01T10:00:00', ...matchers };
        expect(admits(body), JSON.stringify(matchers)).toBe(CreateSilenceRequest.safeParse(body).success);
      }
    });

    it('a retry: payloadPatch and payloadVersion together (dependentRequired)', () => {
      const admits = bodyOf('POST', '/incidents/{id}/retry');
      for (const body of [
        {},
        { payloadPatch: { amount: 1 } },
        { payloadVersion: 3 },
        { payloadPatch: { amount: 1 }, payloadVersion: 3 },
      ]) {
        expect(admits(body), JSON.stringify(body)).toBe(
          RetryIncidentRequest.safeParse({ ...body, id: 1 }).success,
        );
      }
    });

    it('a bulk retry: payloadVersions only with payloadPatch (dependentRequired)', () => {
      const admits = bodyOf('POST', '/incidents/bulk/retry');
      for (const body of [
        { ids: [1] },
        { ids: [1], payloadVersions: { 1: 3 } },
        { ids: [1], payloadPatch: { amount: 1 } },
        { ids: [1], payloadPatch: { amount: 1 }, payloadVersions: { 1: 3 } },
      ]) {
        expect(admits(body), JSON.stringify(body)).toBe(BulkRetryRequest.safeParse(body).success);
      }
    });

    /** Each body, as the document admits it and as the operation's input schema does, with `extra` (a path's id). */
    const agree = (method: string, path: string, input: ZodType, bodies: object[], extra = {}) => {
      const admits = bodyOf(method, path);
      for (const body of bodies)
        expect(admits(body), `${method} ${path} ${JSON.stringify(body)}`).toBe(
          input.safeParse({ ...body, ...extra }).success,
        );
    };

    it('a password reset: a password, or generate and none', () => {
      const password = 'Correct-Horse-Battery-9';
      agree(
        'PUT',
        '/admin/users/{id}/password',
        ResetUserPasswordRequest,
        [
          {},
          { password },
          { generate: true },
          { generate: true, password },
          { generate: false },
          { generate: false, password },
        ],
        { id: 1 },
      );
    });

    it('a snooze: until, occurrences or both', () => {
      const until = '2030-01-01T10:00:00';
      agree(
        'POST',
        '/incidents/{id}/snooze',
        SnoozeIncidentRequest,
        [{}, { until }, { occurrences: 3 }, { until, occurrences: 3 }],
        { id: 1 },
      );
    });

    it('a second factor proof: exactly one of code and passkey', () => {
      const passkey = {
        id: 'AQID',
        rawId: 'AQID',
        type: 'public-key',
        response: { clientDataJSON: 'AQID', authenticatorData: 'AQID', signature: 'AQID' },
        clientExtensionResults: {},
      };
      const bodies = [{}, { code: '123456' }, { passkey }, { code: '123456', passkey }];
      agree('POST', '/account/recovery-codes', RegenerateRecoveryCodesRequest, bodies);
      agree('POST', '/account/passkeys/{id}/remove', RemovePasskeyRequest, bodies, { id: 1 });
      expect(RegenerateRecoveryCodesRequest.safeParse({ passkey }).success).toBe(true);
    });

    it('free-form payloads, results and patches: no key that names a prototype', () => {
      const freeForm: { where: string; schema: Schema }[] = [];
      for (const [path, item] of Object.entries(
        doc.paths as Record<string, Record<string, OperationObject>>,
      )) {
        for (const [method, op] of Object.entries(item)) {
          const body = op.requestBody?.content['application/json']?.schema;
          for (const [name, field] of Object.entries(body ? (resolve(body).properties ?? {}) : {})) {
            const schema = resolve(field) as Schema & { additionalProperties?: unknown };
            // Any key and any value: a record keyed by a pattern of its own (payloadVersions) is not free-form.
            const anyValue = JSON.stringify(schema.additionalProperties) === '{}';
            if (schema.type === 'object' && !schema.properties && anyValue)
              freeForm.push({ where: `${method} ${path} ${name}`, schema });
          }
        }
      }
      expect(freeForm.map((f) => f.where).sort()).toEqual(
        expect.arrayContaining([
          'post /incidents/{id}/retry payloadPatch',
          'post /worker-requests payload',
          'post /worker-requests/{id}/complete result',
        ]),
      );
      for (const { where, schema } of freeForm) {
        const admits = ajv.compile(schema);
        for (const key of ['__proto__', 'constructor', 'prototype'])
          expect(admits(JSON.parse(`{"${key}":{}}`)), `${where}: ${key}`).toBe(false);
        expect(admits({ order: { id: 1 }, toString: 'x' }), where).toBe(true);
        expect((schema as { description?: string }).description, where).toMatch(/at any depth/);
      }
    });
  });

  it("states that a webhook's url is a URL", () => {
    const body = operation('POST', '/admin/webhooks').requestBody!.content['application/json'];
    expect(resolve(body.schema).properties!.url).toMatchObject({ type: 'string', format: 'uri' });
  });

  it('gives examples that the service accepts', () => {
    let examples = 0;
    for (const { where, documented, parsed } of inputFields()) {
      const list = documented.type === 'array' && documented.items ? resolve(documented.items) : undefined;
      const candidates = [documented, ...(documented.anyOf ?? []).map(resolve), ...(list ? [list] : [])];
      for (const schema of candidates) {
        if (schema.example === undefined) continue;
        const sent = schema === list ? [schema.example] : schema.example;
        expect(parsed.safeParse(sent).success, `${where} example ${JSON.stringify(sent)}`).toBe(true);
        examples++;
      }
    }
    expect(examples).toBeGreaterThan(0);
  });

  it('gives an expiry example in the future, which creating an API token accepts', () => {
    const body = operation('POST', '/admin/users/{id}/api-tokens').requestBody!.content['application/json'];
    const expiresAt = resolve(body.schema).properties!.expiresAt;
    const example = expiresAt.anyOf!.map(resolve).find((s) => s.example)!.example as string;
    expect(new Date(example).getTime()).toBeGreaterThan(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  });

  it('enumerates the sort values GET /incidents accepts, the parameter repeated', () => {
    const sort = operation('GET', '/incidents').parameters!.find((p) => p.name === 'sort')!;
    expect(sort).toMatchObject({ in: 'query', style: 'form', explode: true });
    const values = resolve(sort.schema.items!).enum as string[];
    expect(values).toEqual(SORT_FIELDS.flatMap((f) => [f, `${f},asc`, `${f},desc`]));
    for (const value of values)
      expect(ListIncidentsQuery.safeParse({ sort: value }).success, value).toBe(true);
    expect(ListIncidentsQuery.safeParse({ sort: 'nodeId' }).success).toBe(false);
  });

  it('describes the filters of GET /incidents as comma-separated lists, as they are parsed', () => {
    for (const name of ['status', 'source', 'severity']) {
      const filter = operation('GET', '/incidents').parameters!.find((p) => p.name === name)!;
      expect(filter, name).toMatchObject({ in: 'query', style: 'form', explode: false });
      const values = resolve(filter.schema.items!).enum as string[];
      const parsed = ListIncidentsQuery.parse({ [name]: values.join(',') });
      expect(parsed[name as 'status'], name).toEqual(values);
    }
  });

  it('lists the reasons a bulk action skips an incident, from the one list the service uses', () => {
    const result = resolve(
      operation('POST', '/incidents/bulk/retry').responses['200'].content!['application/json'].schema,
    );
    const item = resolve(result.properties!.results.items!);
    expect(resolve(item.properties!.reason).enum).toEqual([...BULK_SKIP_REASONS]);
  });
});

describe('API reference and health', () => {
  it.each(['/api/docs', '/docs'])('%s serves an HTML page that loads the document', async (path) => {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<!doctype html>/i);
    expect(html).toContain('swagger-ui');
    const init = await fetch(`${t.url}/api/docs/init.js`);
    expect(await init.text()).toContain('/api/openapi.json');
  });

  it.each(['swagger-ui.css', 'swagger-ui-bundle.js'])('serves the asset %s', async (asset) => {
    const res = await fetch(`${t.url}/api/docs/${asset}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('an unknown asset under /api/docs is a 404 problem', async () => {
    const res = await api(t.url, 'GET', '/docs/%2e%2e%2fpackage.json');
    expect(res.status).toBe(404);
    const other = await api(t.url, 'GET', '/docs/secret.txt');
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('GET /api/health answers 200 {status: "ok", database: "ok"} without a token', async () => {
    const res = await api(t.url, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });
});
