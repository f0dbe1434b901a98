// Serves /api/* (REST, tRPC, health, OpenAPI, API reference) on plain Node http.
// Next's request pipeline costs about five times the CPU of a whole procedure here
// (docs/decisions/0001-thin-node-server.md).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { Database } from '../../db/client';
import type { RequestContext } from '../../lib/request-context';
import { attachAuthCache } from '../auth/auth-cache';
import { clientAddressOf } from './client-address';
import { allowOrigin, answerPreflight, isPreflight, type CorsOrigins } from './cors';
import { createEngineRestHandler, ENGINE_REST_PREFIX, engineRestRouteOf } from '../engine-rest/handler';
import { unfinishedSignIn } from '../auth/admission';
import { authenticate, type Credentials, type Principal } from '../auth/principal';
import {
  databaseUnavailable,
  DomainError,
  domainErrorOf,
  fieldError,
  forbidden,
  methodNotAllowed,
  payloadTooLarge,
  problemOf,
  requestHeadersTooLarge,
  requestTimeout,
  toTRPCError,
  unauthenticated,
  validationError,
  type Problem,
} from '../errors';
import { unacceptableInput } from './input-guard';
import { log } from '../observability/log';
import { canReadMetrics, METRICS_CONTENT_TYPE, metricsText, watchDatabase } from '../observability/metrics';
import {
  createEventStreamHandler,
  INCIDENT_STREAM_PATH,
  INCIDENT_STREAM_PROCEDURE,
  restStreamInput,
  trpcStreamInput,
} from './event-stream';
import { admitsSessionCookie, MAX_BODY_BYTES, unsupportedBodyOf } from './transport-rules';
import { appOperations, appRouter, restProcedures } from '../routers';
import { runOperation, type Operation } from './operation';
import { sendFile } from './file-answer';
import { acceptedFormat, StreamedFile } from '../../lib/streamed-file';
import {
  buildRestRoutes,
  byFirstSegment,
  matchRestRoute,
  restInput,
  trpcErrorOf,
  type RestMatch,
} from './rest-routes';
import type { Dispatcher } from '../services/workers/dispatcher';
import { SerializedAnswer } from '../../lib/serialized-answer';
import { createContext } from './trpc';
import { batchRefusal, callCount } from './trpc-batch';
import { rateLimitHeaders, rateLimitRefusal, TokenRateLimiter } from './token-rate-limit';
import { shareRateLimits } from './shared-rate-limit';

/** The Idempotency-Key header as sent (a header sent twice arrives joined by a comma, and is malformed). */
const idempotencyKeyOf = (req: IncomingMessage) => req.headers['idempotency-key'] as string | undefined;

function queryOf(url: URL): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  url.searchParams.forEach((value, key) => (query[key] ??= []).push(value));
  return query;
}

/** The methods each REST path answers, found by its template (`/incidents/{id}` matches `/incidents/7`). */
const restPaths = [...new Set(restProcedures.map((p) => p.path))].map((template) => {
  const methods = new Set<string>(restProcedures.filter((p) => p.path === template).map((p) => p.method));
  if (methods.has('GET')) methods.add('HEAD');
  return {
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    methods: [...methods].sort(),
  };
});
/** The templates that could match a path: those of its first segment (server/transport/rest-routes.ts). */
const restPathsFor = byFirstSegment(restPaths, (p) => p.template);

/** Every method some REST operation answers on `path` (HEAD wherever GET is); undefined for no such path. */
function allowedMethods(path: string): string[] | undefined {
  let found: string[] | undefined;
  for (const candidate of restPathsFor(path)) {
    if (!candidate.pattern.test(path)) continue;
    // Mostly one template matches; `/incidents/summary` also matches `/incidents/{id}`.
    found = found ? [...new Set([...found, ...candidate.methods])].sort() : candidate.methods;
  }
  return found;
}

