// Dashboard statistics over a recent window: incidents per day by severity, the nodes that fail most,
// and the mean times to acknowledge and to resolve. Read from the daily roll-ups the database keeps exact
// (incident_daily_stats and incident_node_daily_stats, migration 0012_incident_stats): a few hundred rows
// whatever the number of incidents (docs/performance.md, Decisions).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { coalescedRead } from '../../../db/coalesced-read';
import { INCIDENT_SEVERITIES } from '../../../domain/incidents';
import { domainErrorOf } from '../../errors';
import { log } from '../../observability/log';

type Severity = (typeof INCIDENT_SEVERITIES)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

let timeZone: string | undefined;
/**
 * The service's time zone, as PostgreSQL names it (days are counted in it, like "today" in the summary).
 * Asked once: a DateTimeFormat is costly to make (5% of a statistics request's CPU when made per read).
 */
const serviceTimeZone = () => (timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The statistics of the last `days` days. Dashboards ask together (after every change they hear of), so
 * callers that ask while a read is under way share the next one (db/coalesced-read.ts): each answer is
 * still read after its caller asked.
 */
export function getIncidentStats(db: Db, { days }: { days: number }) {
  return sharedStatsRead(db, days);
}

const sharedStatsRead = coalescedRead((db: Db, days: number) => readIncidentStats(db, days));

/** How often a process folds the shards of past days in the window it reads (the first read folds at once). */
const FOLD_EVERY_MS = 10 * 60_000;
const foldedAt = new WeakMap<Db, number>();

/**
 * Folds into shard 0 the shards of the window's days before yesterday (incident_stats_fold, migration 0018):
 * a read then sums one row per day and node instead of up to eight. Each day is its own short transaction,
 * giving up after 50 ms of waiting for a row (it folds the rest another time), so that a writer is never
 * kept waiting long or in a cycle by it. A fold that fails costs nothing but its time: the read is exact
 * either way.
 */
export async function foldPastDays(db: Db, sinceDay: string): Promise<void> {
  const days = rowsOf<{ day: string }>(
    await db.execute(sql`
      select day::text as day from (
        select day from incident_daily_stats where shard <> 0 and day >= ${sinceDay}::date
        union
        select day from incident_node_daily_stats where shard <> 0 and day >= ${sinceDay}::date) sharded
      where day < (select (now() at time zone time_zone)::date - 1 from incident_stats_settings)
      order by day`),
  );
  for (const { day } of days) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '50ms'`);
        await tx.execute(sql`select incident_stats_fold(${day}::date)`);
      });
    } catch (error) {
      // An outage is the read's to answer (503); anything else (a row held too long) waits for the next fold.
      if (domainErrorOf(error)) throw error;
      log.warn({ err: error, day }, 'folding the statistics of a past day failed; folded another time');
    }
  }
}

async function readIncidentStats(db: Db, days: number) {
  const now = new Date();
  const since = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  const sinceDay = dayOf(since);
  const tz = serviceTimeZone();
  if (Date.now() - (foldedAt.get(db) ?? 0) >= FOLD_EVERY_MS) {
    foldedAt.set(db, Date.now());
    await foldPastDays(db, sinceDay);
  }

  // One statement (one round trip, one plan): the zone the roll-ups count days in, and both roll-ups' sums.
  const read = async () => {
    const [row] = rowsOf<{
      time_zone: string | null;
      per_day: {
        day: string;
        severity: Severity;
        n: number;
        acknowledged: number;
        acknowledge_seconds: number;
        resolved: number;
        resolve_seconds: number;
      }[];
      nodes: { node_id: string; n: number; unresolved: number }[];
    }>(
      await db.execute(sql`
      select (select time_zone from incident_stats_settings) as time_zone,
        (select coalesce(json_agg(day_rows), '[]') from (
          select to_char(day, 'YYYY-MM-DD') as day, severity, sum(created)::int8 as n,
                 sum(acknowledged)::int8 as acknowledged, sum(acknowledge_seconds)::float8 as acknowledge_seconds,
                 sum(resolved)::int8 as resolved, sum(resolve_seconds)::float8 as resolve_seconds
          from incident_daily_stats where day >= ${sinceDay}::date
          group by day, severity) day_rows) as per_day,
        (select coalesce(json_agg(node_rows), '[]') from (
          select node_id, sum(created)::int8 as n, sum(unresolved)::int8 as unresolved
          from incident_node_daily_stats where day >= ${sinceDay}::date
          group by node_id having sum(created) > 0 order by n desc, node_id limit 10) node_rows) as nodes`),
    );
    return [row.time_zone, row.per_day, row.nodes] as const;
  };

  let [countedIn, perDayRows, nodeRows] = await read();
  if (countedIn !== tz) {
    // The roll-ups count days in another zone (the migration's UTC, or an instance elsewhere): count them
    // anew in this service's zone, once, writers of incidents waiting meanwhile (incident_stats_rebuild).
    // It reads every incident once: not bound by the statement timeout of a request.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select incident_stats_rebuild(${tz})`);
    });
    foldedAt.delete(db); // counted anew, in shards: the next read folds the past days again
    [countedIn, perDayRows, nodeRows] = await read();
  }

  const perDay = new Map<string, Record<Severity, number>>();
  for (let i = 0; i < days; i++) {
    const d = new Date(since.getFullYear(), since.getMonth(), since.getDate() + i);
    perDay.set(dayOf(d), { LOW: 0, MEDIUM: 0, HIGH: 0, CRITICAL: 0 });
  }
  let acknowledged = 0;
  let acknowledgeSeconds = 0;
  let resolved = 0;
  let resolveSeconds = 0;
  for (const row of perDayRows) {
    const bucket = perDay.get(row.day);
    if (bucket) bucket[row.severity] = Number(row.n);
    acknowledged += Number(row.acknowledged);
    acknowledgeSeconds += Number(row.acknowledge_seconds);
    resolved += Number(row.resolved);
    resolveSeconds += Number(row.resolve_seconds);
  }
  return {
    days,
    perDay: [...perDay].map(([day, counts]) => ({ day, ...counts })),
    topNodes: nodeRows.map((r) => ({
      nodeId: r.node_id,
      incidents: Number(r.n),
      unresolved: Number(r.unresolved),
    })),
    meanSecondsToAcknowledge: acknowledged === 0 ? null : Math.round(acknowledgeSeconds / acknowledged),
    meanSecondsToResolve: resolved === 0 ? null : Math.round(resolveSeconds / resolved),
  };
}
