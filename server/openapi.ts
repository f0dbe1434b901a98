// The OpenAPI 3 document of every REST operation, generated from the procedures' schemas and meta.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { SchemaObject } from 'openapi3-ts/oas31';
import { appRouter, restProcedures } from './routers';

const problemSchema: SchemaObject = {
  type: 'object',
  description: 'RFC 9457 problem details',
  required: ['type', 'title', 'status', 'detail', 'code', 'errors'],
  properties: {
    type: { type: 'string', example: 'about:blank' },
    title: { type: 'string', example: 'Conflict' },
    status: { type: 'integer', example: 409 },
    detail: { type: 'string' },
    code: {
      type: 'string',
      description: 'stable machine-readable code',
      enum: [
        'VALIDATION_FAILED',
        'NOT_RETRYABLE',
        'UNAUTHENTICATED',
        'FORBIDDEN',
        'PASSWORD_CHANGE_REQUIRED',
        'NOT_FOUND',
        'CONFLICT',
        'INVALID_STATE',
        'LAST_ADMIN',
        'PAYLOAD_TOO_LARGE',
        'RATE_LIMITED',
        'INTERNAL',
      ],
    },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
    requestId: { type: 'string', description: 'present on 500 answers' },
  },
};

type Operation = { operationId?: string; parameters?: unknown[]; responses: Record<string, unknown> };

/** Error answers the generator cannot know of, by the kind of operation. */
function extraErrors(method: string, path: string): Record<string, string> {
  const writes = method === 'post' || method === 'put' || method === 'delete';
  return {
    ...((path === '/tokens' || path === '/password') && {
      '401': 'Wrong username or password, or a disabled user',
      '429': 'Too many failed sign-ins for this username; see Retry-After',
    }),
    ...(path === '/tokens' && {
      '403':
        'PASSWORD_CHANGE_REQUIRED: the password was set by an administrator; change it first (POST /password)',
    }),
    ...(writes &&
      path.startsWith('/admin') && {
        '409': 'Duplicate username or group code, deleting yourself, or LAST_ADMIN',
      }),
    ...((method === 'post' || method === 'put') && { '413': 'Request body over 64 KiB' }),
  };
}

/** Whether a generated success response has a schema (z.void() gives an empty one). */
function answersBody(response: unknown): boolean {
  const schema = (response as { content?: { 'application/json'?: { schema?: object } } } | undefined)
    ?.content?.['application/json']?.schema;
  return Boolean(schema && Object.keys(schema).length);
}

function build(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'BPM Admin Console API',
    description:
      'Security administration (users, groups, passwords, permissions) and incident management. ' +
      'Every path is served under /api. Errors are RFC 9457 problem documents. ' +
      'Get a bearer token from POST /api/tokens, or create an API token for an external system. ' +
      "An API token's scope (READ_ONLY, INCIDENTS, WORKER, METRICS or FULL) bounds what it may do within " +
      "its user's permissions; an operation outside it is 403.",
    version: '0.1.4-beta.2',
    baseUrl: '/api',
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
  });

  // The generator documents every success as 200 and its own error shape; put ours in.
  const successStatus = new Map(
    restProcedures
      .filter((p) => p.successStatus)
      .map((p) => [`${p.method.toLowerCase()} ${p.path}`, p.successStatus]),
  );
  const problemRef = { $ref: '#/components/schemas/Problem' };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      // Path parameters are always required (OpenAPI 3); the id schema's preprocess hides that from the generator.
      for (const parameter of (op.parameters ?? []) as { in: string; required?: boolean }[]) {
        if (parameter.in === 'path') parameter.required = true;
      }
      const status = successStatus.get(`${method} ${path}`);
      if (status) {
        // An operation that answers a body only sometimes (a generated password) keeps its 200.
        if (!answersBody(op.responses['200'])) delete op.responses['200'];
        op.responses[String(status)] = { description: 'No Content' };
      }
      for (const [code, description] of Object.entries(extraErrors(method, path))) {
        op.responses[code] ??= { description };
      }
      for (const code of Object.keys(op.responses)) {
        if (Number(code) >= 400) {
          const response = op.responses[code] as { description?: string };
          op.responses[code] = {
            description: response.description ?? 'Error',
            content: { 'application/problem+json': { schema: problemRef } },
          };
        }
      }
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {}).filter(
    ([name]) => !name.startsWith('error.'),
  );
  doc.components = { ...doc.components, schemas: { ...Object.fromEntries(schemas), Problem: problemSchema } };
  doc.paths = {
    ...doc.paths,
    '/health': {
      get: {
        operationId: 'health',
        tags: ['Service'],
        summary: 'Liveness and database reachability (no auth)',
        responses: {
          '200': { description: 'Up', content: { 'application/json': { schema: healthSchema } } },
          '503': {
            description: 'Database unreachable',
            content: { 'application/json': { schema: healthSchema } },
          },
        },
      },
    },
  };
  return doc;
}

const healthSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', example: 'ok' },
    database: { type: 'string', enum: ['ok', 'down'] },
  },
};

let cached: OpenAPIObject | undefined;
export function getOpenApiDocument(): OpenAPIObject {
  return (cached ??= build());
}
