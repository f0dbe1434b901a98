// The OpenAPI 3 document of every REST operation, generated from the procedures' schemas and meta.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { SchemaObject } from 'openapi3-ts/oas31';
import { PROBLEM_CODES, problemKind, type DomainErrorKind } from './errors';
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
      // The one list of codes (server/errors.ts), never restated here.
      enum: [...PROBLEM_CODES],
    },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
    requestId: { type: 'string', description: 'present on 500 answers' },
  },
};

type Operation = {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaObject }> };
  security?: unknown[];
  responses: Record<string, unknown>;
};

/** Operations that can find their target in a state or a shape that refuses them (a 409), and why. */
const CONFLICTS: [RegExp, string][] = [
  [/^\/admin\//, 'Duplicate username or group code, deleting yourself, or LAST_ADMIN'],
  [
    /^\/incidents\/\{id\}\/(acknowledge|resolve|reopen)$/,
    'INVALID_STATE: the incident is not in a state this allows',
  ],
  [
    /^\/incidents\/\{id\}\/retry$/,
    'INVALID_STATE: a retry is already under way, or the incident is resolved',
  ],
  [
    /^\/worker-requests\/\{id\}\/(complete|failure)$/,
    'INVALID_STATE: the request is not locked by this worker',
  ],
  [/^\/password$/, 'The new password equals the username or the current one'],
];

/**
 * The problems an operation can answer, by what it is: its statuses and titles come from the one table of
 * kinds (server/errors.ts), so the document and the service cannot disagree on them.
 */
function problemsOf(method: string, path: string, op: Operation): Partial<Record<string, string>> {
  const body = method === 'post' || method === 'put';
  const writes = body || method === 'delete';
  const secured = Boolean(op.security?.length);
  const signIn = path === '/tokens' || path === '/password';
  const kinds: [DomainErrorKind, string][] = [
    ['VALIDATION_FAILED', 'The input is not valid; `errors` names each field'],
    ...(secured || signIn
      ? ([
          [
            'UNAUTHENTICATED',
            signIn ? 'Wrong username or password, or a disabled user' : 'No valid bearer token',
          ],
          [
            'FORBIDDEN',
            path === '/tokens'
              ? 'PASSWORD_CHANGE_REQUIRED: the password was set by an administrator; change it first (POST /password)'
              : "A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed",
          ],
        ] as [DomainErrorKind, string][])
      : []),
    ...(path.includes('{') ? ([['NOT_FOUND', 'No such record']] as [DomainErrorKind, string][]) : []),
    ...(writes
      ? CONFLICTS.filter(([pattern]) => pattern.test(path)).map(
          ([, why]) => ['CONFLICT', why] as [DomainErrorKind, string],
        )
      : []),
    ...(body
      ? ([
          ['PAYLOAD_TOO_LARGE', 'Request body over 64 KiB'],
          ['UNSUPPORTED_MEDIA_TYPE', 'A body must be sent as Content-Type: application/json'],
        ] as [DomainErrorKind, string][])
      : []),
    ...(signIn
      ? ([['RATE_LIMITED', 'Too many failed sign-ins; see Retry-After']] as [DomainErrorKind, string][])
      : []),
    ['DATABASE_UNAVAILABLE', 'The database is unreachable; retry after Retry-After seconds'],
  ];
  const problems: Partial<Record<string, string>> = {};
  for (const [kind, description] of kinds) problems[String(problemKind(kind).status)] ??= description;
  return problems;
}

/** Whether a JSON schema object requires no property (every field optional): its body may be left out. */
const requiresNothing = (schema: SchemaObject | undefined) =>
  Boolean(schema && schema.type === 'object' && !(schema.required ?? []).length);

/**
 * Integers as the service keeps them: ids and counts are bigints (int64) unless a schema bounds them below
 * 2^31; a lower bound stated twice (minimum and exclusiveMinimum) is stated once.
 */
function refineIntegers(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(refineIntegers);
  if (!node || typeof node !== 'object') return;
  const schema = node as SchemaObject & Record<string, unknown>;
  if (schema.type === 'integer') {
    if (schema.format === undefined && !(typeof schema.maximum === 'number' && schema.maximum < 2 ** 31)) {
      schema.format = 'int64';
    }
    if (typeof schema.minimum === 'number' && typeof schema.exclusiveMinimum === 'number') {
      schema.minimum = Math.max(schema.minimum, schema.exclusiveMinimum + 1);
      delete schema.exclusiveMinimum;
    }
  }
  for (const value of Object.values(schema)) refineIntegers(value);
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
      // An operation open to anyone says so (security: []), rather than leaving it to the document's default.
      op.security ??= [];
      for (const [code, description] of Object.entries(problemsOf(method, path, op))) {
        op.responses[code] ??= { description };
      }
      // A body whose fields are all optional may be left out (acknowledge, resolve, retry).
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (op.requestBody && requiresNothing(body)) op.requestBody.required = false;
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
  refineIntegers(doc.paths);
  refineIntegers(doc.components.schemas);
  doc.paths = {
    ...doc.paths,
    '/health': {
      get: {
        operationId: 'health',
        tags: ['Service'],
        security: [],
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
