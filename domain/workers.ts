// The worker protocol's enums, and how a WORKER incident names the worker request whose failure it reports.
import { ID_DIGITS } from './ids';

export const PROCESS_INSTANCE_STATUSES = ['RUNNING', 'FAILED', 'COMPLETED'] as const;
export const WORKER_REQUEST_STATUSES = ['PENDING', 'LOCKED', 'COMPLETED', 'FAILED'] as const;

export type ProcessInstanceStatus = (typeof PROCESS_INSTANCE_STATUSES)[number];
export type WorkerRequestStatus = (typeof WORKER_REQUEST_STATUSES)[number];

/** The largest payload a retry's correction may leave, serialized: what a request body can carry (64 KiB). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

const WORKER_REFERENCE_PREFIX = 'worker-request:';
const WORKER_REFERENCE = new RegExp(`^${WORKER_REFERENCE_PREFIX}(${ID_DIGITS})$`);

/** How such a reference is written, for messages. */
export const WORKER_REFERENCE_FORM = `${WORKER_REFERENCE_PREFIX}<id>`;

/** The externalReferenceId of the WORKER incident that reports a worker request's failure. */
export const workerReference = (workerRequestId: number): string =>
  `${WORKER_REFERENCE_PREFIX}${workerRequestId}`;

/** The worker request an externalReferenceId names (`worker-request:<id>`), or null if it names none. */
export function workerRequestIdOf(externalReferenceId: string): number | null {
  const match = WORKER_REFERENCE.exec(externalReferenceId);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}
