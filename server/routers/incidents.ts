// The incident API. Route order matters to the REST adapter (first match wins per method):
// /incidents/summary before /incidents/{id}, /incidents/bulk/* before /incidents/{id}/*.
import { z } from 'zod';
import { IdInput, idParam } from '../schemas/common';
import {
  AcknowledgeRequest,
  BulkAcknowledgeRequest,
  BulkResolveRequest,
  BulkResultResponse,
  BulkRetryRequest,
  IncidentEventResponse,
  IncidentPage,
  IncidentStatsQuery,
  IncidentStatsResponse,
  IncidentResponse,
  IncidentSummaryResponse,
  ListIncidentsQuery,
  ReportIncidentRequest,
  ResolveRequest,
  RetryRequest,
} from '../schemas/incidents';
import {
  getIncident,
  getIncidentEvents,
  getIncidentSummary,
  listIncidents,
  listIncidentsOfProcessInstance,
} from '../services/incidents/read-incidents';
import { getIncidentStats } from '../services/incidents/incident-stats';
import { reportIncident } from '../services/incidents/report-incident';
import { bulkRetry, retryIncident } from '../services/incidents/retry-incident';
import {
  acknowledgeIncident,
  bulkAcknowledge,
  bulkResolve,
  reopenIncident,
  resolveIncident,
} from '../services/incidents/transitions';
import { permissionProcedure, router } from '../trpc';

const incident = permissionProcedure('ACCESS_BPM_ADMIN').meta({ tokenScope: 'INCIDENTS' });
const engine = permissionProcedure('ACCESS_ENGINE_API', 'ACCESS_BPM_ADMIN').meta({ tokenScope: 'WORKER' });
const tags = ['Incidents'];

export const incidentsRouter = router({
  summary: incident
    .meta({ openapi: { method: 'GET', path: '/incidents/summary', tags, summary: 'Dashboard counts' } })
    .input(z.object({}))
    .output(IncidentSummaryResponse)
    .query(({ ctx }) => getIncidentSummary(ctx.db)),

  stats: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/stats',
        tags,
        summary: 'Per-day counts by severity, top failing nodes, mean times to acknowledge and resolve',
      },
    })
    .input(IncidentStatsQuery)
    .output(IncidentStatsResponse)
    .query(({ ctx, input }) => getIncidentStats(ctx.db, input.days)),

  list: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents',
        tags,
        summary: 'List incidents (paged, filtered, sorted)',
      },
    })
    .input(ListIncidentsQuery)
    .output(IncidentPage)
    .query(({ ctx, input }) => listIncidents(ctx.db, input)),

  ofProcessInstance: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/process-instances/{processInstanceId}',
        tags,
        summary: "A process instance's incidents, newest first",
      },
    })
    .input(z.object({ processInstanceId: idParam }))
    .output(z.array(IncidentResponse))
    .query(({ ctx, input }) => listIncidentsOfProcessInstance(ctx.db, input.processInstanceId)),

  report: engine
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents',
        tags,
        summary: 'Report an incident (deduplicated by source and externalReferenceId)',
      },
    })
    .input(ReportIncidentRequest)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => reportIncident(ctx.db, input)),

  bulkAcknowledge: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/acknowledge',
        tags,
        summary: 'Acknowledge up to 250 incidents',
      },
    })
    .input(BulkAcknowledgeRequest)
    .output(BulkResultResponse)
    .mutation(({ ctx, input }) => bulkAcknowledge(ctx.db, input.ids, ctx.principal, input.acknowledgedBy)),

  bulkResolve: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/resolve',
        tags,
        summary: 'Resolve up to 250 incidents',
      },
    })
    .input(BulkResolveRequest)
    .output(BulkResultResponse)
    .mutation(({ ctx, input: { ids, ...rest } }) => bulkResolve(ctx.db, ids, ctx.principal, rest)),

  bulkRetry: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/bulk/retry',
        tags,
        summary: 'Retry up to 250 WORKER incidents',
      },
    })
    .input(BulkRetryRequest)
    .output(BulkResultResponse)
    .mutation(({ ctx, input }) => bulkRetry(ctx.db, input.ids, ctx.principal, input.requestedBy)),

  get: incident
    .meta({ openapi: { method: 'GET', path: '/incidents/{id}', tags, summary: 'One incident' } })
    .input(IdInput)
    .output(IncidentResponse)
    .query(({ ctx, input }) => getIncident(ctx.db, input.id)),

  events: incident
    .meta({
      openapi: {
        method: 'GET',
        path: '/incidents/{id}/events',
        tags,
        summary: 'Lifecycle timeline, oldest first',
      },
    })
    .input(IdInput)
    .output(z.array(IncidentEventResponse))
    .query(({ ctx, input }) => getIncidentEvents(ctx.db, input.id)),

  acknowledge: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/acknowledge',
        tags,
        summary: 'Acknowledge an OPEN incident',
      },
    })
    .input(AcknowledgeRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => acknowledgeIncident(ctx.db, input.id, ctx.principal, input.acknowledgedBy)),

  resolve: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/resolve',
        tags,
        summary: 'Resolve an OPEN or ACKNOWLEDGED incident',
      },
    })
    .input(ResolveRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input: { id, ...rest } }) => resolveIncident(ctx.db, id, ctx.principal, rest)),

  reopen: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/reopen',
        tags,
        summary: 'Reopen a RESOLVED incident (no body)',
      },
    })
    .input(IdInput)
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => reopenIncident(ctx.db, input.id, ctx.principal)),

  retry: incident
    .meta({
      openapi: {
        method: 'POST',
        path: '/incidents/{id}/retry',
        tags,
        summary: 'Retry a WORKER incident: restore the instance, reset and republish the worker request',
      },
    })
    .input(RetryRequest.extend({ id: idParam }))
    .output(IncidentResponse)
    .mutation(({ ctx, input }) => retryIncident(ctx.db, input.id, ctx.principal, input.requestedBy)),
});
