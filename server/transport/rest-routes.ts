// The REST operations: every operation whose meta declares an OpenAPI method and path
// (server/transport/operation.ts), each a route of the API's table (server/transport/api-handler.ts), run
// through tRPC's own caller, so that REST, the console's tRPC calls and the in-process callers pass through
// one chain of middlewares. Its input is taken from the path and the query (GET, DELETE) or the body (any
// other method). The input schema parses what arrives: a query value is a string, or an array of strings
// when the parameter is repeated, and the query schemas say how each becomes a number, a list or a date
// (server/schemas/); a body is JSON and keeps its types, so a number sent as "5" is a 400 there as everywhere.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../../lib/request-context';
import { acceptedFormat, StreamedFile } from '../../lib/streamed-file';
import type { SerializedAnswer } from '../../lib/serialized-answer';
import { fieldError, payloadTooLarge, problemOf, validationError, type DomainError } from '../errors';
import { appRouter } from '../routers';
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
import { clientAddressOf } from './client-address';
import { sendFile } from './file-answer';
import { unacceptableInput } from './input-guard';
import type { Operation } from './operation';
import { MAX_BODY_BYTES } from './transport-rules';
import { createCallerFactory, createContext, type Context } from './trpc';

export interface RestRoute {
  method: string;
  /** The path template under /api, as metrics and the request line name the route (`/api/incidents/{id}`). */
  template: string;
  /** The operation's path (`incidents.get`). */
  operationPath: string;
  operation: Operation;
}

/** The REST routes of the operations (by path, in the routers' order) that declare a method and path. */
export function restRoutes(operations: ReadonlyMap<string, Operation>): RestRoute[] {
  return [...operations].flatMap(([operationPath, operation]) => {
    const openapi = operation.meta.openapi;
    if (!openapi || openapi.enabled === false || operation.type === 'subscription') return [];
    const template = `/api/${openapi.path.replace(/^\/|\/$/g, '')}`;
    return [{ method: openapi.method, template, operationPath, operation }];
  });
}

/**
 * The operation's raw input: the query (a value given once as itself, more as an array) or the body, with
 * the path's parameters over it; undefined for an operation without input.
 */
export function restInput(
  operation: Operation,
  params: Record<string, string | undefined>,
  source: { query: URLSearchParams } | { body: unknown },
): unknown {
  if (!operation.input) return undefined;
  // Copied by spreading or into a map without a prototype, never by assignment to a plain object: an own key
  // `__proto__` (JSON.parse keeps one) stays a key, which server/transport/input-guard.ts refuses, instead of
  // becoming the prototype of the input.
  if ('query' in source) {
    const query: Record<string, string | string[]> = Object.create(null);
    for (const key of new Set(source.query.keys())) {
      const values = source.query.getAll(key);
      query[key] = values.length === 1 ? values[0] : values;
    }
    return { ...query, ...params };
  }
  return { ...(source.body as object), ...params };
}

/**
 * Reads a JSON body of at most `limit` bytes (MAX_BODY_BYTES unless the procedure says otherwise). An empty
 * body is `{}` (the seed's reopen has none). A body that is not a JSON object, or holds what no input may
 * (server/transport/input-guard.ts), is `{}` with `bodyError` saying why: the procedure reports it after
 * authentication, as a 400.
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

const createCaller = createCallerFactory(appRouter);
type Call = (input: unknown) => Promise<unknown>;

/** The procedure at `operationPath` (`incidents.get`) of a caller: tRPC's caller is a tree of its routers. */
export function procedureOf(ctx: Context, operationPath: string): Call {
  let found: unknown = createCaller(ctx);
  for (const key of operationPath.split('.')) found = (found as Record<string, unknown>)[key];
  return found as Call;
}

/** What the REST routes need of the API handler. */
export interface RestDependencies {
  db: Context['db'];
  dispatcher: Context['dispatcher'];
  /** Takes the call from a bearer token's budget (server/transport/token-rate-limit.ts); throws the 429. */
  admitWithinRateLimit(res: ServerResponse, principal: Context['principal']): void;
}

/** What a route is given: the request, its context, its URL, and the path's parameters. */
export interface RouteCall {
  req: IncomingMessage;
  res: ServerResponse;
  context: RequestContext;
  url: URL;
  params: Record<string, string | undefined>;
}

/**
 * Serves `route`: its operation through the caller, with the input the path, the query or the body give. Its
 * answer is JSON (the success status of an empty one from its meta) or a file, its errors problem documents.
 */
export function serveRestRoute({ db, dispatcher, admitWithinRateLimit }: RestDependencies, route: RestRoute) {
  const { operation, operationPath } = route;
  const reads = (method: string) => method === 'GET' || method === 'DELETE';
  const formats = operation.meta.file?.formats;
  return async ({ req, res, context, url, params }: RouteCall): Promise<void> => {
    const { requestId } = context;
    let body: { body: unknown; bodyError?: DomainError } | undefined;
    if (route.method !== 'GET') {
      const limit = operation.meta.maxBodyBytes ?? MAX_BODY_BYTES;
      const read = await readJsonBody(req, limit);
      if ('tooLarge' in read) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, problemOf(payloadTooLarge(limit), requestId));
      }
      body = read;
    }
    try {
      // GET and DELETE take their input from the query, every other method from the body (as the adapter).
      const query = reads(route.method) ? new URLSearchParams(url.search) : undefined;
      // A file in more than one format: `?format=` chooses, else the Accept header (contract §2).
      if (query && formats && formats.length > 1 && !query.has('format')) {
        const accepted = acceptedFormat(req.headers.accept, formats);
        if (accepted) query.set('format', accepted);
      }
      const input = restInput(operation, params, query ? { query } : { body: body?.body });
      // Where the operation hands over an answer serialized already, to be written as it is.
      const serialized: { answer?: SerializedAnswer } = {};
      const ctx = await createContext({
        db,
        dispatcher,
        credentials: credentialsOf(req),
        bodyError: body?.bodyError,
        clientAddress: clientAddressOf(req),
        signal: () => abortedOnClose(res),
        request: context,
        idempotencyKey: idempotencyKeyOf(req),
        serialized,
      });
      admitWithinRateLimit(res, ctx.principal);
      const data = await procedureOf(ctx, operationPath)(input);
      if (data instanceof StreamedFile) return await sendFile(req, res, data, requestId);
      // The success status is for an empty answer; an operation that sometimes answers a body (a reset
      // that generated the password) answers that with a 200.
      const status = data === undefined ? (operation.meta.successStatus ?? 200) : 200;
      sendJson(res, status, serialized.answer ?? data);
    } catch (cause) {
      const error = trpcErrorOf(cause);
      logIfInternal(error, requestId, `REST ${operationPath}`);
      sendProblem(res, problemOf(error, requestId), errorHeaders([error]));
    }
  };
}
