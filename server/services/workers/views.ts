import type { ProcessInstanceRow, WorkerRequestRow } from '../../../db/schema';
import type { WorkerRequestView } from '../../schemas/workers';
import { formatLocalDateTime as at, formatNullable as atOrNull } from '../../time';

export function toWorkerRequestView(row: WorkerRequestRow): WorkerRequestView {
  return {
    id: row.id,
    processInstanceId: row.processInstanceId,
    nodeId: row.nodeId,
    topic: row.topic,
    processDefinition: row.processDefinition,
    payload: row.payload as Record<string, unknown>,
    payloadVersion: row.payloadVersion,
    status: row.status,
    retries: row.retries,
    attempt: row.attempt,
    workerId: row.workerId,
    lockExpiresAt: atOrNull(row.lockExpiresAt),
    errorMessage: row.errorMessage,
    errorDetails: row.errorDetails,
    result: (row.result as Record<string, unknown> | null) ?? null,
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}

export function toProcessInstanceView(row: ProcessInstanceRow) {
  return {
    id: row.id,
    status: row.status,
    currentNodeId: row.currentNodeId,
    failedNodeId: row.failedNodeId,
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}
