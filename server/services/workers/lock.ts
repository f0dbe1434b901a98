import type { Db } from '../../../db/client';
import type { WorkerRequestView } from '../../schemas/workers';
import { lockRequest } from './request-states';
import { toWorkerRequestView } from './views';

/** One request locked by its id for a worker (404 unknown, 409 another worker's lock or a finished request). */
export async function lock(
  db: Db,
  input: { id: number; workerId: string; lockDurationMs: number },
): Promise<WorkerRequestView> {
  return toWorkerRequestView(await db.transaction((tx) => lockRequest(tx, input)));
}
