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
/**
 * Why a bulk action skipped an incident (the problem code its single action would have answered): a state
 * that refuses the transition, an incident that cannot be retried, a retry's payload correction written
 * against a version of the payload that has changed since, or one that this incident's payload cannot take
 * (it would grow past the limit). The service emits only these.
 */
export const BULK_SKIP_REASONS = ['INVALID_STATE', 'NOT_RETRYABLE', 'CONFLICT', 'VALIDATION_FAILED'] as const;
export const INCIDENT_EVENT_TYPES = [
  'CREATED',
  'OCCURRED_AGAIN',
  'ACKNOWLEDGED',
  'RESOLVED',
  'REOPENED',
  'RETRY_REQUESTED',
  'RETRY_SUCCEEDED',
  'RETRY_FAILED',
  // A note, and a change of assignee: neither changes the status.
  'NOTE_ADDED',
  'ASSIGNED',
  // An acknowledgement taken back: ACKNOWLEDGED to OPEN.
  'UNACKNOWLEDGED',
  // A snooze set (or changed), and its end: on time, at its occurrence, cancelled, or by a resolution.
  'SNOOZED',
  'SNOOZE_ENDED',
  // The owner changed because the ownership rules did (an unresolved incident only).
  'OWNER_CHANGED',
] as const;

export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
export type IncidentEventType = (typeof INCIDENT_EVENT_TYPES)[number];
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

/** A note's text: up to this many characters (as a resolution note). */
export const NOTE_MAX_LENGTH = 4000;

/**
 * Whether a retry of the incident can work (docs/contract.md §7): a WORKER incident, not RESOLVED, whose
 * worker request exists and is FAILED (PENDING or LOCKED means a retry is already under way). The retry
 * service (server/services/worker-incidents/retry-incident.ts) refuses exactly the others.
 */
export function isRetryable(incident: {
  source: IncidentSource;
  status: IncidentStatus;
  workerRequestStatus: string | null;
}): boolean {
  return (
    incident.source === 'WORKER' &&
    incident.status !== 'RESOLVED' &&
    incident.workerRequestStatus === 'FAILED'
  );
}

/** The ASSIGNED timeline entry's message: the new assignee and the previous one (docs/contract.md §6). */
export function assignmentMessage(assignee: string | null, previous: string | null, by: string): string {
  const what = assignee === null ? 'Unassigned' : `Assigned to ${assignee}`;
  return `${what} by ${by}${previous === null ? '' : ` (was ${previous})`}`;
}

/** The fields the incident list sorts by (`sort=field[,asc|desc]`): the API's schema and the console's board. */
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

/** A silence's matchers, as far as deciding whether they narrow anything. */
export interface SilenceMatchers {
  source?: unknown;
  nodeId?: unknown;
  groupKey?: unknown;
  severities?: readonly string[] | null;
  messageText?: unknown;
}

/**
 * Whether a severity list leaves out no severity: it then narrows nothing, as if it were not given (every
 * incident has one of the four).
 */
export const namesEverySeverity = (severities: readonly string[] | null | undefined) =>
  !!severities && INCIDENT_SEVERITIES.every((s) => severities.includes(s));

/**
 * Whether matchers leave every incident matched: none given, or only a severity list that names them all. The
 * others cannot: a source is one of several, a node and a group key are compared exactly, and a message text is
 * never blank.
 */
export const silencesEverything = (m: SilenceMatchers) =>
  m.source == null &&
  m.nodeId == null &&
  m.groupKey == null &&
  m.messageText == null &&
  (m.severities == null || namesEverySeverity(m.severities));

/**
 * The prose of an OCCURRED_AGAIN entry that stands for `count` occurrences (reports written together fold into
 * one entry), `total` the incident's count after them.
 */
export const occurredAgainMessage = (count: number, total: number) =>
  count === 1
    ? `Occurred again (${total} times in all)`
    : `Occurred again ${count} times (${total} times in all)`;

/**
 * How many occurrences an OCCURRED_AGAIN entry stands for: the count its prose (occurredAgainMessage) holds, the
 * only place it is stored; one when the prose names none.
 */
export function occurrencesOf(message: string): number {
  const folded = /^Occurred again (\d+) times \(/.exec(message);
  return folded ? Number(folded[1]) : 1;
}
