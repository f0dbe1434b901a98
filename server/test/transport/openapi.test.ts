// The service's own description over HTTP (docs/contract.md §1): the OpenAPI document against the seed's
// operations, the API reference page, and the health check.
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../errors';
import { api } from '../support/helpers';
import { useTestApi } from '../support/http-helpers';

const t = useTestApi();

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};
type OperationObject = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
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

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, OperationObject>).map((op) => op.operationId),
    );
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('what a generated client needs (issue 17)', () => {
  const problemStatuses = (method: string, path: string) => {
    const { responses } = operation(method, path);
    return Object.keys(responses).filter((status) => {
      if (Number(status) < 400) return false;
      const schema = responses[status].content?.['application/problem+json']?.schema;
      return schema?.$ref === '#/components/schemas/Problem';
    });
  };

  it('declares the 404 and 409 a state conflict answers, as problem documents', () => {
    for (const path of ['acknowledge', 'resolve', 'reopen', 'retry'].map((a) => `/incidents/{id}/${a}`)) {
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
