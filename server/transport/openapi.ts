// The OpenAPI 3 document of every REST operation, generated from the procedures' schemas and meta.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { HeaderObject, PathItemObject, SchemaObject } from 'openapi3-ts/oas31';
import { PROBLEM_CODES, problemKind, type DomainErrorKind } from '../errors';
import { appOperations, appRouter, restProcedures } from '../routers';
import { INCIDENT_SEVERITIES, INCIDENT_SOURCES, INCIDENT_STATUSES } from '../../domain/incidents';
import { z } from 'zod';
import { INCIDENT_STREAM_PATH } from './event-stream';
import { IncidentStreamEvent, LAST_EVENT_ID_PATTERN } from '../schemas/incidents';
import { METRICS_CONTENT_TYPE } from '../observability/metrics';
import { MAX_BODY_BYTES } from './transport-rules';
import { FILE_MEDIA_TYPES, type FileFormat } from '../../lib/streamed-file';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '../services/idempotency';

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
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaObject }> };
  security?: unknown[];
  responses: Record<string, unknown>;
};

type Parameter = {
  in: string;
  name?: string;
  required?: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  schema?: SchemaObject;
};

/**
 * A list in the query string as the service reads it: values separated by commas, or the parameter repeated
 * (server/schemas/incidents.ts). Documented comma-separated (style form, explode false), unless a value
 * holds a comma itself (`sort=severity,desc`): then only repeating the parameter tells values apart.
 */
function describeQueryList(parameter: Parameter): void {
  const schema = parameter.schema;
  if (parameter.in !== 'query' || schema?.type !== 'array') return;
  const values = ((schema.items as SchemaObject | undefined)?.enum ?? []) as unknown[];
  parameter.style = 'form';
  parameter.explode = values.some((value) => String(value).includes(','));
  parameter.description ??= schema.description;
}

/** Each REST operation's declaration by `<method> <path>`: its body limit and why it may answer 409. */
const declared = new Map(restProcedures.map((p) => [`${p.method.toLowerCase()} ${p.path}`, p]));

/** The header of the writes that take an Idempotency-Key (AppMeta.idempotent; docs/contract.md §8). */
const IDEMPOTENCY_KEY_PARAMETER: Parameter = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: `Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("...").`,
  schema: { type: 'string', minLength: 1, maxLength: 257 },
};

const sizeInWords = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * The problems an operation can answer, by what it is: its statuses and titles come from the one table of
 * kinds (server/errors.ts), so the document and the service cannot disagree on them.
 */
function problemsOf(method: string, path: string, op: Operation): Partial<Record<string, string>> {
  const operation = declared.get(`${method} ${path}`);
  // A larger body than MAX_BODY_BYTES where AppMeta.maxBodyBytes says so.
  const bodyLimit = operation?.maxBodyBytes ?? MAX_BODY_BYTES;
  const body = method === 'post' || method === 'put';
  const writes = body || method === 'delete';
  // Why a write that can find its target in a state or shape that refuses it answers 409 (AppMeta.conflict).
  const conflict = writes ? operation?.conflict : undefined;
  const secured = Boolean(op.security?.length);
  const signIn = path === '/tokens' || path === '/password' || path === '/tokens/passkey-challenge';
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
              : operation?.consoleSessionOnly
                ? 'CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed'
                : "A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed",
          ],
        ] as [DomainErrorKind, string][])
      : []),
    ...(path.includes('{') ? ([['NOT_FOUND', 'No such record']] as [DomainErrorKind, string][]) : []),
    ...(conflict ? ([['CONFLICT', conflict]] as [DomainErrorKind, string][]) : []),
    ...(body
      ? ([
          ['PAYLOAD_TOO_LARGE', `Request body over ${sizeInWords(bodyLimit)}`],
          ['UNSUPPORTED_MEDIA_TYPE', 'A body must be sent as Content-Type: application/json'],
        ] as [DomainErrorKind, string][])
      : []),
    ...(op.parameters?.some((p) => p.name === IDEMPOTENCY_KEY_PARAMETER.name)
      ? ([['IDEMPOTENCY_KEY_REUSED', 'The Idempotency-Key was sent before with another request']] as [
          DomainErrorKind,
          string,
        ][])
      : []),
    ...(signIn
      ? ([['RATE_LIMITED', 'Too many failed sign-ins; see Retry-After']] as [DomainErrorKind, string][])
      : []),
    ...(secured
      ? ([
          [
            'RATE_LIMITED',
            "The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit",
          ],
        ] as [DomainErrorKind, string][])
      : []),
    ['DATABASE_UNAVAILABLE', 'The database is unreachable; retry after Retry-After seconds'],
  ];
  const problems: Partial<Record<string, string>> = {};
  for (const [kind, description] of kinds) problems[String(problemKind(kind).status)] ??= description;
  return problems;
}

