import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { processInstances } from '../../../db/schema';
import { notFound } from '../../errors';
import { toProcessInstanceView } from './views';

export async function getProcessInstance(db: Db, { id }: { id: number }) {
  const [row] = await db.select().from(processInstances).where(eq(processInstances.id, id));
  if (!row) throw notFound('Process instance', id);
  return toProcessInstanceView(row);
}
