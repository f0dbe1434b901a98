import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mappedByColumns, preparedOnce } from '../../../db/prepared';
import { incidents } from '../../../db/schema';
import { incidentViews } from './incident-view';

/** One statement for every process instance: built and prepared once, its rows mapped once (db/prepared.ts). */
const incidentsOfProcessInstance = preparedOnce((db) =>
  mappedByColumns(
    db
      .select()
      .from(incidents)
      .where(eq(incidents.processInstanceId, sql.placeholder('processInstanceId')))
      .orderBy(desc(incidents.createdAt), desc(incidents.id))
      .prepare('incidents_of_process_instance'),
  ),
);

/** A process instance's incidents, newest first (an empty list when it has none). */
export async function listIncidentsOfProcessInstance(
  db: Db,
  { processInstanceId }: { processInstanceId: number },
) {
  const rows = await incidentsOfProcessInstance(db).execute({ processInstanceId });
  return incidentViews(db, rows);
}
