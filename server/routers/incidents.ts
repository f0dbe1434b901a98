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
import { getIncident } from '../services/incidents/get-incident';
import { getIncidentEvents } from '../services/incidents/get-incident-events';
import { getIncidentSummary } from '../services/incidents/get-incident-summary';
import { listIncidents } from '../services/incidents/list-incidents';
import { listIncidentsOfProcessInstance } from '../services/incidents/list-incidents-of-process-instance';
import { getIncidentStats } from '../services/incidents/incident-stats';
import { reportIncident } from '../services/incidents/report-incident';
import { acknowledgeIncident } from '../services/incidents/acknowledge-incident';
import { resolveIncident } from '../services/incidents/resolve-incident';
import { reopenIncident } from '../services/incidents/reopen-incident';
import { bulkAcknowledge } from '../services/incidents/bulk-acknowledge';
import { bulkResolve } from '../services/incidents/bulk-resolve';
import { retryIncident } from '../services/worker-incidents/retry-incident';
import { bulkRetry } from '../services/worker-incidents/bulk-retry';
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
    .query(({ ctx, input }) => getIncidentStats(ctx.db, input)),

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
    .query(({ ctx, input }) => listIncidentsOfProcessInstance(ctx.db, input)),

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
    .mutation(({ ctx, input }) => bulkAcknowledge(ctx.db, input, ctx.principal)),

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
    .mutation(({ ctx, input }) => bulkResolve(ctx.db, input, ctx.principal)),

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
    .mutation(({ ctx, input }) => bulkRetry(ctx.db, input, ctx.principal)),

  get: incident
    .meta({ openapi: { method: 'GET', path: '/incidents/{id}', tags, summary: 'One incident' } })
    .input(IdInput)
    .output(IncidentResponse)
    .query(({ ctx, input }) => getIncident(ctx.db, input)),

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
    .query(({ ctx, input }) => getIncidentEvents(ctx.db, input)),

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
    .mutation(({ ctx, input }) => acknowledgeIncident(ctx.db, input, ctx.principal)),

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
    .mutation(({ ctx, input }) => resolveIncident(ctx.db, input, ctx.principal)),

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
    .mutation(({ ctx, input }) => reopenIncident(ctx.db, input, ctx.principal)),

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
    .mutation(({ ctx, input }) => retryIncident(ctx.db, input, ctx.principal)),
});
