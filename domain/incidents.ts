// The incident enums: the database enums (db/schema/incidents.ts), the API's schemas and the console's
// filters are all made of these lists.
export const INCIDENT_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const;
export const INCIDENT_SOURCES = ['PROCESS_ENGINE', 'WORKER', 'CODE_TASK', 'AI_TASK', 'MESSAGE'] as const;
/** Declaration order is rank order: PostgreSQL sorts enum values by it, so `order by severity` is by rank. */
export const INCIDENT_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const RESOLUTION_ACTIONS = [
  'RETRIED_SUCCESSFULLY',
  'FIXED_MANUALLY',
  'WORKAROUND_APPLIED',
  'NOT_AN_ISSUE',
  'DUPLICATE',
  'OTHER',
] as const;
export const INCIDENT_EVENT_TYPES = [
  'CREATED',
  'OCCURRED_AGAIN',
  'ACKNOWLEDGED',
  'RESOLVED',
  'REOPENED',
  'RETRY_REQUESTED',
  'RETRY_SUCCEEDED',
  'RETRY_FAILED',
] as const;

export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
export type IncidentEventType = (typeof INCIDENT_EVENT_TYPES)[number];
