// The incident API. Route order matters to the REST adapter (first match wins per method):
// /incidents/summary before /incidents/{id}, /incidents/bulk/* before /incidents/{id}/*.
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { zTrackedAsyncIterable } from '../schemas/async-iterable';
import { IdInput, idParam, streamedFile } from '../schemas/common';
import {
  AcknowledgeRequest,
  SnoozeIncidentRequest,
  AssignRequest,
  BulkAcknowledgeMatchingRequest,
  BulkAcknowledgeRequest,
  BulkMatchingResultResponse,
  BulkResolveMatchingRequest,
  BulkRetryMatchingRequest,
  BulkResolveRequest,
  BulkResultResponse,
  BulkRetryRequest,
  ExportIncidentsQuery,
  IncidentEventResponse,
  IncidentGroupPage,
  ListIncidentGroupsQuery,
  IncidentPage,
  ProcessInstanceIncidents,
  IncidentStatsQuery,
  IncidentStatsResponse,
  IncidentResponse,
  IncidentSummaryQuery,
  IncidentSummaryResponse,
  IncidentStreamEvent,
  IncidentStreamQuery,
  ListIncidentsQuery,
  NoteRequest,
  ReportBatchRequest,
  ReportBatchResponse,
  ReportIncidentRequest,
  REPORT_BATCH_BODY_BYTES,
  ResolveRequest,
  RetryIncidentRequest,
  RetryPayloadResponse,
} from '../schemas/incidents';
import { getIncident } from '../services/incidents/get-incident';
import { getIncidentEvents } from '../services/incidents/get-incident-events';
import { getIncidentSummary } from '../services/incidents/get-incident-summary';
import { listIncidents } from '../services/incidents/list-incidents';
import { exportIncidents } from '../services/incidents/export-incidents';
import { listIncidentsOfProcessInstance } from '../services/incidents/list-incidents-of-process-instance';
import { getIncidentStats } from '../services/incidents/incident-stats';
import { reportIncident } from '../services/incidents/report-incident';
import { reportIncidents } from '../services/incidents/report-incidents';
import { acknowledgeIncident } from '../services/incidents/acknowledge-incident';
import { resolveIncident } from '../services/incidents/resolve-incident';
import { reopenIncident } from '../services/incidents/reopen-incident';
import { unacknowledgeIncident } from '../services/incidents/unacknowledge-incident';
import { snoozeIncident, wakeIncident } from '../services/incidents/snooze';
import { bulkAcknowledge } from '../services/incidents/bulk-acknowledge';
import { bulkResolve } from '../services/incidents/bulk-resolve';
import { addIncidentNote } from '../services/incidents/add-incident-note';
import { assignIncident } from '../services/incidents/assign-incident';
import { getRetryPayload } from '../services/worker-incidents/get-retry-payload';
import { retryIncident } from '../services/worker-incidents/retry-incident';
import { bulkRetry } from '../services/worker-incidents/bulk-retry';
import { openIncidentStream, type StreamEvent } from '../services/events/incident-stream';
import { listIncidentGroups } from '../services/incidents/list-incident-groups';
import { bulkAcknowledgeMatching } from '../services/incidents/bulk-acknowledge-matching';
import { bulkResolveMatching } from '../services/incidents/bulk-resolve-matching';
import { bulkRetryMatching } from '../services/worker-incidents/bulk-retry-matching';
import { asResolved } from '../../lib/serialized-answer';
import { permissionOperation, operations } from '../transport/trpc';

/** Each event with its id, tRPC's way (`tracked`): the SSE id a client resumes from. */
async function* trackedEvents(events: AsyncIterable<StreamEvent>) {
  for await (const { id, event } of events) yield tracked(id, event);
}

const incident = permissionOperation('ACCESS_BPM_ADMIN').meta({ tokenScope: 'INCIDENTS' });
const WRONG_STATE = 'INVALID_STATE: the incident is not in a state this allows';
const engine = permissionOperation('ACCESS_ENGINE_API', 'ACCESS_BPM_ADMIN').meta({ tokenScope: 'WORKER' });
const tags = ['Incidents'];

