import type { Db } from '../../../db/client';
import { maskSecrets, type JsonObject } from '../../../domain/payload-patch';
import { notFound } from '../../errors';
import type { RetryPayload } from '../../schemas/incidents';
import { findIncident } from '../incidents/get-incident';
import { getWorkerRequest } from '../workers/get-worker-request';

/**
 * The payload a retry of the incident would republish, and its version: what a correction is written
 * against. Secret-looking values are masked: a correction names only what it changes, so it never needs them.
 */
export async function getRetryPayload(db: Db, { id }: { id: number }): Promise<RetryPayload> {
  const incident = await findIncident(db, id);
  if (incident.workerRequestId === null) throw notFound('Worker request of incident', id);
  const request = await getWorkerRequest(db, { id: incident.workerRequestId });
  return {
    incidentId: incident.id,
    workerRequestId: request.id,
    payload: maskSecrets(request.payload) as JsonObject,
    payloadVersion: request.payloadVersion,
  };
}
