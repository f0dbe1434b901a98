import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { workerRequests } from '../../../db/schema';
import { notFound } from '../../errors';
import type { WorkerRequestView } from '../../schemas/workers';
import { toWorkerRequestView } from './views';

export async function getWorkerRequest(db: Db, { id }: { id: number }): Promise<WorkerRequestView> {
  const [row] = await db.select().from(workerRequests).where(eq(workerRequests.id, id));
  if (!row) throw notFound('Worker request', id);
  return toWorkerRequestView(row);
}
