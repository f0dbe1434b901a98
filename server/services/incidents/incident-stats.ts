// Dashboard statistics over a recent window: incidents per day by severity, the nodes that fail most,
// and the mean times to acknowledge and to resolve.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { INCIDENT_SEVERITIES } from '../../../domain/incidents';

type Severity = (typeof INCIDENT_SEVERITIES)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The service's time zone, as PostgreSQL names it (days are counted in it, like "today" in the summary). */
const serviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export async function getIncidentStats(db: Db, { days }: { days: number }) {
  const now = new Date();
  const since = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  const tz = serviceTimeZone();

  const [perDayRows, nodeRows, [times]] = await Promise.all([
    db.execute(sql`
      select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day, severity, count(*)::int as n
      from incidents where created_at >= ${since.toISOString()}::timestamptz
      group by 1, 2`),
    db.execute(sql`
      select node_id, count(*)::int as n, count(*) filter (where status <> 'RESOLVED')::int as unresolved
      from incidents where created_at >= ${since.toISOString()}::timestamptz
      group by node_id order by n desc, node_id limit 10`),
    db
      .execute(
        sql`
      select extract(epoch from avg(acknowledged_at - created_at))::float8 as mtta,
             extract(epoch from avg(resolved_at - created_at))::float8 as mttr
      from incidents where created_at >= ${since.toISOString()}::timestamptz`,
      )
      .then((r) => rowsOf<{ mtta: number | null; mttr: number | null }>(r)),
  ]);

  const perDay = new Map<string, Record<Severity, number>>();
  for (let i = 0; i < days; i++) {
    const d = new Date(since.getFullYear(), since.getMonth(), since.getDate() + i);
    perDay.set(dayOf(d), { LOW: 0, MEDIUM: 0, HIGH: 0, CRITICAL: 0 });
  }
  for (const row of rowsOf<{ day: string; severity: Severity; n: number }>(perDayRows)) {
    const bucket = perDay.get(row.day);
    if (bucket) bucket[row.severity] = Number(row.n);
  }
  return {
    days,
    perDay: [...perDay].map(([day, counts]) => ({ day, ...counts })),
    topNodes: rowsOf<{ node_id: string; n: number; unresolved: number }>(nodeRows).map((r) => ({
      nodeId: r.node_id,
      incidents: Number(r.n),
      unresolved: Number(r.unresolved),
    })),
    meanSecondsToAcknowledge: times.mtta === null ? null : Math.round(Number(times.mtta)),
    meanSecondsToResolve: times.mttr === null ? null : Math.round(Number(times.mttr)),
  };
}