const FIXED_ROUTES = new Set([
  '/api/health',
  '/api/openapi.json',
  '/api/metrics',
  '/api/docs',
  '/docs',
  INCIDENT_STREAM_PATH,
]);

/** The route template of an /api path, for metrics and logs (never the path itself: ids are unbounded). */
export function apiRouteOf(pathname: string): string | undefined {
  if (FIXED_ROUTES.has(pathname)) return pathname;
  if (pathname.startsWith('/api/docs/')) return '/api/docs/*';
  if (pathname === '/api/trpc' || pathname.startsWith('/api/trpc/')) return '/api/trpc';
  if (pathname.startsWith(`${ENGINE_REST_PREFIX}/`)) return engineRestRouteOf(pathname);
  const rest = pathname.slice('/api'.length);
  const found = restPathsFor(rest).find((r) => r.pattern.test(rest));
  return found && `/api${found.template}`;
}

/** Every REST operation, by method and path template, in the routers' order. */
const restRouteTable = buildRestRoutes(appOperations);

/**
 * The path as the REST operations see it: without /api, as the adapter parsed it on its own. That is the
 * request's parsed path without its /api, unless resolving dot segments took the path out of /api.
 */
function restPathOf(req: IncomingMessage, pathname: string): string {
  if (pathname.startsWith('/api/')) return pathname.slice('/api'.length);
  const withoutApi = req.url!.slice('/api'.length);
  return new URL(`http://127.0.0.1${withoutApi.startsWith('/') ? '' : '/'}${withoutApi}`).pathname;
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(body instanceof SerializedAnswer ? body.json : JSON.stringify(body));
}

function sendProblem(res: ServerResponse, problem: Problem, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  sendJson(res, problem.status, problem, 'application/problem+json');
}

/**
 * Reads a JSON body of at most `limit` bytes (MAX_BODY_BYTES unless the procedure says otherwise). An empty body is `{}` (the seed's reopen has none). A body that is
 * not a JSON object, or holds what no input may (server/transport/input-guard.ts), is `{}` with `bodyError` saying
 * why: the procedure reports it after authentication, as a 400.
 */
async function readJsonBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ body: unknown; bodyError?: DomainError } | { tooLarge: true }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return { tooLarge: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return { tooLarge: true };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return { body: {} };
  try {
    const body = JSON.parse(text);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const bodyError = validationError('The request body must be a JSON object', [
        { field: '(body)', message: 'must be a JSON object' },
      ]);
      return { body: {}, bodyError };
    }
    // Checked here as well as in every procedure: what no input may hold is refused before anything reads it.
    const problem = unacceptableInput(body);
    if (problem) return { body: {}, bodyError: fieldError(problem.field, problem.message) };
    return { body };
  } catch {
    const bodyError = validationError('The request body is not valid JSON', [
      { field: '(body)', message: 'is not valid JSON' },
    ]);
    return { body: {}, bodyError };
  }
}

function errorHeaders(errors: TRPCError[]): Record<string, string> {
  return domainErrorOf(errors[0])?.headers ?? {};
}

function logIfInternal(error: TRPCError, requestId: string | undefined, where: string) {
  if (!domainErrorOf(error) && (error.code === 'INTERNAL_SERVER_ERROR' || !error.code)) {
    log.error({ err: error.cause ?? error, requestId }, `${where} failed`);
  }
}

/**
 * Aborts when the response is closed before it was sent (the client went away). A response that was sent
 * aborts nothing: no one listens any more, and an abort builds a DOMException with its stack, which was the
 * largest single cost of a thousand long polls answering together. Made when a procedure first asks for it
 * (only long polls do): a controller and a listener per request were about 2% of a read's CPU. Asked for
 * after the client went away, it is aborted already.
 */