/**
 * The answer of a file operation (AppMeta.file): the file in each of its formats, written while it is read
 * (server/transport/file-answer.ts), instead of the JSON the generator assumes.
 */
function fileResponse(formats: readonly FileFormat[]) {
  const described: Record<FileFormat, string> = {
    csv: 'RFC 4180 CSV with a header row, CRLF line ends, times in ISO 8601 UTC; a text cell starting with =, +, -, @, tab or CR is prefixed with a single quote',
    ndjson: 'one JSON record per line',
  };
  return {
    description:
      'The file (Content-Disposition: attachment), written while it is read. A failure after it started cuts the connection: a transfer that does not end cleanly is incomplete.',
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="<name>-<yyyyMMdd-HHmmss>Z.<format>"',
        schema: { type: 'string' },
      },
    },
    content: Object.fromEntries(
      formats.map((format) => [
        FILE_MEDIA_TYPES[format].split(';')[0],
        { schema: { type: 'string', description: described[format] } },
      ]),
    ),
  };
}
/** The header fields of a bearer token's rate limit (server/transport/token-rate-limit.ts; docs/contract.md §10). */
const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  RateLimit: {
    description:
      'What is left of the bearer token\'s budget (IETF draft "RateLimit header fields for HTTP"): `"default";r=<requests left>;t=<seconds until the whole budget is back>`',
    schema: { type: 'string', example: '"default";r=5999;t=1' },
  },
  'RateLimit-Policy': {
    description:
      'The bearer token\'s limit: `"default";q=<requests>;w=60`, per 60-second window, shared by every process and instance of the service',
    schema: { type: 'string', example: '"default";q=6000;w=60' },
  },
};
const RETRY_AFTER_HEADER: HeaderObject = {
  description: 'Seconds until a request is admitted again',
  schema: { type: 'integer', minimum: 1 },
};
const rateLimitHeaderRefs = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};
/** The 429 of an operation outside trpc-to-openapi that a bearer token's budget covers (the stream, the metrics). */
const rateLimitedResponse = (problemRef: object) => ({
  description:
    "The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit",
  headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' }, ...rateLimitHeaderRefs },
  content: { 'application/problem+json': { schema: problemRef } },
});

/** Whether a JSON schema object requires no property (every field optional): its body may be left out. */
const requiresNothing = (schema: SchemaObject | undefined) =>
  Boolean(
    schema && schema.type === 'object' && !(schema.required ?? []).length && !schema.anyOf && !schema.oneOf,
  );

/**
 * Integers as the service keeps them: ids and counts are bigints (int64) unless a schema bounds them below
 * 2^31; a lower bound stated twice (minimum and exclusiveMinimum) is stated once. Any value is `{}`.
 */
function refineSchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(refineSchemas);
  if (!node || typeof node !== 'object') return;
  const schema = node as SchemaObject & Record<string, unknown>;
  // z.unknown().nullable() comes out as `anyOf: [{}, {type: null}]`; the empty schema alone already admits null.
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((s) => !Object.keys(s).length)) delete schema.anyOf;
  if (schema.type === 'integer') {
    if (schema.format === undefined && !(typeof schema.maximum === 'number' && schema.maximum < 2 ** 31)) {
      schema.format = 'int64';
    }
    if (typeof schema.minimum === 'number' && typeof schema.exclusiveMinimum === 'number') {
      schema.minimum = Math.max(schema.minimum, schema.exclusiveMinimum + 1);
      delete schema.exclusiveMinimum;
    }
  }
  for (const value of Object.values(schema)) refineSchemas(value);
}

/**
 * JSON Schema keywords that state a rule across an input's fields (a field that requires another, at least one
 * of several), declared in the input schema's `.meta()`. The generator rebuilds a body without its path
 * parameters and keeps only the title, description and examples of the schema it was given, so they are put
 * back here, from the declaration.
 */
const ACROSS_FIELDS = ['dependentRequired', 'anyOf', 'oneOf'] as const;

function acrossFieldsOf(procedurePath: string): Record<string, unknown> {
  const meta = (appOperations.get(procedurePath)?.input?.meta() ?? {}) as Record<string, unknown>;
  return Object.fromEntries(ACROSS_FIELDS.filter((k) => meta[k] !== undefined).map((k) => [k, meta[k]]));
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
  const idempotent = new Set(
    restProcedures.filter((p) => p.idempotent).map((p) => `${p.method.toLowerCase()} ${p.path}`),
  );
  const problemRef = { $ref: '#/components/schemas/Problem' };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      // Path parameters are always required (OpenAPI 3); the id schema's preprocess hides that from the generator.
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'path') parameter.required = true;
        describeQueryList(parameter);
      }
      if (idempotent.has(`${method} ${path}`))
        (op.parameters ??= []).push(structuredClone(IDEMPOTENCY_KEY_PARAMETER));
      const status = successStatus.get(`${method} ${path}`);
      if (status) {
        // An operation that answers a body only sometimes (a generated password) keeps its 200.
        if (!answersBody(op.responses['200'])) delete op.responses['200'];
        op.responses[String(status)] = { description: 'No Content' };
      }
      const file = declared.get(`${method} ${path}`)?.file;
      if (file) op.responses['200'] = fileResponse(file.formats);
      // An operation open to anyone says so (security: []), rather than leaving it to the document's default.
      op.security ??= [];
      for (const [code, description] of Object.entries(problemsOf(method, path, op))) {
        op.responses[code] ??= { description };
      }
      // A bearer token's answers say what is left of its budget (console sessions have none).
      const limited = Boolean(op.security?.length);
      // A body whose fields are all optional may be left out (acknowledge, resolve, retry).
      const body = op.requestBody?.content?.['application/json']?.schema;
      const procedure = declared.get(`${method} ${path}`)?.procedurePath;
      if (body && procedure) Object.assign(body, acrossFieldsOf(procedure));
      if (op.requestBody && requiresNothing(body)) op.requestBody.required = false;
      for (const code of Object.keys(op.responses)) {
        if (Number(code) >= 400) {
          const response = op.responses[code] as { description?: string };
          op.responses[code] = {
            description: response.description ?? 'Error',
            ...(limited &&
              code === '429' && {
                headers: {
                  'Retry-After': { $ref: '#/components/headers/Retry-After' },
                  ...rateLimitHeaderRefs,
                },
              }),
            content: { 'application/problem+json': { schema: problemRef } },
          };
        } else if (limited) {
          (op.responses[code] as { headers?: object }).headers = { ...rateLimitHeaderRefs };
        }
      }
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {}).filter(
    ([name]) => !name.startsWith('error.'),
  );
  doc.components = {
    ...doc.components,
    schemas: {
      ...Object.fromEntries(schemas),
      Problem: problemSchema,
    },
    headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER_HEADER },
  };
  refineSchemas(doc.paths);
  refineSchemas(doc.components.schemas);
  doc.tags = TAGS;
  // Spectral's info-contact: who answers for the interface. The service has no public address of its own;
  // its operators publish the contract with it (docs/contract.md).
  doc.info.contact = { name: 'BPM Admin Console operators (see docs/contract.md)' };
  doc.paths = {
    ...doc.paths,
    // Served by server/transport/event-stream.ts (a subscription, which trpc-to-openapi does not describe).
    [INCIDENT_STREAM_PATH.slice('/api'.length)]: incidentStreamOperation(
      streamEventSchema(doc.components.schemas as Record<string, SchemaObject>),
    ),
    '/health': {
      get: {
        operationId: 'getHealth',
        tags: ['Service'],
        security: [],
        summary: 'Liveness and database reachability (no auth)',
        description:
          'Answers whether the service runs and reaches its database, for a liveness probe; it needs no token.',
        responses: {
          '200': { description: 'Up', content: { 'application/json': { schema: healthSchema } } },
          // Any path can answer this one (Node refuses such a request before any handler); it is the
          // only client error a request without parameters, body or token can meet.
          '431': {
            description: 'The request line and headers exceed 16 KiB',
            content: { 'application/problem+json': { schema: problemRef } },
          },
          '503': {
            description: 'Database unreachable',
            content: { 'application/json': { schema: healthSchema } },
          },
        },
      },
    },
    // Served by server/transport/api-handler.ts outside tRPC, as /health is.
    '/health/ready': { get: readinessOperation(problemRef) },
    '/metrics': { get: metricsOperation(problemRef) },
  };
  return doc;
}

