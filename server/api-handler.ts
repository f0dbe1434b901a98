// Serves /api/* (REST through trpc-to-openapi, tRPC, health, OpenAPI, API reference) on plain Node http.
// Next's request pipeline costs about five times the CPU of a whole procedure here
// (docs/decisions/0001-thin-node-server.md).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { Database } from '../db/client';
import { attachAuthCache } from './auth/auth-cache';
import { clientAddressOf } from './client-address';
import { allowOrigin, answerPreflight, isPreflight, type CorsOrigins } from './cors';
import { authenticate } from './auth/principal';
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
  unauthenticated,
  validationError,
  type Problem,
} from './errors';
import { unacceptableInput } from './input-guard';
import { log } from './log';
import { canReadMetrics, METRICS_CONTENT_TYPE, metricsText, watchDatabase } from './metrics';
import { requestIdOf } from './observe-requests';
import { getOpenApiDocument } from './openapi';
import { admitsSessionCookie, unsupportedBodyOf } from './transport-rules';
import { appRouter, restProcedures } from './routers';
import type { Dispatcher } from './services/workers/dispatcher';
import { createContext } from './trpc';
import { batchRefusal } from './trpc-batch';

export const MAX_BODY_BYTES = 64 * 1024;

type ApiRequest = IncomingMessage & {
  body?: unknown;
  query?: Record<string, string[]>;
  requestId?: string;
  bodyError?: DomainError;
  receivedAt?: number;
};

function queryOf(url: URL): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  url.searchParams.forEach((value, key) => (query[key] ??= []).push(value));
  return query;
}

/** The methods each REST path answers, found by its template (`/incidents/{id}` matches `/incidents/7`). */
const restRoutes = [...new Set(restProcedures.map((p) => p.path))].map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  methods: restProcedures.filter((p) => p.path === template).map((p) => p.method),
}));

/** Every method some REST operation answers on `path` (HEAD wherever GET is); undefined for no such path. */
function allowedMethods(path: string): string[] | undefined {
  const methods = new Set<string>(restRoutes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods));
  if (!methods.size) return undefined;
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

const FIXED_ROUTES = new Set(['/api/health', '/api/openapi.json', '/api/metrics', '/api/docs', '/docs']);

/** The route template of an /api path, for metrics and logs (never the path itself: ids are unbounded). */
export function apiRouteOf(pathname: string): string | undefined {
  if (FIXED_ROUTES.has(pathname)) return pathname;
  if (pathname.startsWith('/api/docs/')) return '/api/docs/*';
  if (pathname === '/api/trpc' || pathname.startsWith('/api/trpc/')) return '/api/trpc';
  const rest = pathname.slice('/api'.length);
  const found = restRoutes.find((r) => r.pattern.test(rest));
  return found && `/api${found.template}`;
}

const successStatusByPath = new Map(
  restProcedures.filter((p) => p.successStatus).map((p) => [p.procedurePath, p.successStatus]),
);

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(JSON.stringify(body));
}

function sendProblem(res: ServerResponse, problem: Problem, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  sendJson(res, problem.status, problem, 'application/problem+json');
}

