// Request and response shapes of the incident API (docs/seed-service-spec.md: Incident, timeline entry,
// summary; docs/contract.md §6 and §8).
import { z } from 'zod';
import {
  INCIDENT_EVENT_TYPES,
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  RESOLUTION_ACTIONS,
} from '../../domain/incidents';
import { idParam, jsonId, pageOf, pageQuery, queryInt, searchText } from './common';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => `unknown value ${JSON.stringify(issue.input)}; one of ${values.join(', ')}`,
  });

export const incidentStatus = oneOf(INCIDENT_STATUSES);
export const incidentSource = oneOf(INCIDENT_SOURCES);
export const incidentSeverity = oneOf(INCIDENT_SEVERITIES);
export const resolutionAction = oneOf(RESOLUTION_ACTIONS);

const timestamp = z
  .string()
  .meta({ description: 'local date-time yyyy-MM-ddTHH:mm:ss', example: '2026-11-21T09:30:00' });

export const IncidentResponse = z
  .object({
    id: z.number().int(),
    processInstanceId: z.number().int(),
    nodeId: z.string(),
    status: incidentStatus,
    severity: incidentSeverity,
    source: incidentSource,
    message: z.string(),
    technicalDetails: z.string(),
    externalReferenceId: z.string(),
    occurrenceCount: z.number().int(),
    lastOccurredAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    acknowledgedAt: timestamp.nullable(),
    acknowledgedBy: z.string().nullable(),
    resolvedAt: timestamp.nullable(),
    resolvedBy: z.string().nullable(),
    resolutionNote: z.string().nullable(),
    resolutionAction: resolutionAction.nullable(),
  })
  .meta({ id: 'Incident' });

export const IncidentEventResponse = z
  .object({
    id: z.number().int(),
    incidentId: z.number().int(),
    eventType: oneOf(INCIDENT_EVENT_TYPES),
    message: z.string(),
    actor: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'IncidentTimelineEntry' });

export const IncidentSummaryResponse = z
  .object({
    openIncidents: z.number().int(),
    criticalIncidents: z.number().int(),
    acknowledgedIncidents: z.number().int(),
    incidentsCreatedToday: z.number().int(),
  })
  .meta({ id: 'IncidentSummary' });

export const IncidentPage = pageOf(IncidentResponse, 'IncidentPage');

export const IncidentStatsQuery = z.object({
  days: queryInt({ min: 1, max: 90, default: 30 }),
});
export const IncidentStatsResponse = z
  .object({
    days: z.number().int(),
    perDay: z.array(
      z.object({
        day: z.string().meta({ description: 'yyyy-MM-dd in the service time zone' }),
        LOW: z.number().int(),
        MEDIUM: z.number().int(),
        HIGH: z.number().int(),
        CRITICAL: z.number().int(),
      }),
    ),
    topNodes: z.array(
      z.object({ nodeId: z.string(), incidents: z.number().int(), unresolved: z.number().int() }),
    ),
    meanSecondsToAcknowledge: z.number().int().nullable(),
    meanSecondsToResolve: z.number().int().nullable(),
  })
  .meta({ id: 'IncidentStats' });

export const SORT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'lastOccurredAt',
  'severity',
  'status',
  'source',
  'occurrenceCount',
  'processInstanceId',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export interface SortOrder {
  field: SortField;
  direction: 'asc' | 'desc';
}

