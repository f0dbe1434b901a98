import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentEvents } from '../../../db/schema';
import { findIncident } from './get-incident';
import { toIncidentEventView } from './incident-view';

/** The timeline, oldest first. */
export async function getIncidentEvents(db: Db, { id }: { id: number }) {
  await findIncident(db, id);
  const rows = await db
    .select()
    .from(incidentEvents)
    .where(eq(incidentEvents.incidentId, id))
    .orderBy(asc(incidentEvents.id));
  return rows.map(toIncidentEventView);
}
