// The one mapping from incident rows to what the API answers.
import type { IncidentEventRow, IncidentRow } from '../../../db/schema';
import type { IncidentView } from '../../schemas/incidents';
import { formatLocalDateTime as at, formatNullable as atOrNull } from '../../time';

export function toIncidentView(row: IncidentRow): IncidentView {
  return {
    id: row.id,
    processInstanceId: row.processInstanceId,
    nodeId: row.nodeId,
    status: row.status,
    severity: row.severity,
    source: row.source,
    message: row.message,
    technicalDetails: row.technicalDetails,
    externalReferenceId: row.externalReferenceId,
    occurrenceCount: row.occurrenceCount,
    lastOccurredAt: at(row.lastOccurredAt),
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
    acknowledgedAt: atOrNull(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    resolvedAt: atOrNull(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    resolutionNote: row.resolutionNote,
    resolutionAction: row.resolutionAction,
  };
}

export function toIncidentEventView(row: IncidentEventRow) {
  return {
    id: row.id,
    incidentId: row.incidentId,
    eventType: row.eventType,
    message: row.message,
    actor: row.actor,
    createdAt: at(row.createdAt),
  };
}
