// The request being handled, for whatever runs on its behalf. The request wrapper (server/observability/observe-requests.ts)
// makes it and hands it to the handler as an argument, which passes it on explicitly. It is not kept in an
// AsyncLocalStorage: an argument is what a reader of the code can follow, and on Node before 24 an
// AsyncLocalStorage, once entered, made every promise of the process pay its hooks.

/** The request being handled (server/observability/observe-requests.ts). */
export interface RequestContext {
  requestId: string;
  /** When the request arrived (epoch ms): a long poll's wait counts from then, not from after its auth. */
  receivedAt: number;
  traceId?: string;
  /**
   * The W3C `traceparent` naming the request's span, when it is traced: timeline entries it writes keep it,
   * and the notifications they cause carry it, so a delivery appears in the same trace.
   */
  traceparent?: string;
  /** A long poll's deadline (epoch ms), once it has passed: its request line reports how late it answered. */
  longPollDeadline?: number;
  /**
   * The route template of the /api path, as the API's route table matched it (`/api/incidents/{id}`): the
   * request line and the metrics name the route by it; none when no route answers the path.
   */
  route?: string;
}