/**
 * The tags the procedures' meta put on operations, in the order a reference page shows them, each with what
 * it groups. Redocly's operation-tag-defined (redocly.yaml) fails the tests on a tag missing here.
 */
const TAGS: { name: string; description: string }[] = [
  {
    name: 'Authentication',
    description: 'Bearer tokens for a username and password, and changing your own password.',
  },
  {
    name: 'Users',
    description: 'User accounts: groups, direct permissions, enabling, password resets and sign-in locks.',
  },
  {
    name: 'Service accounts',
    description:
      'Principals for engines and workers: no password and no sign-in; groups, permissions and scoped API tokens of their own.',
  },
  { name: 'Groups', description: 'Groups of users and the permissions their members get.' },
  { name: 'Permissions', description: 'The catalogue of permission codes.' },
  {
    name: 'API tokens',
    description: 'Long-lived, scoped bearer tokens for external systems, acting as a user.',
  },
  {
    name: 'Second factor',
    description:
      'Your authenticator app (TOTP) and recovery codes: once enrolled, sign-in asks for a code after the password.',
  },
  {
    name: 'Passkeys',
    description:
      'Your passkeys (WebAuthn), each a second factor: registered from the console, signing a single-use challenge at sign-in after the password.',
  },
  {
    name: 'Sessions',
    description:
      'Console sign-ins: your own, or (with ACCESS_BPM_ADMIN) any user’s, listed by public handle and ended at once.',
  },
  { name: 'Audit', description: 'The record of administrative changes.' },
  {
    name: 'Incidents',
    description: 'Operational incidents: reporting, review, lifecycle, retry and bulk actions.',
  },
  {
    name: 'Worker protocol',
    description: 'External-task workers: publishing, fetching and locking, completing and failing requests.',
  },
  {
    name: 'Process instances',
    description: 'The process instances that worker requests and incidents belong to.',
  },
  {
    name: 'Saved views',
    description: "Named filter sets of the incident board: each user's own, and those shared with everyone.",
  },
  {
    name: 'Silences',
    description:
      'Incidents kept quiet by matcher for a time window: shown as silenced, their notifications held and summarised when it ends.',
  },
  {
    name: 'Webhooks',
    description: 'Subscriptions that receive incident events, their signing secrets and delivery log.',
  },
  { name: 'Service', description: 'The state of the service itself.' },
];

/**
 * The data of one change on the stream, from the zod schema the subscription's output is checked with
 * (IncidentStreamEvent, server/routers/incidents.ts): the timeline entry and its incident as it is when sent.
 * The schemas it names (Incident) are the components the REST operations already publish, generated from
 * the same zod schemas; one that is not there yet is added.
 */
