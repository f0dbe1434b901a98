// The request being handled, for whatever runs on its behalf: its ids go into every log line written meanwhile
// (server/log.ts), and its trace context into the timeline entries it writes (db/schema/incidents.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

/** The request being handled (server/observe-requests.ts): its ids go into every line written meanwhile. */
export interface RequestContext {
  requestId: string;
  traceId?: string;
  /**
   * The W3C `traceparent` naming the request's span, when it is traced: timeline entries written meanwhile
   * keep it, and the notifications they cause carry it (issue 15), so a delivery appears in the same trace.
   */
  traceparent?: string;
  /** A long poll's deadline (epoch ms), once it has passed: its request line reports how late it answered. */
  longPollDeadline?: number;
}
export const logContext = new AsyncLocalStorage<RequestContext>();