/** Reads a JSON body of at most 64 KiB. An empty body is `{}` (the seed's reopen has none). */
async function readJsonBody(req: ApiRequest): Promise<{ body: unknown } | { tooLarge: true }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return { tooLarge: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { tooLarge: true };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return { body: {} };
  try {
    const body = JSON.parse(text);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      req.bodyError = validationError('The request body must be a JSON object', [
        { field: '(body)', message: 'must be a JSON object' },
      ]);
      return { body: {} };
    }
    // Checked here as well as in every procedure: the adapter serialises the body before any procedure runs.
    const problem = unacceptableInput(body);
    if (problem) {
      req.bodyError = fieldError(problem.field, problem.message);
      return { body: {} };
    }
    return { body };
  } catch {
    req.bodyError = validationError('The request body is not valid JSON', [
      { field: '(body)', message: 'is not valid JSON' },
    ]);
    return { body: {} };
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

/** The adapter writes its own error shape; ours rides in it as `problem` (see errorFormatter) and replaces it. */
function answerErrorsAsProblems(res: ServerResponse, requestId: string) {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]): ServerResponse => {
    if (res.statusCode >= 400 && typeof chunk === 'string') {
      try {
        const problem = JSON.parse(chunk).problem as Problem | undefined;
        if (problem) {
          // An error before the context existed (reading the query or body) formatted another id.
          if (problem.requestId) problem.requestId = requestId;
          res.statusCode = problem.status;
          res.setHeader('Content-Type', 'application/problem+json');
          return end(JSON.stringify(problem), ...rest);
        }
      } catch {
        // not JSON: leave it as it is
      }
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/**
 * Aborts when the response is closed before it was sent (the client went away). A response that was sent
 * aborts nothing: no one listens any more, and an abort builds a DOMException with its stack, which was the
 * largest single cost of a thousand long polls answering together.
 */
function abortedOnClose(res: ServerResponse): AbortSignal {
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
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && error.code !== 'ECONNRESET' && !inFlight?.headersSent) {
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
}

export function createApiHandler(
  database: Database,
  dispatcher: Dispatcher,
  { isDraining = () => false, corsOrigins = new Set() }: ApiHandlerOptions = {},
) {
  const { db } = database;
  attachAuthCache(database);
  watchDatabase(database);

  const rest = createOpenApiNodeHttpHandler({
    router: appRouter,
    maxBodySize: MAX_BODY_BYTES,
    createContext: ({ req, res }) => {
      const r = req as ApiRequest;
      return createContext({
        db,
        dispatcher,
        credentials: credentialsOf(r),
        requestId: r.requestId,
        bodyError: r.bodyError,
        clientAddress: clientAddressOf(r),
        signal: abortedOnClose(res as ServerResponse),
        receivedAt: r.receivedAt,
      });
    },
    responseMeta: ({ paths, errors, data }) => {
      if (errors.length) {
        return { status: problemOf(errors[0], '').status, headers: errorHeaders(errors as TRPCError[]) };
      }
      // The success status is for an empty answer; an operation that sometimes answers a body (a reset
      // that generated the password) answers that with a 200.
      const status = paths?.[0] ? successStatusByPath.get(paths[0]) : undefined;
      return status && data?.[0] === undefined ? { status } : {};
    },
    onError: ({ error, req, path: p }) =>
      logIfInternal(error, (req as ApiRequest).requestId, `REST ${p ?? req.url}`),
  });

  async function health(res: ServerResponse) {
    if (await database.ping()) return sendJson(res, 200, { status: 'ok', database: 'ok' });
    res.setHeader('Retry-After', databaseUnavailable().headers['Retry-After']);
    sendJson(res, 503, { status: 'unavailable', database: 'down' });
  }

  /** The metrics, for an API token of scope METRICS or an administrator's token (canReadMetrics). */
  async function metrics(req: ApiRequest, res: ServerResponse, requestId: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const refusal = methodNotAllowed(req.method ?? '', ['GET', 'HEAD']);
      return sendProblem(res, problemOf(refusal, requestId), refusal.headers);
    }
    const auth = await authenticate(db, credentialsOf(req));
    const refusal = !auth.principal
      ? unauthenticated('failure' in auth ? auth.failure : undefined)
      : !canReadMetrics(auth.principal)
        ? forbidden('Reading the metrics needs a METRICS token or the permission ACCESS_BPM_ADMIN')
        : undefined;
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
  function preflight(req: ApiRequest, res: ServerResponse, pathname: string, requestId: string) {
    const methods = FIXED_ROUTES.has(pathname)
      ? ['GET', 'HEAD']
      : allowedMethods(pathname.slice('/api'.length));
    const answer = answerPreflight(req, methods, corsOrigins);
    if (!answer.allowed) return sendProblem(res, problemOf(forbidden(answer.reason), requestId));
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.statusCode = 204;
    res.end();
  }

  return async function handleApi(req: ApiRequest, res: ServerResponse): Promise<void> {
    req.receivedAt = Date.now();
    const requestId = requestIdOf(req);
    req.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
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
      if (pathname === '/api/openapi.json') return sendJson(res, 200, getOpenApiDocument());
      if (pathname === '/api/metrics') return await metrics(req, res, requestId);
      if (pathname === '/docs' || pathname === '/api/docs' || pathname.startsWith('/api/docs/')) {
        return await docs(res, pathname.replace(/^\/(api\/)?docs/, ''));
      }
      const unsupportedBody = unsupportedBodyOf(req);
      if (unsupportedBody) {
        res.setHeader('Connection', 'close'); // the body is never read
        return sendProblem(res, problemOf(unsupportedBody, requestId));
      }
      if (pathname.startsWith('/api/trpc/') || pathname === '/api/trpc') {
        const trpcPath = pathname.slice('/api/trpc/'.length);
        // Refused before any procedure runs: a batch must not multiply sign-in attempts or work.
        const refusal = batchRefusal(trpcPath, url.searchParams);
        if (refusal) return sendProblem(res, problemOf(refusal, requestId));
        const clientAddress = clientAddressOf(req);
        const credentials = credentialsOf(req, admitsSessionCookie(req));
        return await nodeHTTPRequestHandler({
          router: appRouter,
          req,
          res,
          path: trpcPath,
          maxBodySize: MAX_BODY_BYTES,
          createContext: () =>
            createContext({
              db,
              dispatcher,
              credentials,
              requestId,
              clientAddress,
              receivedAt: req.receivedAt,
            }),
          responseMeta: ({ errors }) => (errors.length ? { headers: errorHeaders(errors) } : {}),
          onError: ({ error, path: p }) => logIfInternal(error, requestId, `tRPC ${p}`),
        });
      }

      // REST: the adapter sees the path without /api, the query as a map without a prototype (its own
      // plain object would meet Object.prototype on keys such as __proto__ or constructor), and a body we
      // have already read and checked.
      const withoutApi = req.url!.slice('/api'.length);
      req.url = withoutApi.startsWith('/') ? withoutApi : `/${withoutApi}`;
      req.query = queryOf(url);
      const allowed = allowedMethods(pathname.slice('/api'.length));
      if (allowed && !allowed.includes(req.method ?? '')) {
        const refusal = methodNotAllowed(req.method ?? '', allowed);
        return sendProblem(res, problemOf(refusal, requestId), refusal.headers);
      }
      // HEAD is answered as GET, checks and status included; Node sends no body to a HEAD request.
      if (req.method === 'HEAD') req.method = 'GET';
      if (req.method !== 'GET') {
        const read = await readJsonBody(req);
        if ('tooLarge' in read) {
          res.setHeader('Connection', 'close');
          return sendProblem(res, problemOf(payloadTooLarge(MAX_BODY_BYTES), requestId));
        }
        req.body = read.body;
        req.headers['content-type'] = 'application/json';
      }
      answerErrorsAsProblems(res, requestId);
      await rest(req, res);
    } catch (error) {
      log.error({ err: error, requestId }, `${req.method} ${pathname} failed`);
      if (!res.headersSent) sendProblem(res, problemOf(error, requestId));
      else res.end();
    }
  };
}