const sortSpec = z.string().transform((value, ctx): SortOrder => {
  const [field, direction = 'asc', ...rest] = value.split(',').map((s) => s.trim());
  if (
    !(SORT_FIELDS as readonly string[]).includes(field) ||
    rest.length ||
    !/^(asc|desc)$/i.test(direction)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not field or field,asc|desc with field one of ${SORT_FIELDS.join(', ')}`,
    });
    return z.NEVER;
  }
  return { field: field as SortField, direction: direction.toLowerCase() as 'asc' | 'desc' };
});

/**
 * A filter on one of `values` that takes several, each matching (OR): `status=OPEN,ACKNOWLEDGED` or the
 * parameter repeated (`status=OPEN&status=ACKNOWLEDGED`). One value is the contract's filter; several are
 * our extension, so that "unresolved" or "high or critical" is one request.
 */
const anyOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(
      (v) =>
        (typeof v === 'string' ? [v] : Array.isArray(v) ? v : [v]).flatMap((item: unknown) =>
          typeof item === 'string' ? item.split(',') : [item],
        ),
      z.array(oneOf(values)).max(values.length * 4),
    )
    .transform((items) => [...new Set(items)])
    .optional()
    .meta({
      description: `one of ${values.join(', ')}; several, separated by commas or repeated, match any of them`,
      override: { type: 'array', items: { type: 'string', enum: [...values] } },
    });

export const ListIncidentsQuery = pageQuery.extend({
  status: anyOf(INCIDENT_STATUSES),
  source: anyOf(INCIDENT_SOURCES),
  severity: anyOf(INCIDENT_SEVERITIES),
  processInstanceId: idParam.optional(),
  q: searchText.meta({ description: 'substring of message or externalReferenceId, case-insensitive' }),
  // One `sort=` arrives as a string, several as an array.
  sort: z
    .preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(sortSpec).max(SORT_FIELDS.length, `at most ${SORT_FIELDS.length} sort keys`).optional(),
    )
    .meta({
      description: 'field or field,asc|desc; repeatable. Default createdAt,desc; ties break by id',
      override: { type: 'array', items: { type: 'string', example: 'severity,desc' } },
    }),
});
export type ListIncidentsQuery = z.infer<typeof ListIncidentsQuery>;

const actorName = z.string().trim().min(1).max(200);

export const AcknowledgeRequest = z
  .object({ acknowledgedBy: actorName.optional().meta({ description: 'defaults to the caller' }) })
  .meta({ id: 'AcknowledgeRequest' });
export const ResolveRequest = z
  .object({
    resolvedBy: actorName.optional().meta({ description: 'defaults to the caller' }),
    resolutionNote: z.string().max(4000, 'must be at most 4000 characters').optional(),
    resolutionAction: resolutionAction.optional(),
  })
  .meta({ id: 'ResolveRequest' });

export const RetryRequest = z
  .object({ requestedBy: actorName.optional().meta({ description: 'defaults to the caller' }) })
  .meta({ id: 'RetryRequest' });

const bulkIds = z
  .array(jsonId)
  .min(1, 'must name 1 to 250 incidents')
  .max(250, 'must name 1 to 250 incidents');
export const BulkAcknowledgeRequest = AcknowledgeRequest.extend({ ids: bulkIds }).meta({
  id: 'BulkAcknowledgeRequest',
});
export const BulkResolveRequest = ResolveRequest.extend({ ids: bulkIds }).meta({ id: 'BulkResolveRequest' });
export const BulkRetryRequest = RetryRequest.extend({ ids: bulkIds }).meta({ id: 'BulkRetryRequest' });
export const BulkResultResponse = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        outcome: z.enum(['APPLIED', 'SKIPPED', 'NOT_FOUND']),
        reason: z
          .string()
          .optional()
          .meta({ description: 'why it was skipped: INVALID_STATE or NOT_RETRYABLE' }),
        detail: z.string().optional().meta({ description: 'the reason in words' }),
      }),
    ),
  })
  .meta({ id: 'BulkResult' });

export const ReportIncidentRequest = z
  .object({
    processInstanceId: jsonId,
    nodeId: z.string().trim().min(1).max(200),
    source: incidentSource,
    severity: incidentSeverity,
    message: z.string().trim().min(1).max(4000),
    technicalDetails: z.string().max(32_000).optional(),
    externalReferenceId: z
      .string()
      .max(200)
      .regex(/^[A-Za-z][A-Za-z0-9_.-]*:[0-9]+$/, 'must be <kind>:<number>, e.g. worker-request:42'),
  })
  .meta({ id: 'ReportIncidentRequest' });
export type ReportIncidentInput = z.infer<typeof ReportIncidentRequest>;

export type IncidentView = z.infer<typeof IncidentResponse>;
