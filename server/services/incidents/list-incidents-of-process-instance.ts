import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedOnce } from '../../../db/prepared';
import { incidents } from '../../../db/schema';
import { ProcessInstanceIncidents } from '../../schemas/incidents';
import { SerializedAnswer } from '../../../lib/serialized-answer';
import { incidentViews } from './incident-view';
import { processInstanceAnswer } from './process-instance-answers';

/** One statement for every process instance: built and prepared once (db/prepared.ts). */
const incidentsOfProcessInstance = preparedOnce((db) =>
  db
    .select()
    .from(incidents)
    .where(eq(incidents.processInstanceId, sql.placeholder('processInstanceId')))
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .prepare('incidents_of_process_instance'),
);

/**
 * A process instance's incidents, newest first (an empty list when it has none), checked and serialized: sent
 * again as it is until the instance changes (process-instance-answers.ts).
 */
export async function listIncidentsOfProcessInstance(
  db: Db,
  { processInstanceId }: { processInstanceId: number },
) {
  return processInstanceAnswer(db, processInstanceId, async () => {
    const rows = await incidentsOfProcessInstance(db).execute({ processInstanceId });
    return SerializedAnswer.of(ProcessInstanceIncidents, await incidentViews(db, rows));
  });
}
