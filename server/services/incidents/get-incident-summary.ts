// The dashboard's counts.
import { and, gte, ne, or, sql } from 'drizzle-orm';
import { ownedBy, type Viewer } from './list-incidents';
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

/** The same counts over the incidents one owner filter keeps, counted through the owner's index. */
async function ownedSummary(db: Db, owner: string, viewer: Viewer | undefined) {
  const [row] = await db
    .select({
      open: sql<number>`(count(*) filter (where ${incidents.status} = 'OPEN'))::int`,
      acknowledged: sql<number>`(count(*) filter (where ${incidents.status} = 'ACKNOWLEDGED'))::int`,
      critical: sql<number>`(count(*) filter (where ${incidents.status} <> 'RESOLVED' and ${incidents.severity} = 'CRITICAL'))::int`,
      today: sql<number>`(count(*) filter (where ${incidents.createdAt} >= ${startOfToday().toISOString()}::timestamptz))::int`,
    })
    .from(incidents)
    .where(
      and(
        ownedBy(owner, viewer),
        or(ne(incidents.status, 'RESOLVED'), gte(incidents.createdAt, startOfToday())),
      ),
    );
  return row;
}

export async function getIncidentSummary(db: Db, query: { owner?: string } = {}, viewer?: Viewer) {
  const [row] = query.owner
    ? [await ownedSummary(db, query.owner, viewer)]
    : await summary(db).execute({ today: startOfToday().toISOString() });
  return {
    openIncidents: Number(row.open),
    criticalIncidents: Number(row.critical),
    acknowledgedIncidents: Number(row.acknowledged),
    incidentsCreatedToday: Number(row.today),
  };
}
