import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents } from '../../../db/schema';
import { incidentViews } from './incident-view';

/** A process instance's incidents, newest first (an empty list when it has none). */
export async function listIncidentsOfProcessInstance(
  db: Db,
  { processInstanceId }: { processInstanceId: number },
) {
  const rows = await db
    .select()
    .from(incidents)
    .where(eq(incidents.processInstanceId, processInstanceId))
    .orderBy(desc(incidents.createdAt), desc(incidents.id));
  return incidentViews(db, rows);
}
