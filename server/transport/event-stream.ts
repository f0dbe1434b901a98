// Serves the incident change stream as server-sent events (docs/contract.md §6 and §10), on its two
// entry points: tRPC's SSE subscription /api/trpc/incidents.changes (the console's httpSubscriptionLink; the
// session cookie counts as on every tRPC call) and GET /api/incidents/events/stream (bearer clients). Both
// call the one procedure, incidents.changes, through a tRPC caller: authentication, permission, token scope
// and input are decided by its middlewares, before any byte is written, so a refusal is a problem document
// with its status (401, 403, 400) rather than tRPC's 200 with an error event.
//
// The wire format is tRPC's (what httpSubscriptionLink reads): `event: connected` first, then one `data:` per
// change with `id:` its event id (the feed cursor, which an EventSource sends back as Last-Event-ID), and
// `event: ping` every 15 s as the heartbeat. A shutdown ends every stream without tRPC's `event: return`, so
// clients reconnect (to another instance) with their last id and lose nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isTrackedEnvelope } from '@trpc/server';
import type { Database } from '../../db/client';
import type { RequestContext } from '../../lib/request-context';
import { domainErrorOf, methodNotAllowed, problemOf, shuttingDown, type DomainError } from '../errors';
import { log } from '../observability/log';
import { countEventStreams } from '../observability/metrics';
import { appRouter } from '../routers';
import { startIncidentEventHub, stopIncidentEventHub } from '../services/events/incident-stream';
import { createCallerFactory, createContext } from './trpc';
import type { Credentials, Principal } from '../auth/principal';
import type { Dispatcher } from '../services/workers/dispatcher';
import { writeWhenReady as write } from './write-when-ready';

export const INCIDENT_STREAM_PATH = '/api/incidents/events/stream';
export const INCIDENT_STREAM_PROCEDURE = 'incidents.changes';
export const HEARTBEAT_MS = 15_000;
/** The console's link reconnects when it hears nothing (not even a heartbeat) for this long. */
const RECONNECT_AFTER_INACTIVITY_MS = 40_000;

const createCaller = createCallerFactory(appRouter);
const open = new Set<ServerResponse>();

export interface StreamRequest {
  credentials: Credentials;
  /** The procedure's input before validation (query parameters or tRPC's `input`). */
  input: unknown;
  /** The request's context, from the request wrapper (server/observability/observe-requests.ts). */
  context: RequestContext;
  clientAddress?: string;
}

/** The REST query as the procedure's input: single values as strings, repeated ones as arrays. */
export function restStreamInput(url: URL): Record<string, unknown> {
  const input: Record<string, unknown> = Object.create(null);
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    input[key] = values.length === 1 ? values[0] : values;
  }
  return input;
}

/** tRPC's `?input=<json>` of a subscription call (text that is not JSON is passed on, for the 400). */
export function trpcStreamInput(url: URL): unknown {
  const raw = url.searchParams.get('input');
  if (raw === null) return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function createEventStreamHandler(
  database: Database,
  dispatcher: Dispatcher,
  {
    isDraining = () => false,
    rateLimitRefusalOf = () => undefined,
  }: {
    isDraining?: () => boolean;
    /** Takes the opening from its token's budget, setting the RateLimit headers; the 429 when it is used up. */
    rateLimitRefusalOf?: (res: ServerResponse, principal: Principal | null) => DomainError | undefined;
  } = {},
) {
  startIncidentEventHub(database);

  return async function serveIncidentStream(
    req: IncomingMessage,
    res: ServerResponse,
    request: StreamRequest,
  ): Promise<void> {
    const { requestId } = request.context;
    const refuse = (error: unknown) => {
      const problem = problemOf(error, requestId);
      for (const [k, v] of Object.entries(domainErrorOf(error)?.headers ?? {})) res.setHeader(k, v);
      res.statusCode = problem.status;
      res.setHeader('Content-Type', 'application/problem+json');
      res.end(JSON.stringify(problem));
    };
    if (req.method !== 'GET') return refuse(methodNotAllowed(req.method ?? '', ['GET']));
    // A draining instance sends clients elsewhere; a stream opened now would hold the shutdown.
    if (isDraining()) return refuse(shuttingDown());

    const closed = new AbortController();
    res.once('close', () => closed.abort());
    // The Last-Event-ID an EventSource sends when it reconnects on its own wins over the id in the input,
    // which is the one the page's link knew when it (re)subscribed.
    const headerId = req.headers['last-event-id'];
    const input =
      typeof headerId === 'string' && headerId && request.input && typeof request.input === 'object'
        ? { ...request.input, lastEventId: headerId }
        : request.input;

    let events: AsyncIterable<unknown>;
    try {
      const ctx = await createContext({
        db: database.db,
        dispatcher,
        credentials: request.credentials,
        request: request.context,
        clientAddress: request.clientAddress,
        signal: closed.signal,
      });
      // Opening a stream is a request like any other: reopening it must not go round the budget.
      const overLimit = rateLimitRefusalOf(res, ctx.principal);
      if (overLimit) return refuse(overLimit);
      events = await createCaller(ctx, { signal: closed.signal }).incidents.changes(input as never);
    } catch (error) {
      return refuse(error);
    }

    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    // Proxies (nginx) buffer responses unless told not to; a buffered stream is a stale one.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    open.add(res);
    countEventStreams(1);
    const heartbeat = setInterval(() => {
      // Skipped while the client is behind: the data it has not read yet shows the connection lives.
      if (res.writableNeedDrain) return;
      void write(res, 'event: ping\ndata: \n\n', closed.signal);
    }, HEARTBEAT_MS);
    try {
      const connected = JSON.stringify({ reconnectAfterInactivityMs: RECONNECT_AFTER_INACTIVITY_MS });
      if (!(await write(res, `event: connected\ndata: ${connected}\n\n`, closed.signal))) return;
      for await (const event of events) {
        const text = isTrackedEnvelope(event)
          ? `id: ${event[0]}\ndata: ${JSON.stringify(event[1])}\n\n`
          : `data: ${JSON.stringify(event)}\n\n`;
        if (!(await write(res, text, closed.signal))) break;
      }
    } catch (error) {
      if (!closed.signal.aborted) {
        log.error({ err: error, requestId }, 'incident stream failed');
        // tRPC's error event: the link retries on codes it deems retryable, else it stops.
        const problem = problemOf(error, requestId);
        await write(
          res,
          `event: serialized-error\ndata: ${JSON.stringify({ message: problem.detail, code: -32603, data: { httpStatus: problem.status }, problem })}\n\n`,
          closed.signal,
        );
      }
    } finally {
      clearInterval(heartbeat);
      open.delete(res);
      countEventStreams(-1);
      closed.abort();
      // No `event: return`: the client is to reconnect, with its last event id.
      if (!res.writableEnded) res.end();
    }
  };
}

/** Shutdown: ends every open stream (clients reconnect elsewhere) and stops listening to the feed. */
export async function closeIncidentStreams(database: Database): Promise<void> {
  await stopIncidentEventHub(database.db);
  for (const res of open) res.end();
}
