import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedOnce } from '../../../db/prepared';
import { incidents } from '../../../db/schema';
import { notFound } from '../../errors';
import { incidentView } from './incident-view';

/** The hottest read of the API: built and prepared once (db/prepared.ts). */
const incidentById = preparedOnce((db) =>
  db
    .select()
    .from(incidents)
    .where(eq(incidents.id, sql.placeholder('id')))
    .prepare('incident_by_id'),
);

/** The incident's row, or NotFound. */
export async function findIncident(db: Db, id: number) {
  const [row] = await incidentById(db).execute({ id });
  if (!row) throw notFound('Incident', id);
  return row;
}

export async function getIncident(db: Db, { id }: { id: number }) {
  return incidentView(db, await findIncident(db, id));
}