function streamEventSchema(components: Record<string, SchemaObject>): SchemaObject {
  const { $defs } = z.toJSONSchema(IncidentStreamEvent, { io: 'output', unrepresentable: 'any' }) as {
    $defs: Record<string, SchemaObject>;
  };
  const toComponents = (schema: SchemaObject): SchemaObject =>
    JSON.parse(
      JSON.stringify(schema).replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) =>
        JSON.stringify(`#/components/schemas/${id}`),
      ),
    );
  for (const [id, schema] of Object.entries($defs)) {
    if (id !== 'IncidentStreamEvent') components[id] ??= toComponents(schema);
  }
  const event = toComponents($defs.IncidentStreamEvent);
  refineSchemas(event);
  return event;
}

/** The data of the stream's `event: serialized-error` (server/transport/event-stream.ts), as tRPC's link reads it. */
const STREAM_ERROR_DATA = {
  type: 'object',
  required: ['message', 'code', 'data', 'problem'],
  properties: {
    message: { type: 'string' },
    code: { type: 'integer', minimum: -32768, maximum: -32000, const: -32603 },
    data: {
      type: 'object',
      required: ['httpStatus'],
      properties: { httpStatus: { type: 'integer', minimum: 100, maximum: 599 } },
    },
    problem: { $ref: '#/components/schemas/Problem' },
  },
};

/** GET /incidents/events/stream: the change stream (docs/contract.md §6). */
function incidentStreamOperation(eventData: SchemaObject): PathItemObject {
  const problem = (description: string) => ({
    description,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  });
  const several = (values: readonly string[]) => ({
    type: 'array',
    items: { type: 'string', enum: [...values] },
  });
  const query = (name: string, schema: object, description: string) => ({
    name,
    in: 'query',
    required: false,
    schema,
    description,
    ...('items' in schema && { style: 'form', explode: false }),
  });
  return {
    get: {
      operationId: 'streamIncidentChanges',
      tags: ['Incidents'],
      summary: 'Stream of incident changes (server-sent events), resumable with Last-Event-ID',
      description:
        'Every timeline entry committed from now on (or after Last-Event-ID), as `text/event-stream`: ' +
        '`id: <txId>.<entryId>` and `data:` the timeline entry and its incident as it is now (x-event-data). ' +
        'Starts with `event: connected`; `event: ping` every 15 s is the heartbeat. Filters as on GET ' +
        '/incidents, decided per entry; status-changing entries pass a status filter. A stream that fails after ' +
        "it opened (the database lost) ends with `event: serialized-error`, its data tRPC's error with the " +
        'problem document (x-error-data); the client reconnects with its last id. Those four are every event ' +
        'it sends; a shutdown ends it with none. See docs/contract.md §6.',
      security: [{ bearerAuth: [] }],
      parameters: [
        query('status', several(INCIDENT_STATUSES), 'any of these statuses (or an entry that changed it)'),
        query('source', several(INCIDENT_SOURCES), 'any of these sources'),
        query('severity', several(INCIDENT_SEVERITIES), 'any of these severities'),
        query('processInstanceId', { type: 'integer', format: 'int64', minimum: 1 }, 'one process instance'),
        query('incidentId', { type: 'integer', format: 'int64', minimum: 1 }, 'one incident'),
        query('q', { type: 'string', maxLength: 200 }, 'substring of message, externalReferenceId or nodeId'),
        query(
          'lastEventId',
          { type: 'string', pattern: LAST_EVENT_ID_PATTERN },
          'resume after this event id (the header wins): decimal without leading zeros, as the stream sends it',
        ),
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: LAST_EVENT_ID_PATTERN },
          description: 'resume after this event id, as an EventSource sends it when it reconnects',
        },
      ],
      responses: {
        '200': {
          description: 'The stream',
          headers: rateLimitHeaderRefs,
          content: {
            'text/event-stream': {
              schema: {
                type: 'string',
                description:
                  'Server-sent events; the data of each change is x-event-data: a timeline entry with its incident',
              },
              // OpenAPI 3.1 has no schema for the events of a stream (3.2's itemSchema): extensions say them.
              'x-event-data': eventData,
              'x-error-data': STREAM_ERROR_DATA,
            },
          },
        },
        '400': problem('A filter or Last-Event-ID that is not valid'),
        '401': problem('No valid bearer token'),
        '403': problem('Missing the permission ACCESS_BPM_ADMIN, or a token scope that does not allow it'),
        '405': problem('Any method but GET'),
        '429': rateLimitedResponse({ $ref: '#/components/schemas/Problem' }),
        '503': problem('The database cannot be reached, or this instance is shutting down (SHUTTING_DOWN)'),
      },
    },
  } as unknown as PathItemObject;
}

