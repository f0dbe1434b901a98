// Words and colours for the incident enums, shared by the board, the incident page and the process instance
// page. Severity colours are the console's one palette, components/ui/severity.ts.
import type { MantineColor } from '@mantine/core';
import {
  INCIDENT_EVENT_TYPES,
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  RESOLUTION_ACTIONS,
} from '@/domain/incidents';

export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
export type IncidentEventType = (typeof INCIDENT_EVENT_TYPES)[number];

export { INCIDENT_EVENT_TYPES, INCIDENT_SEVERITIES, INCIDENT_SOURCES, INCIDENT_STATUSES, RESOLUTION_ACTIONS };

export const STATUS_COLOR: Record<IncidentStatus, MantineColor> = {
  OPEN: 'red',
  ACKNOWLEDGED: 'blue',
  RESOLVED: 'green',
};

export const SOURCE_LABEL: Record<IncidentSource, string> = {
  PROCESS_ENGINE: 'Process engine',
  WORKER: 'Worker',
  CODE_TASK: 'Code task',
  AI_TASK: 'AI task',
  MESSAGE: 'Message',
};

export const RESOLUTION_LABEL: Record<ResolutionAction, string> = {
  RETRIED_SUCCESSFULLY: 'Retried successfully',
  FIXED_MANUALLY: 'Fixed manually',
  WORKAROUND_APPLIED: 'Workaround applied',
  NOT_AN_ISSUE: 'Not an issue',
  DUPLICATE: 'Duplicate',
  OTHER: 'Other',
};

export const EVENT_LABEL: Record<IncidentEventType, string> = {
  CREATED: 'Created',
  OCCURRED_AGAIN: 'Occurred again',
  ACKNOWLEDGED: 'Acknowledged',
  RESOLVED: 'Resolved',
  REOPENED: 'Reopened',
  RETRY_REQUESTED: 'Retry requested',
  RETRY_SUCCEEDED: 'Retry succeeded',
  RETRY_FAILED: 'Retry failed',
  NOTE_ADDED: 'Note',
  ASSIGNED: 'Assigned',
  UNACKNOWLEDGED: 'Unacknowledged',
  SNOOZED: 'Snoozed',
  SNOOZE_ENDED: 'Snooze ended',
  OWNER_CHANGED: 'Owner changed',
};

export const EVENT_COLOR: Record<IncidentEventType, MantineColor> = {
  CREATED: 'red',
  OCCURRED_AGAIN: 'orange',
  ACKNOWLEDGED: 'blue',
  RESOLVED: 'green',
  REOPENED: 'red',
  RETRY_REQUESTED: 'violet',
  RETRY_SUCCEEDED: 'teal',
  RETRY_FAILED: 'red',
  NOTE_ADDED: 'gray',
  ASSIGNED: 'indigo',
  UNACKNOWLEDGED: 'orange',
  SNOOZED: 'gray',
  SNOOZE_ENDED: 'yellow',
  OWNER_CHANGED: 'grape',
};

export const PROCESS_INSTANCE_STATUS_COLOR: Record<string, MantineColor> = {
  RUNNING: 'blue',
  FAILED: 'red',
  COMPLETED: 'green',
};

/** Select options: the enum value as value and label, so what people see is what the API and URL say. */
export const optionsOf = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));
