// The dashboard's counts.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';

/** Local midnight in the service's time zone (TZ). */
function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export async function getIncidentSummary(db: Db) {
  // The first three from the counters of unresolved incidents; today's from the created_at index.
  const [row] = rowsOf<{ open: number; acknowledged: number; critical: number; today: number }>(
    await db.execute(sql`
      select coalesce(sum(count) filter (where status = 'OPEN'), 0)::int as open,
             coalesce(sum(count) filter (where status = 'ACKNOWLEDGED'), 0)::int as acknowledged,
             coalesce(sum(count) filter (where severity = 'CRITICAL'), 0)::int as critical,
             (select count(*) from incidents where created_at >= ${startOfToday().toISOString()}::timestamptz)::int as today
      from incident_counts where status <> 'RESOLVED'`),
  );
  return {
    openIncidents: Number(row.open),
    criticalIncidents: Number(row.critical),
    acknowledgedIncidents: Number(row.acknowledged),
    incidentsCreatedToday: Number(row.today),
  };
}