/** GET /health/ready: whether a load balancer should send requests to this instance (server/transport/api-handler.ts). */
function readinessOperation(problemRef: object) {
  const readiness = {
    type: 'object',
    required: ['status', 'database'],
    properties: {
      status: {
        type: 'string',
        enum: ['ready', 'draining', 'unavailable'],
        description: '`draining` from the start of a graceful shutdown, until the process ends',
      },
      database: { type: 'string', enum: ['ok', 'down'] },
    },
  };
  return {
    operationId: 'getReadiness',
    tags: ['Service'],
    security: [],
    summary: 'Readiness for traffic (no auth)',
    description:
      'Answers 200 while this instance should receive requests, and 503 while it drains for a shutdown or ' +
      'cannot reach its database, for a readiness probe or a load balancer; it needs no token.',
    responses: {
      '200': { description: 'Ready', content: { 'application/json': { schema: readiness } } },
      '431': {
        description: 'The request line and headers exceed 16 KiB',
        content: { 'application/problem+json': { schema: problemRef } },
      },
      '503': {
        description: 'Draining for a shutdown, or the database is unreachable',
        content: { 'application/json': { schema: readiness } },
      },
    },
  };
}

/** GET /metrics: the Prometheus text exposition (server/observability/metrics.ts), for the tokens canReadMetrics admits. */
function metricsOperation(problemRef: object) {
  const problem = (description: string) => ({
    description,
    content: { 'application/problem+json': { schema: problemRef } },
  });
  const mediaType = METRICS_CONTENT_TYPE.split(';')[0].trim();
  return {
    operationId: 'getMetrics',
    tags: ['Service'],
    security: [{ bearerAuth: [] }],
    summary: 'Prometheus metrics',
    description:
      `The service's metrics in the Prometheus text format (\`${METRICS_CONTENT_TYPE}\`): requests, ` +
      'database pool, incidents by status and severity, notifications, event streams. Readable with an API ' +
      'token of scope METRICS, or with a token of a user holding ACCESS_BPM_ADMIN whose scope allows reading ' +
      '(FULL or READ_ONLY). HEAD answers the headers alone. With METRICS_PORT set, the same text is also ' +
      'served without authentication at GET /metrics on that port, for scrapers inside the cluster.',
    responses: {
      '200': {
        description: 'The metrics',
        headers: rateLimitHeaderRefs,
        content: {
          [mediaType]: {
            schema: { type: 'string', example: '# TYPE bpm_incidents gauge\n' },
          },
        },
      },
      '401': problem('No valid bearer token'),
      '403': problem(
        'Neither a METRICS token nor a user holding ACCESS_BPM_ADMIN with a scope that allows reading; PASSWORD_CHANGE_REQUIRED or SECOND_FACTOR_ENROLMENT_REQUIRED while the sign-in is unfinished',
      ),
      '429': rateLimitedResponse(problemRef),
      '431': problem('The request line and headers exceed 16 KiB'),
      '503': problem('The database is unreachable; retry after Retry-After seconds'),
    },
  };
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
