import type { Db } from '../../../db/client';
import type { WorkerRequestView } from '../../schemas/workers';
import { extendLocked } from './request-states';
import { toWorkerRequestView } from './views';

/** The worker holding a request's lock keeps it `lockDurationMs` from now (404 unknown, 409 not its lock). */
export async function extendLock(
  db: Db,
  input: { id: number; workerId: string; lockDurationMs: number },
): Promise<WorkerRequestView> {
  return toWorkerRequestView(await db.transaction((tx) => extendLocked(tx, input)));
}
