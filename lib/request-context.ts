// The request being handled, for whatever runs on its behalf. It is passed on explicitly, not kept in an
// AsyncLocalStorage: on Node 20 an AsyncLocalStorage, once entered, makes every promise of the process pay
// its hooks, 5-9% of a simple read's CPU (docs/performance.md, "Eighth pass").
import type { IncomingMessage } from 'node:http';

/** The request being handled (server/observe-requests.ts). */
export interface RequestContext {
  requestId: string;
  traceId?: string;
  /**
   * The W3C `traceparent` naming the request's span, when it is traced: timeline entries it writes keep it,
   * and the notifications they cause carry it (issue 15), so a delivery appears in the same trace.
   */
  traceparent?: string;
  /** A long poll's deadline (epoch ms), once it has passed: its request line reports how late it answered. */
  longPollDeadline?: number;
  /**
   * The route template of the REST operation the API handler matched (`/api/incidents/{id}`): the request line
   * and the metrics name the route by it instead of matching the path again.
   */
  route?: string;
}

const contexts = new WeakMap<IncomingMessage, RequestContext>();

/** Gives `req` its context (the request wrapper does, before any handler runs). */
export function setRequestContext(req: IncomingMessage, context: RequestContext): void {
  contexts.set(req, context);
}

/** The context the request wrapper gave `req`; undefined for a request that did not pass through it. */
export function requestContextOf(req: IncomingMessage): RequestContext | undefined {
  return contexts.get(req);
}