export const incidentsRouter = operations({
  /**
   * The incident change stream (docs/contract.md §6): tRPC's SSE subscription at
   * /api/trpc/incidents.changes for the console, and GET /api/incidents/events/stream for bearer clients,
   * both served by server/transport/event-stream.ts through this procedure.
   */
  changes: incident
    .input(IncidentStreamQuery)
    // Every event is checked against the schema the document publishes for it (x-event-data).
    .output(zTrackedAsyncIterable(IncidentStreamEvent))
    // The stream is opened (a bad lastEventId refused) before the first event is asked for.
    .subscription(async ({ ctx, input, signal }) =>
      trackedEvents(await openIncidentStream(ctx.db, input, signal)),
    ),

  summary: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/summary',
        tags,
        summary: 'Dashboard counts',
        operationId: 'getIncidentSummary',
        description:
          'Answers the dashboard counts: open, critical and acknowledged incidents, and those created today; `owner` counts only the incidents of that owner, as on GET /incidents.',
      },
    })
    .input(IncidentSummaryQuery)
    .output(IncidentSummaryResponse)
    .query(({ ctx, input }) => getIncidentSummary(ctx.db, input, ctx.principal)),

  /**
   * The incidents a filter matches as a CSV file (docs/contract.md §6, "Export"): GET /api/incidents/export
   * for bearer clients, GET /api/trpc/incidents.export for the console's download (its cookie, same
   * origin), both written by server/transport/file-answer.ts.
   */
  export: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/export',
        operationId: 'exportIncidents',
        tags,
        summary: 'Every incident a filter matches, as a CSV file',
        description:
          'Answers the incidents that the filters of GET /incidents match, newest first, as one CSV file (a header row, times in UTC, formulas neutralised) written while it is read, whatever the count.',
      },
      file: { formats: ['csv'] },
    })
    .input(ExportIncidentsQuery)
    .output(streamedFile)
    .query(({ ctx, input }) => exportIncidents(ctx.db, input, ctx.principal)),

  stats: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/stats',
        operationId: 'getIncidentStats',
        description:
          'Answers per-day incident counts by severity over the last `days` days, the nodes that fail most, and mean times to acknowledge and resolve.',
        tags,
        summary: 'Per-day counts by severity, top failing nodes, mean times to acknowledge and resolve',
      },
    })
    .input(IncidentStatsQuery)
    .output(IncidentStatsResponse)
    .query(({ ctx, input }) => getIncidentStats(ctx.db, input)),

  groups: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/groups',
        operationId: 'listIncidentGroups',
        description:
          'Pages through the incidents matching the filters grouped by source, node and message template (numbers folded), with counts per status and first and last seen.',
        tags,
        summary: 'Incidents grouped by source, node and message template',
      },
    })
    .input(ListIncidentGroupsQuery)
    .output(IncidentGroupPage)
    .query(({ ctx, input }) => listIncidentGroups(ctx.db, input, ctx.principal)),

  list: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents',
        operationId: 'listIncidents',
        description:
          'Pages through incidents matching the filters, in the order `sort` asks (default newest first).',
        tags,
        summary: 'List incidents (paged, filtered, sorted)',
      },
    })
    .input(ListIncidentsQuery)
    .output(IncidentPage)
    .query(({ ctx, input }) => listIncidents(ctx.db, input, ctx.principal)),

  ofProcessInstance: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/process-instances/{processInstanceId}',
        operationId: 'listProcessInstanceIncidents',
        description:
          'Lists every incident of one process instance, newest first (an unknown instance has none).',
        tags,
        summary: "A process instance's incidents, newest first",
      },
    })
    .input(z.object({ processInstanceId: idParam }))
    .output(ProcessInstanceIncidents)
    .query(async ({ ctx, input }) => asResolved(await listIncidentsOfProcessInstance(ctx.db, input))),

  report: engine
    .meta({
      idempotent: 'claimed-by-service',
      openapi: {
        method: 'POST',
        path: '/incidents',
        operationId: 'reportIncident',
        description:
          'Reports an incident; a report with the source and externalReferenceId of an unresolved incident counts another occurrence of it instead.',
        tags,
        summary: 'Report an incident (deduplicated by source and externalReferenceId)',
      },
    })
    .input(ReportIncidentRequest)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => reportIncident(ctx.db, input, ctx.request?.traceparent, ctx.idempotency)),

  reportBatch: engine
    .meta({
      idempotent: true,
      openapi: {
        method: 'POST',
        path: '/incidents/batch',
        operationId: 'reportIncidents',
        description:
          'Reports up to 500 incidents in one request, each deduplicated as POST /incidents does. Each report is checked and written on its own: the answer has one result per report, in order (created, occurred again, reopened, or rejected with its problem, in which case nothing was written for it). The body may be up to 1 MiB.',
        tags,
        summary: 'Report up to 500 incidents at once, one result per report',
      },
      maxBodyBytes: REPORT_BATCH_BODY_BYTES,
    })
    .input(ReportBatchRequest)
    .output(ReportBatchResponse)
    .mutation(({ ctx, input }) => reportIncidents(ctx.db, input.reports, ctx.request?.traceparent)),

  bulkAcknowledge: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/acknowledge',
        operationId: 'acknowledgeIncidents',
        description:
          'Acknowledges each of up to 250 incidents on its own, and answers for each whether it was applied, skipped or not found.',
        tags,
        summary: 'Acknowledge up to 250 incidents',
      },
    })
    .input(BulkAcknowledgeRequest)
    .output(BulkResultResponse)
    .mutation(({ ctx, input }) => bulkAcknowledge(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  bulkResolve: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/resolve',
        operationId: 'resolveIncidents',
        description:
          'Resolves each of up to 250 incidents on its own, and answers for each whether it was applied, skipped or not found.',
        tags,
        summary: 'Resolve up to 250 incidents',
      },
    })
    .input(BulkResolveRequest)
    .output(BulkResultResponse)
    .mutation(({ ctx, input }) => bulkResolve(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  bulkRetry: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/retry',
        operationId: 'retryIncidents',
        description:
          'Retries each of up to 250 WORKER incidents on its own, and answers for each whether it was applied, skipped or not found.',
        tags,
        summary: 'Retry up to 250 WORKER incidents',
      },
    })
    .input(BulkRetryRequest)
    .output(BulkResultResponse)
    .mutation(({ ctx, input }) => bulkRetry(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  bulkAcknowledgeMatching: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/acknowledge-matching',
        operationId: 'acknowledgeMatchingIncidents',
        description:
          'Acknowledges, each on its own, up to `limit` OPEN incidents that the filter matches with an id above `afterId`, and answers the counts, each outcome and where to go on.',
        tags,
        summary: 'Acknowledge the incidents a filter matches, a chunk per call',
      },
    })
    .input(BulkAcknowledgeMatchingRequest)
    .output(BulkMatchingResultResponse)
    .mutation(({ ctx, input }) =>
      bulkAcknowledgeMatching(ctx.db, input, ctx.principal, ctx.request?.traceparent),
    ),

  bulkResolveMatching: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/resolve-matching',
        operationId: 'resolveMatchingIncidents',
        description:
          'Resolves, each on its own, up to `limit` unresolved incidents that the filter matches with an id above `afterId`, and answers the counts, each outcome and where to go on.',
        tags,
        summary: 'Resolve the incidents a filter matches, a chunk per call',
      },
    })
    .input(BulkResolveMatchingRequest)
    .output(BulkMatchingResultResponse)
    .mutation(({ ctx, input }) =>
      bulkResolveMatching(ctx.db, input, ctx.principal, ctx.request?.traceparent),
    ),

  bulkRetryMatching: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/retry-matching',
        operationId: 'retryMatchingIncidents',
        description:
          'Retries, each on its own, up to `limit` unresolved WORKER incidents that the filter matches with an id above `afterId`, and answers the counts, each outcome and where to go on.',
        tags,
        summary: 'Retry the WORKER incidents a filter matches, a chunk per call',
      },
    })
    .input(BulkRetryMatchingRequest)
    .output(BulkMatchingResultResponse)
    .mutation(({ ctx, input }) => bulkRetryMatching(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  get: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/{id}',
        tags,
        summary: 'One incident',
        operationId: 'getIncident',
        description: 'Answers one incident.',
      },
    })
    .input(IdInput)
    .output(IncidentResponse)
    .query(({ ctx, input }) => getIncident(ctx.db, input)),

  events: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/{id}/events',
        operationId: 'listIncidentEvents',
        description:
          "Lists an incident's lifecycle timeline (created, acknowledged, resolved, reopened, retried, ...), oldest first.",
        tags,
        summary: 'Lifecycle timeline, oldest first',
      },
    })
    .input(IdInput)
    .output(z.array(IncidentEventResponse))
    .query(({ ctx, input }) => getIncidentEvents(ctx.db, input)),

  acknowledge: incident
    .meta({
      conflict: WRONG_STATE,
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/acknowledge',
        operationId: 'acknowledgeIncident',
        description:
          'Moves an OPEN incident to ACKNOWLEDGED; any other status is a 409 INVALID_STATE and changes nothing.',
        tags,
        summary: 'Acknowledge an OPEN incident',
      },
    })
    .input(AcknowledgeRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input }) =>
      acknowledgeIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent),
    ),

  unacknowledge: incident
    .meta({
      conflict: WRONG_STATE,
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/unacknowledge',
        operationId: 'unacknowledgeIncident',
        description:
          'Takes an acknowledgement back: moves an ACKNOWLEDGED incident to OPEN and clears who acknowledged it and when. Any other status is a 409 INVALID_STATE and changes nothing.',
        tags,
        summary: 'Unacknowledge an ACKNOWLEDGED incident (no body)',
      },
    })
    .input(IdInput)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) =>
      unacknowledgeIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent),
    ),

  snooze: incident
    .meta({
      conflict: WRONG_STATE,
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/snooze',
        operationId: 'snoozeIncident',
        description:
          'Keeps an OPEN or ACKNOWLEDGED incident quiet until a time, until it has occurred `occurrences` more times, or whichever comes first. It stays listed (with snoozedBy and snoozedUntil); what the system writes on its timeline meanwhile is not notified, and its end (SNOOZE_ENDED) is. Snoozing a snoozed incident replaces its snooze; resolving it ends it. A RESOLVED one is a 409 INVALID_STATE.',
        tags,
        summary: 'Snooze an incident until a time or more occurrences',
      },
    })
    .input(SnoozeIncidentRequest)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => snoozeIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  wake: incident
    .meta({
      conflict: 'INVALID_STATE: the incident is not snoozed',
      openapi: {
        method: 'DELETE',
        path: '/incidents/{id}/snooze',
        operationId: 'wakeIncident',
        description:
          'Ends a snooze now, with a SNOOZE_ENDED entry naming the caller; an incident that is not snoozed is a 409 INVALID_STATE and nothing changes.',
        tags,
        summary: "End an incident's snooze now",
      },
    })
    .input(IdInput)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => wakeIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  resolve: incident
    .meta({
      conflict: WRONG_STATE,
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/resolve',
        operationId: 'resolveIncident',
        description:
          'Moves an OPEN or ACKNOWLEDGED incident to RESOLVED with an optional note and action; a RESOLVED one is a 409 INVALID_STATE.',
        tags,
        summary: 'Resolve an OPEN or ACKNOWLEDGED incident',
      },
    })
    .input(ResolveRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => resolveIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  reopen: incident
    .meta({
      conflict: WRONG_STATE,
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/reopen',
        operationId: 'reopenIncident',
        description:
          'Moves a RESOLVED incident back to OPEN; any other status is a 409 INVALID_STATE and changes nothing.',
        tags,
        summary: 'Reopen a RESOLVED incident (no body)',
      },
    })
    .input(IdInput)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => reopenIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  addNote: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/notes',
        tags,
        operationId: 'addIncidentNote',
        summary: 'Add a note to the timeline',
        description:
          "Adds a NOTE_ADDED entry (the caller its author) to the incident's timeline, whatever its status.",
      },
    })
    .input(NoteRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => addIncidentNote(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  assign: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/assign',
        tags,
        operationId: 'assignIncident',
        summary: 'Assign to a user, or unassign',
        description:
          'Gives the incident to an existing user (null: to nobody), whatever its status, with an ASSIGNED timeline entry naming the new and previous assignee.',
      },
    })
    .input(AssignRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => assignIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent)),

  retryPayload: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/{id}/payload',
        operationId: 'getIncidentRetryPayload',
        tags,
        summary: "The payload a WORKER incident's retry republishes, and its version",
        description:
          "Answers the worker request's payload (secret-looking values masked) and its payloadVersion, which a retry's payloadPatch is written against; 404 for an incident without a worker request.",
      },
    })
    .input(IdInput)
    .output(RetryPayloadResponse)
    .query(({ ctx, input }) => getRetryPayload(ctx.db, input)),

  retry: incident
    .meta({
      conflict: 'CONFLICT: the payload changed since the payloadVersion a payloadPatch was written against',
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/retry',
        operationId: 'retryIncident',
        description:
          'Retries a WORKER incident: the process instance runs again and its worker request is republished with its retries restored, and with its payload corrected by payloadPatch (a JSON merge patch) if one comes; other incidents are a 400 NOT_RETRYABLE.',
        tags,
        summary:
          'Retry a WORKER incident: restore the instance, reset, correct and republish the worker request',
      },
    })
    .input(RetryIncidentRequest)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => retryIncident(ctx.db, input, ctx.principal, ctx.request?.traceparent)),
});
