import type { Db } from '../../../db/client';
import type { WorkerRequestView } from '../../schemas/workers';
import { unlockRequest } from './request-states';
import { toWorkerRequestView } from './views';

/** A LOCKED request back to PENDING at once, announced to waiting workers (404 unknown). */
export async function unlock(db: Db, input: { id: number }): Promise<WorkerRequestView> {
  return toWorkerRequestView(await db.transaction((tx) => unlockRequest(tx, input)));
}
