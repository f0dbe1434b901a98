// Serves /api/* (REST, tRPC, the Camunda paths, health, OpenAPI, API reference) on plain Node http. Next's
// request pipeline costs about five times the CPU of a whole procedure here
// (docs/decisions/0001-thin-node-server.md). Every path is a route of one table (server/transport/api-router.ts,
// find-my-way), which also decides 404, 405 with Allow, HEAD and a CORS preflight's methods; every procedure
// runs through tRPC (server/transport/rest-routes.ts: REST through its caller; /api/trpc through its node
// adapter), so one chain of middlewares serves every entry point
// (docs/decisions/0012-one-router-one-runner.md).
import { METHODS, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { Database } from '../../db/client';
import type { RequestContext } from '../../lib/request-context';
import { StreamedFile } from '../../lib/streamed-file';
import { attachAuthCache } from '../auth/auth-cache';
import { unfinishedSignIn } from '../auth/admission';
import { authenticate, type Principal } from '../auth/principal';
import { createEngineRestHandler } from '../engine-rest/handler';
import {
  databaseUnavailable,
  DomainError,
  forbidden,
  methodNotAllowed,
  problemOf,
  requestHeadersTooLarge,
  requestTimeout,
  toTRPCError,
  unauthenticated,
  validationError,
} from '../errors';
import { log } from '../observability/log';
import { canReadMetrics, METRICS_CONTENT_TYPE, metricsText, watchDatabase } from '../observability/metrics';
import { appOperations, appRouter } from '../routers';
import type { Dispatcher } from '../services/workers/dispatcher';
import {
  abortedOnClose,
  credentialsOf,
  errorHeaders,
  idempotencyKeyOf,
  logIfInternal,
  sendJson,
  sendProblem,
  trpcErrorOf,
} from './answers';
import { ApiRouter } from './api-router';
import { sendApiReference } from './api-reference';
import { clientAddressOf } from './client-address';
import { allowOrigin, answerPreflight, isPreflight, type CorsOrigins } from './cors';
import {
  createEventStreamHandler,
  INCIDENT_STREAM_PATH,
  INCIDENT_STREAM_PROCEDURE,
  restStreamInput,
  trpcStreamInput,
} from './event-stream';
import { sendFile } from './file-answer';
import { procedureOf, restRoutes, serveRestRoute, type RouteCall } from './rest-routes';
import { shareRateLimits } from './shared-rate-limit';
import { rateLimitHeaders, rateLimitRefusal, TokenRateLimiter } from './token-rate-limit';
import { admitsSessionCookie, MAX_BODY_BYTES, unsupportedBodyOf } from './transport-rules';
import { createContext } from './trpc';
import { batchRefusal, callCount } from './trpc-batch';

/** A route of the table. */
interface ApiRoute {
  /** The path's template, as metrics and logs name the route (never the path itself: ids are unbounded). */
  template: string;
  serve(call: RouteCall): Promise<void> | void;
  /** Browser applications of other origins may call it (CORS_ORIGINS): everything but tRPC. */
  crossOrigin: boolean;
  /** Its body must be JSON, refused with a 415 before anything reads it; the Camunda paths check their own. */
  jsonBody: boolean;
  /** Answers the router's refusals of its paths (404, 405) in the area's shape, when not a problem document. */
  refuse?(res: ServerResponse, error: DomainError): void;
}

const READS = ['GET'];
/** Every method Node parses: tRPC and Camunda's 404 take them all. */
const ALL_METHODS = METHODS;
const TRPC_PREFIX = '/api/trpc/';
/** A path that no route answers, or that only a fallback route (its area's 404) answers. */
const noSuchPath = (pathname: string) => new DomainError('NOT_FOUND', `No such path: ${pathname}`);

/**
 * Requests Node's parser refuses before any handler runs (headers over 16 KiB, a bad Content-Length, a
 * request that took too long) get a problem document instead of an empty answer. As in Node's own handler,
 * nothing is written to a connection that is gone or already carries a response, and it is then closed.
 */
export function answerClientErrorsAsProblems(server: Server): void {
  // The response each connection carries last, noted as its request arrives.
  const lastResponse = new WeakMap<object, ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => lastResponse.set(req.socket, res));
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const response = lastResponse.get(socket);
    const answering = response !== undefined && !response.writableFinished && response.headersSent;
    if (socket.writable && error.code !== 'ECONNRESET' && !answering) {
      const refusal =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? requestHeadersTooLarge()
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? requestTimeout()
            : validationError('The request is not valid HTTP');
      const problem = problemOf(refusal, '');
      const body = JSON.stringify(problem);
      socket.write(
        `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  });
}

export interface ApiHandlerOptions {
  /** True while the process shuts down: readiness answers 503 so that load balancers stop sending. */
  isDraining?: () => boolean;
  /** Origins whose browser applications may call the REST API (CORS_ORIGINS); none unless given. */
  corsOrigins?: CorsOrigins;
  /** Requests per minute of a bearer token that sets no limit of its own (API_RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute?: number;
  /**
   * With PostgreSQL, how often this process shares the budgets with the other processes and instances
   * (API_RATE_LIMIT_SHARE_INTERVAL_MS); PGlite has one process, and shares nothing.
   */
  rateLimitShareIntervalMs?: number;
}

/** API_RATE_LIMIT_SHARE_INTERVAL_MS's default (server/runtime/env.ts). */
export const DEFAULT_RATE_LIMIT_SHARE_INTERVAL_MS = 1000;

/** API_RATE_LIMIT_PER_MINUTE's default (server/runtime/env.ts). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6000;

export function createApiHandler(
  database: Database,
  dispatcher: Dispatcher,
  {
    isDraining = () => false,
    corsOrigins = new Set(),
    rateLimitPerMinute = DEFAULT_RATE_LIMIT_PER_MINUTE,
    rateLimitShareIntervalMs = DEFAULT_RATE_LIMIT_SHARE_INTERVAL_MS,
  }: ApiHandlerOptions = {},
) {
  const { db } = database;
  attachAuthCache(database);
  watchDatabase(database);
  const rateLimiter = new TokenRateLimiter(rateLimitPerMinute);
  const sharedRateLimits =
    database.kind === 'postgres'
      ? shareRateLimits(db, rateLimiter, { intervalMs: rateLimitShareIntervalMs })
      : undefined;
  /**
   * A bearer token's request takes one from its budget per call it makes (server/transport/token-rate-limit.ts),
   * answering the RateLimit headers; the refusal (a 429) when the budget cannot hold them all, to be answered
   * before anything runs. Console sessions have no budget.
   */
  function rateLimitRefusalOf(
    res: ServerResponse,
    principal: Principal | null,
    calls = 1,
  ): DomainError | undefined {
    if (!principal?.rateLimit) return undefined;
    const answer = rateLimiter.take(principal.rateLimit, calls);
    for (const [name, value] of Object.entries(rateLimitHeaders(answer))) res.setHeader(name, value);
    return answer.admitted ? undefined : rateLimitRefusal(answer);
  }
  function admitWithinRateLimit(res: ServerResponse, principal: Principal | null, calls = 1): void {
    const refusal = rateLimitRefusalOf(res, principal, calls);
    if (refusal) throw toTRPCError(refusal);
  }
  const engineRest = createEngineRestHandler(db, dispatcher, { rateLimitRefusalOf });
  const serveIncidentStream = createEventStreamHandler(database, dispatcher, {
    isDraining,
    rateLimitRefusalOf,
  });

  /**
   * /api/trpc/<path>: the console's calls, single and batched, through tRPC's node adapter. The session
   * cookie counts on a same-origin call only; a batch is refused before any procedure runs when it would
   * multiply sign-in attempts or work.
   */
  async function trpc({ req, res, context, url }: RouteCall): Promise<void> {
    const { requestId } = context;
    // As sent (percent-encoded), which tRPC decodes itself, and with the case of its procedures' names.
    const trpcPath = url.pathname.slice(TRPC_PREFIX.length);
    const refusal = batchRefusal(trpcPath, url.searchParams);
    if (refusal) return sendProblem(res, problemOf(refusal, requestId));
    const calls = callCount(trpcPath, url.searchParams);
    const clientAddress = clientAddressOf(req);
    const credentials = credentialsOf(req, admitsSessionCookie(req));
    if (trpcPath === INCIDENT_STREAM_PROCEDURE) {
      const input = trpcStreamInput(url);
      return await serveIncidentStream(req, res, { credentials, input, context, clientAddress });
    }
    const createTrpcContext = async () => {
      const ctx = await createContext({
        db,
        dispatcher,
        credentials,
        clientAddress,
        signal: () => abortedOnClose(res),
        request: context,
        idempotencyKey: idempotencyKeyOf(req),
      });
      // A script calling tRPC with a bearer token keeps to its budget as on REST, each call of a batch
      // taking a unit.
      admitWithinRateLimit(res, ctx.principal, calls);
      return ctx;
    };
    // A file operation's download for the console (server/transport/file-answer.ts): GET
    // /api/trpc/<operation>?input=<json>. A link can download it; tRPC's own handler would answer JSON.
    if (appOperations.get(trpcPath)?.meta.file) {
      try {
        if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed(req.method ?? '', READS);
        const data = await procedureOf(await createTrpcContext(), trpcPath)(trpcStreamInput(url));
        if (!(data instanceof StreamedFile)) throw new Error(`${trpcPath} did not answer a file`);
        return await sendFile(req, res, data, requestId);
      } catch (cause) {
        const error = trpcErrorOf(cause);
        logIfInternal(error, requestId, `tRPC ${trpcPath}`);
        return sendProblem(res, problemOf(cause, requestId), errorHeaders([error]));
      }
    }
    await nodeHTTPRequestHandler({
      router: appRouter,
      req,
      res,
      path: trpcPath,
      maxBodySize: MAX_BODY_BYTES,
      createContext: createTrpcContext,
      responseMeta: ({ errors }) => (errors.length ? { headers: errorHeaders(errors) } : {}),
      onError: ({ error, path: p }) => logIfInternal(error, requestId, `tRPC ${p}`),
    });
  }

  async function health({ res }: RouteCall) {
    if (await database.ping()) return sendJson(res, 200, { status: 'ok', database: 'ok' });
    res.setHeader('Retry-After', databaseUnavailable().headers['Retry-After']);
    sendJson(res, 503, { status: 'unavailable', database: 'down' });
  }

  /** Readiness: whether a load balancer should send requests here (not while draining for a shutdown). */
  async function readiness({ res }: RouteCall) {
    const draining = isDraining();
    const databaseState = (await database.ping()) ? 'ok' : 'down';
    const status = draining ? 'draining' : databaseState === 'ok' ? 'ready' : 'unavailable';
    sendJson(res, status === 'ready' ? 200 : 503, { status, database: databaseState });
  }

  /** The metrics, for an API token of scope METRICS or an administrator's token (canReadMetrics). */
  async function metrics({ req, res, context }: RouteCall) {
    const auth = await authenticate(db, credentialsOf(req));
    const refusal = !auth.principal
      ? unauthenticated('failure' in auth ? auth.failure : undefined)
      : (rateLimitRefusalOf(res, auth.principal) ??
        unfinishedSignIn(auth.principal) ??
        (!canReadMetrics(auth.principal)
          ? forbidden('Reading the metrics needs a METRICS token or the permission ACCESS_BPM_ADMIN')
          : undefined));
    if (refusal) return sendProblem(res, problemOf(refusal, context.requestId), refusal.headers);
    res.setHeader('Content-Type', METRICS_CONTENT_TYPE);
    res.setHeader('Cache-Control', 'no-store');
    res.end(await metricsText());
  }

  /** The incident change stream (server/transport/event-stream.ts): the same procedure as the tRPC subscription. */
  async function incidentStream({ req, res, context, url }: RouteCall) {
    const input = restStreamInput(url);
    const clientAddress = clientAddressOf(req);
    await serveIncidentStream(req, res, { credentials: credentialsOf(req), input, context, clientAddress });
  }

  // The table: every /api path, in any order (find-my-way tries fixed segments first).
  const router = new ApiRouter<ApiRoute>();
  const route = (
    methods: readonly string[],
    template: string,
    serve: ApiRoute['serve'],
    options: Partial<ApiRoute> & { fallback?: boolean } = {},
  ) => {
    const { fallback, ...rest } = options;
    router.add(
      methods,
      template,
      { template, serve, crossOrigin: true, jsonBody: false, ...rest },
      { fallback },
    );
  };
  route(READS, '/api/health', health);
  route(READS, '/api/health/ready', readiness);
  // Loaded at the first request for it: trpc-to-openapi brings some 150 modules (its adapters for other
  // frameworks, yaml, mime-db) that nothing else in the process uses.
  route(READS, '/api/openapi.json', async ({ res }) =>
    sendJson(res, 200, (await import('./openapi')).getOpenApiDocument()),
  );
  route(READS, '/api/metrics', metrics);
  route(READS, '/docs', ({ res }) => sendApiReference(res, ''));
  route(READS, '/api/docs', ({ res }) => sendApiReference(res, ''));
  route(READS, '/api/docs/*', ({ res, params }) => sendApiReference(res, params['*'] ?? ''));
  route(READS, INCIDENT_STREAM_PATH, incidentStream, { jsonBody: true });
  // tRPC answers its own methods (GET for queries, POST for mutations), all counted as one route.
  for (const path of ['/api/trpc', '/api/trpc/*']) {
    route(ALL_METHODS, path, trpc, { template: '/api/trpc', crossOrigin: false, jsonBody: true });
  }
  // Camunda 7 external-task workers: their own paths, bodies and error shape (server/engine-rest/).
  for (const { template, serve } of engineRest.routes) {
    route(['POST'], template, serve, { refuse: engineRest.refuse });
  }
  route(ALL_METHODS, '/api/engine-rest/*', () => {}, { refuse: engineRest.refuse, fallback: true });
  const restDependencies = { db, dispatcher, admitWithinRateLimit };
  for (const rest of restRoutes(appOperations)) {
    route([rest.method], rest.template, serveRestRoute(restDependencies, rest), { jsonBody: true });
  }

  /** A CORS preflight: 204 with what may be sent, or 403 saying what is not allowed. */
  function preflight(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string) {
    const answer = answerPreflight(req, router.allowedMethods(pathname), corsOrigins);
    if (!answer.allowed) return sendProblem(res, problemOf(forbidden(answer.reason), requestId));
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.statusCode = 204;
    res.end();
  }

  /** `context`: the request's, from the request wrapper (server/observability/observe-requests.ts), which answers its id. */
  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    context: RequestContext,
  ): Promise<void> {
    const { requestId } = context;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { pathname } = url;
    const method = req.method ?? 'GET';
    try {
      const match = router.match(method, pathname);
      const { route } = match;
      context.route = match.status === 404 ? undefined : match.route.template;
      if (route?.crossOrigin ?? true) {
        allowOrigin(req, res, corsOrigins);
        if (isPreflight(req)) return preflight(req, res, pathname, requestId);
      }
      if (match.status === 200) {
        const unsupportedBody = match.route.jsonBody ? unsupportedBodyOf(req) : undefined;
        if (unsupportedBody) {
          res.setHeader('Connection', 'close'); // the body is never read
          return sendProblem(res, problemOf(unsupportedBody, requestId));
        }
        return await match.route.serve({ req, res, context, url, params: match.params });
      }
      const refusal = match.status === 405 ? methodNotAllowed(method, match.allowed) : noSuchPath(pathname);
      if (route?.refuse) return route.refuse(res, refusal);
      sendProblem(res, problemOf(refusal, requestId), refusal.headers);
    } catch (error) {
      log.error({ err: error, requestId }, `${req.method} ${pathname} failed`);
      if (!res.headersSent) sendProblem(res, problemOf(error, requestId));
      else res.end();
    }
  }

  /** Shutdown: reports what this process spent of the shared budgets, and stops sharing them. */
  const stopSharingRateLimits = async () => await sharedRateLimits?.stop();
  return Object.assign(handleApi, { stopSharingRateLimits });
}
