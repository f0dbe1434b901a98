import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents } from '../../../db/schema';
import { notFound } from '../../errors';
import { toIncidentView } from './incident-view';

/** The incident's row, or NotFound. */
export async function findIncident(db: Db, id: number) {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id));
  if (!row) throw notFound('Incident', id);
  return row;
}

export async function getIncident(db: Db, { id }: { id: number }) {
  return toIncidentView(await findIncident(db, id));
}
