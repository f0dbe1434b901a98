// The OpenAPI description of the paths served outside tRPC (the incident change stream, health, readiness and
// the metrics) and of the rate limit's headers (server/transport/openapi.ts adds them to the generated document).
import type { HeaderObject, PathItemObject, SchemaObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { INCIDENT_SEVERITIES, INCIDENT_SOURCES, INCIDENT_STATUSES } from '../../domain/incidents';
import { METRICS_CONTENT_TYPE } from '../observability/metrics';
import { IncidentStreamEvent, LAST_EVENT_ID_PATTERN } from '../schemas/incidents';
import { INCIDENT_STREAM_PATH } from './event-stream';
import { refineSchemas } from './openapi-schemas';

/** The header fields of a bearer token's rate limit (server/transport/token-rate-limit.ts; docs/contract.md §10). */
export const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
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
export const RETRY_AFTER_HEADER: HeaderObject = {
  description: 'Seconds until a request is admitted again',
  schema: { type: 'integer', minimum: 1 },
};
export const rateLimitHeaderRefs = {
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

/** The paths served outside tRPC (server/transport/api-handler.ts, event-stream.ts), described by hand. */
export function servicePaths(components: Record<string, SchemaObject>): Record<string, PathItemObject> {
  const problemRef = { $ref: '#/components/schemas/Problem' };
  return {
    // Served by server/transport/event-stream.ts (a subscription, which trpc-to-openapi does not describe).
    [INCIDENT_STREAM_PATH.slice('/api'.length)]: incidentStreamOperation(streamEventSchema(components)),
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
    } as PathItemObject,
    // Served by server/transport/api-handler.ts outside tRPC, as /health is.
    '/health/ready': { get: readinessOperation(problemRef) } as PathItemObject,
    '/metrics': { get: metricsOperation(problemRef) } as PathItemObject,
  };
}