function abortedOnClose(res: ServerResponse): AbortSignal {
  if (res.closed) return res.writableFinished ? new AbortController().signal : AbortSignal.abort();
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** REST takes a bearer token only; the console's session cookie counts where the transport admits it. */
const credentialsOf = (req: IncomingMessage, sessionCookieAdmitted = false) => ({
  authorization: req.headers.authorization,
  cookie: sessionCookieAdmitted ? req.headers.cookie : undefined,
});

const swaggerDir = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');
const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference · BPM Admin Console</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/icon.svg">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: true });`;
const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
};

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
  // Camunda 7 external-task workers: their own paths, bodies and error shape (server/engine-rest/).
  const engineRest = createEngineRestHandler(db, dispatcher, { rateLimitRefusalOf });
  const serveIncidentStream = createEventStreamHandler(database, dispatcher, {
    isDraining,
    rateLimitRefusalOf,
  });

  /**
   * A REST operation: the one its method and path name, run with the input the path, the query or the body
   * give (server/transport/rest-routes.ts). Its answer is JSON (the success status of an empty one from its
   * meta), its errors problem documents.
   */
  async function restCall(
    req: IncomingMessage,
    res: ServerResponse,
    { url, method, match }: { url: URL; method: string; match: RestMatch | undefined },
    context: RequestContext,
  ): Promise<void> {
    const { requestId } = context;
    let body: { body: unknown; bodyError?: DomainError } | undefined;
    if (method !== 'GET') {
      const limit = match?.route.maxBodyBytes ?? MAX_BODY_BYTES;
      const read = await readJsonBody(req, limit);
      if ('tooLarge' in read) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, problemOf(payloadTooLarge(limit), requestId));
      }
      body = read;
    }
    try {
      if (!match) throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
      // GET and DELETE take their input from the query, every other method from the body (as the adapter).
      // The query is a map without a prototype: a plain object would meet Object.prototype on keys such as
      // __proto__ or constructor.
      const query = method === 'GET' || method === 'DELETE' ? queryOf(url) : undefined;
      // A file in more than one format: `?format=` chooses, else the Accept header (contract §2).
      const formats = match.route.operation.meta.file?.formats;
      if (query && formats && formats.length > 1 && !query.format) {
        const accepted = acceptedFormat(req.headers.accept, formats);
        if (accepted) query.format = [accepted];
      }
      const input = restInput(match, query ? { query } : { body: body?.body });
      const ctx = await createContext({
        db,
        dispatcher,
        credentials: credentialsOf(req),
        bodyError: body?.bodyError,
        clientAddress: clientAddressOf(req),
        signal: () => abortedOnClose(res),
        request: context,
        idempotencyKey: idempotencyKeyOf(req),
      });
      admitWithinRateLimit(res, ctx.principal);
      const data = await runOperation(match.route.operation, {
        ctx,
        path: match.route.operationPath,
        rawInput: input,
      });
      if (data instanceof StreamedFile) return await sendFile(req, res, data, requestId);
      // The success status is for an empty answer; an operation that sometimes answers a body (a reset
      // that generated the password) answers that with a 200.
      const status = data === undefined ? (match.route.successStatus ?? 200) : 200;
      sendJson(res, status, data);
    } catch (cause) {
      const error = trpcErrorOf(cause);
      logIfInternal(error, requestId, `REST ${match?.route.operationPath ?? url.pathname}`);
      sendProblem(res, problemOf(error, requestId), errorHeaders([error]));
    }
  }

  /**
   * A file operation's download for the console (server/transport/file-answer.ts): GET
   * /api/trpc/<operation>?input=<json>, the session cookie counting as on every tRPC call. A link can
   * download it; tRPC's own handler would answer JSON.
   */
  async function trpcFileCall(
    req: IncomingMessage,
    res: ServerResponse,
    { url, path: operationPath, operation }: { url: URL; path: string; operation: Operation },
    credentials: Credentials,
    context: RequestContext,
  ): Promise<void> {
    const { requestId } = context;
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        throw methodNotAllowed(req.method ?? '', ['GET', 'HEAD']);
      const ctx = await createContext({
        db,
        dispatcher,
        credentials,
        clientAddress: clientAddressOf(req),
        signal: () => abortedOnClose(res),
        request: context,
      });
      // A download takes a unit as on REST: a token refused there must not fetch the file here instead.
      admitWithinRateLimit(res, ctx.principal);
      const data = await runOperation(operation, {
        ctx,
        path: operationPath,
        rawInput: trpcStreamInput(url),
      });
      if (!(data instanceof StreamedFile)) throw new Error(`${operationPath} did not answer a file`);
      await sendFile(req, res, data, requestId);
    } catch (cause) {
      const error = trpcErrorOf(cause);
      logIfInternal(error, requestId, `tRPC ${operationPath}`);
      sendProblem(res, problemOf(cause, requestId), domainErrorOf(cause)?.headers ?? errorHeaders([error]));
    }
  }

  async function health(res: ServerResponse) {
    if (await database.ping()) return sendJson(res, 200, { status: 'ok', database: 'ok' });
    res.setHeader('Retry-After', databaseUnavailable().headers['Retry-After']);
    sendJson(res, 503, { status: 'unavailable', database: 'down' });
  }

  /** The metrics, for an API token of scope METRICS or an administrator's token (canReadMetrics). */
  async function metrics(req: IncomingMessage, res: ServerResponse, requestId: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const refusal = methodNotAllowed(req.method ?? '', ['GET', 'HEAD']);
      return sendProblem(res, problemOf(refusal, requestId), refusal.headers);
    }
    const auth = await authenticate(db, credentialsOf(req));
    const refusal = !auth.principal
      ? unauthenticated('failure' in auth ? auth.failure : undefined)
      : (rateLimitRefusalOf(res, auth.principal) ??
        unfinishedSignIn(auth.principal) ??
        (!canReadMetrics(auth.principal)
          ? forbidden('Reading the metrics needs a METRICS token or the permission ACCESS_BPM_ADMIN')
          : undefined));
    if (refusal) return sendProblem(res, problemOf(refusal, requestId), refusal.headers);
    res.setHeader('Content-Type', METRICS_CONTENT_TYPE);
    res.setHeader('Cache-Control', 'no-store');
    res.end(await metricsText());
  }

  /** Readiness: whether a load balancer should send requests here (not while draining for a shutdown). */
  async function readiness(res: ServerResponse) {
    const draining = isDraining();
    const databaseState = (await database.ping()) ? 'ok' : 'down';
    const status = draining ? 'draining' : databaseState === 'ok' ? 'ready' : 'unavailable';
    sendJson(res, status === 'ready' ? 200 : 503, { status, database: databaseState });
  }

  async function docs(res: ServerResponse, file: string): Promise<void> {
    const name = file.replace(/^\//, '');
    if (name === '' || name === 'init.js') {
      res.setHeader('Content-Type', name ? 'text/javascript' : 'text/html; charset=utf-8');
      res.end(name ? DOCS_INIT : DOCS_HTML);
      return;
    }
    const type = DOCS_ASSETS[name];
    if (!type) return sendProblem(res, problemOf(new TRPCError({ code: 'NOT_FOUND' }), ''));
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.end(await readFile(path.join(swaggerDir, name)));
  }

  /** A CORS preflight: 204 with what may be sent, or 403 saying what is not allowed. */
  function preflight(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string) {
    const methods = FIXED_ROUTES.has(pathname)
      ? ['GET', 'HEAD']
      : allowedMethods(pathname.slice('/api'.length));
    const answer = answerPreflight(req, methods, corsOrigins);
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
    const pathname = url.pathname;
    try {
      // Browser applications of other origins call REST (and health, the document, metrics), never tRPC.
      if (pathname !== '/api/trpc' && !pathname.startsWith('/api/trpc/')) {
        allowOrigin(req, res, corsOrigins);
        if (isPreflight(req)) return preflight(req, res, pathname, requestId);
      }
      if (pathname === '/api/health') return await health(res);
      if (pathname === '/api/health/ready') return await readiness(res);
      if (pathname === '/api/openapi.json') {
        // Loaded at the first request for it: trpc-to-openapi brings some 150 modules (its adapters for other
        // frameworks, yaml, mime-db) that nothing else in the process uses.
        const { getOpenApiDocument } = await import('./openapi');
        return sendJson(res, 200, getOpenApiDocument());
      }
      if (pathname === '/api/metrics') return await metrics(req, res, requestId);
      if (pathname === '/docs' || pathname === '/api/docs' || pathname.startsWith('/api/docs/')) {
        return await docs(res, pathname.replace(/^\/(api\/)?docs/, ''));
      }
      if (pathname.startsWith(`${ENGINE_REST_PREFIX}/`)) return await engineRest(req, res, pathname, context);
      const unsupportedBody = unsupportedBodyOf(req);
      if (unsupportedBody) {
        res.setHeader('Connection', 'close'); // the body is never read
        return sendProblem(res, problemOf(unsupportedBody, requestId));
      }
      // The incident change stream (server/transport/event-stream.ts): the same procedure as the tRPC subscription.
      if (pathname === INCIDENT_STREAM_PATH) {
        const credentials = credentialsOf(req);
        const input = restStreamInput(url);
        return await serveIncidentStream(req, res, {
          credentials,
          input,
          context,
          clientAddress: clientAddressOf(req),
        });
      }
      if (pathname.startsWith('/api/trpc/') || pathname === '/api/trpc') {
        const trpcPath = pathname.slice('/api/trpc/'.length);
        // Refused before any procedure runs: a batch must not multiply sign-in attempts or work.
        const refusal = batchRefusal(trpcPath, url.searchParams);
        if (refusal) return sendProblem(res, problemOf(refusal, requestId));
        const calls = callCount(trpcPath, url.searchParams);
        const clientAddress = clientAddressOf(req);
        const credentials = credentialsOf(req, admitsSessionCookie(req));
        if (trpcPath === INCIDENT_STREAM_PROCEDURE) {
          const input = trpcStreamInput(url);
          return await serveIncidentStream(req, res, { credentials, input, context, clientAddress });
        }
        const operation = appOperations.get(trpcPath);
        if (operation?.meta.file) {
          return await trpcFileCall(req, res, { url, path: trpcPath, operation }, credentials, context);
        }
        return await nodeHTTPRequestHandler({
          router: appRouter,
          req,
          res,
          path: trpcPath,
          maxBodySize: MAX_BODY_BYTES,
          createContext: async () => {
            const ctx = await createContext({
              db,
              dispatcher,
              credentials,
              clientAddress,
              request: context,
              idempotencyKey: idempotencyKeyOf(req),
            });
            // A script calling tRPC with a bearer token keeps to its budget as on REST, each call of a
            // batch taking a unit.
            admitWithinRateLimit(res, ctx.principal, calls);
            return ctx;
          },
          responseMeta: ({ errors }) => (errors.length ? { headers: errorHeaders(errors) } : {}),
          onError: ({ error, path: p }) => logIfInternal(error, requestId, `tRPC ${p}`),
        });
      }

      // REST: the operation of the method and path. HEAD is answered as GET, checks and status included;
      // Node sends no body to a HEAD request.
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      const match = matchRestRoute(restRouteTable, method, restPathOf(req, pathname));
      if (match) context.route = match.route.apiRoute;
      if (!match) {
        // A path some operation answers, with a method none does there: 405 with the methods it takes.
        const allowed = allowedMethods(pathname.slice('/api'.length));
        if (allowed && !allowed.includes(req.method ?? '')) {
          const refusal = methodNotAllowed(req.method ?? '', allowed);
          return sendProblem(res, problemOf(refusal, requestId), refusal.headers);
        }
      }
      await restCall(req, res, { url, method, match }, context);
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
