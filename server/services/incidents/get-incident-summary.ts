// The dashboard's counts.
import { ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedOnce } from '../../../db/prepared';
import { incidentCounts, incidents } from '../../../db/schema';

/** Local midnight in the service's time zone (TZ). */
function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

// The first three from the counters of unresolved incidents; today's from the created_at index. Built and
// prepared once (db/prepared.ts): the dashboard asks for it on every page.
const summary = preparedOnce((db) =>
  db
    .select({
      open: sql<number>`coalesce(sum(${incidentCounts.count}) filter (where ${incidentCounts.status} = 'OPEN'), 0)::int`,
      acknowledged: sql<number>`coalesce(sum(${incidentCounts.count}) filter (where ${incidentCounts.status} = 'ACKNOWLEDGED'), 0)::int`,
      critical: sql<number>`coalesce(sum(${incidentCounts.count}) filter (where ${incidentCounts.severity} = 'CRITICAL'), 0)::int`,
      today: sql<number>`(select count(*) from ${incidents} where ${incidents.createdAt} >= ${sql.placeholder('today')}::timestamptz)::int`,
    })
    .from(incidentCounts)
    .where(ne(incidentCounts.status, 'RESOLVED'))
    .prepare('incident_summary'),
);

export async function getIncidentSummary(db: Db) {
  const [row] = await summary(db).execute({ today: startOfToday().toISOString() });
  return {
    openIncidents: Number(row.open),
    criticalIncidents: Number(row.critical),
    acknowledgedIncidents: Number(row.acknowledged),
    incidentsCreatedToday: Number(row.today),
  };
}
