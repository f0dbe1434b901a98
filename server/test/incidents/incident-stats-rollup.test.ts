// The dashboard's daily roll-up (incident_daily_stats, incident_node_daily_stats; migration 0012) against a
// direct aggregate of incidents, after concurrent real requests (reports, repeats, transitions, bulk
// operations racing on the same incidents) and edits by other writers (plain SQL). On PostgreSQL the requests
// race on separate connections; on PGlite (one connection) the same requests interleave.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { foldPastDays, getIncidentStats } from '../../services/incidents/incident-stats';
import { useTestApi, type ApiResponse, type Client } from '../support/http-helpers';
import { newReference, reportBody } from '../support/incident-helpers';

const NODES = ['Task_Charge', 'Task_Ship', 'Task_Mail', 'Script_Map'];
const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
/** Ids (numbers the test made) as an SQL list. */
const idList = (ids: number[]) => sql.raw(ids.map((id) => String(Math.trunc(id))).join(', '));

describe('dashboard roll-up', () => {
  const t = useTestApi();
  let as: Client;
  beforeAll(async () => {
    as = t.as((await t.admin()).token);
  });
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const ok = (res: ApiResponse) => expect([200, 409], res.text).toContain(res.status);

  /** The roll-ups summed over shards, and the same figures counted from incidents, in the roll-up's zone. */
  async function rollUpAndDirect() {
    const [{ tz }] = await rows<{ tz: string }>(sql`select time_zone as tz from incident_stats_settings`);
    const perDay = await rows(sql`
      select day::text, severity::text, sum(created)::int as created, sum(acknowledged)::int as acknowledged,
             sum(acknowledge_seconds)::numeric(20, 6)::text as ack_s, sum(resolved)::int as resolved,
             sum(resolve_seconds)::numeric(20, 6)::text as res_s
      from incident_daily_stats group by 1, 2 having sum(created) <> 0 order by 1, 2`);
    const perDayDirect = await rows(sql`
      select (created_at at time zone ${tz})::date::text as day, severity::text, count(*)::int as created,
             count(acknowledged_at)::int as acknowledged,
             coalesce(sum(extract(epoch from acknowledged_at - created_at)), 0)::numeric(20, 6)::text as ack_s,
             count(resolved_at)::int as resolved,
             coalesce(sum(extract(epoch from resolved_at - created_at)), 0)::numeric(20, 6)::text as res_s
      from incidents group by 1, 2 order by 1, 2`);
    const perNode = await rows(sql`
      select day::text, node_id, sum(created)::int as created, sum(unresolved)::int as unresolved
      from incident_node_daily_stats group by 1, 2 having sum(created) <> 0 order by 1, 2`);
    const perNodeDirect = await rows(sql`
      select (created_at at time zone ${tz})::date::text as day, node_id, count(*)::int as created,
             count(*) filter (where status <> 'RESOLVED')::int as unresolved
      from incidents group by 1, 2 order by 1, 2`);
    return { perDay, perDayDirect, perNode, perNodeDirect };
  }

  async function expectExact() {
    const { perDay, perDayDirect, perNode, perNodeDirect } = await rollUpAndDirect();
    expect(perDayDirect.length).toBeGreaterThan(0);
    expect(perDay).toEqual(perDayDirect);
    expect(perNode).toEqual(perNodeDirect);
    // No key's sum over its shards is ever negative (an update counted out twice would show here). A single
    // shard may be: a change to a day folded into shard 0 (migration 0018) is counted in the incident's shard.
    const [{ negative }] = await rows<{ negative: number }>(sql`
      select (select count(*) from (select from incident_daily_stats group by day, severity
              having sum(created) < 0 or sum(acknowledged) < 0 or sum(resolved) < 0
                  or sum(acknowledge_seconds) < 0 or sum(resolve_seconds) < 0) d)
           + (select count(*) from (select from incident_node_daily_stats group by day, node_id
              having sum(created) < 0 or sum(unresolved) < 0) n) as negative`);
    expect(Number(negative)).toBe(0);
  }

  it('equals a direct aggregate after concurrent reports, repeats, transitions and bulk operations', async () => {
    // 48 concurrent reports over 4 nodes and 4 severities, a third of them repeats of another's reference.
    const references = Array.from({ length: 32 }, () => newReference('rollup'));
    const reported = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        as.post(
          '/incidents',
          reportBody({
            nodeId: NODES[i % 4],
            severity: SEVERITIES[(i >> 2) % 4],
            externalReferenceId: references[i % 32],
          }),
        ),
      ),
    );
    for (const res of reported) expect(res.status, res.text).toBe(200);
    const ids = [...new Set(reported.map((r) => r.body.id as number))];
    expect(ids).toHaveLength(32);
    await expectExact();

    // Acknowledges, resolves and bulk operations racing on the same incidents, and more reports beside them.
    const racing: Promise<ApiResponse>[] = [];
    for (const [i, id] of ids.entries()) {
      racing.push(as.post(`/incidents/${id}/acknowledge`, {}));
      if (i % 2 === 0) racing.push(as.post(`/incidents/${id}/resolve`, { resolutionAction: 'OTHER' }));
      if (i % 3 === 0) racing.push(as.post('/incidents', reportBody({ nodeId: NODES[i % 4] })));
    }
    racing.push(as.post('/incidents/bulk/resolve', { ids: ids.slice(0, 16) }));
    racing.push(as.post('/incidents/bulk/acknowledge', { ids: ids.slice(8, 24) }));
    for (const res of await Promise.all(racing)) ok(res);
    await expectExact();

    // Reopens (a report of a resolved incident's reference) racing with resolves of the rest.
    const again = await Promise.all([
      ...references.slice(0, 8).map((ref) => as.post('/incidents', reportBody({ externalReferenceId: ref }))),
      ...ids.slice(16).map((id) => as.post(`/incidents/${id}/resolve`, {})),
    ]);
    for (const res of again) ok(res);
    await expectExact();

    // Other writers: plain SQL that moves incidents to other days and nodes, changes the times, deletes.
    await t.database.db.execute(sql`
      update incidents set created_at = created_at - interval '3 days', node_id = 'Task_Moved'
      where id in (${idList(ids.slice(0, 5))})`);
    await t.database.db.execute(sql`
      update incidents set acknowledged_at = created_at + interval '90 seconds'
      where id in (${idList(ids.slice(5, 12))})`);
    await t.database.db.execute(sql`
      update incidents set severity = 'LOW', acknowledged_at = null where id in (${idList(ids.slice(12, 15))})`);
    await t.database.db.execute(
      sql`delete from incident_events where incident_id in (${idList(ids.slice(15, 18))})`,
    );
    await t.database.db.execute(sql`delete from incidents where id in (${idList(ids.slice(15, 18))})`);
    await expectExact();
  });

  it('folds the shards of past days into one row each, exactly, while writers race with the folds', async () => {
    // Incidents on past days (their shards spread by id), then acknowledges, resolves and plain SQL moves of
    // those incidents between past days racing with folds of the same days.
    const reported = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        as.post('/incidents', reportBody({ nodeId: NODES[i % 4], severity: SEVERITIES[i % 4] })),
      ),
    );
    for (const res of reported) expect(res.status, res.text).toBe(200);
    const ids = reported.map((r) => r.body.id as number);
    for (let d = 0; d < 4; d++) {
      await t.database.db.execute(sql`
        update incidents set created_at = created_at - ${`${d + 3} days`}::interval
        where id in (${idList(ids.filter((_, i) => i % 4 === d))})`);
    }
    const since = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const shardedPastRows = async () => {
      const [{ n }] = await rows<{ n: number }>(sql`
        select ((select count(*) from incident_daily_stats
                 where shard <> 0 and day < current_date - 2 and day >= ${since}::date)
              + (select count(*) from incident_node_daily_stats
                 where shard <> 0 and day < current_date - 2 and day >= ${since}::date))::int as n`);
      return n;
    };
    expect(await shardedPastRows()).toBeGreaterThan(0);

    const racing: Promise<unknown>[] = [];
    for (const [i, id] of ids.entries()) {
      racing.push(as.post(`/incidents/${id}/acknowledge`, {}).then(ok));
      if (i % 2 === 0) racing.push(as.post(`/incidents/${id}/resolve`, {}).then(ok));
      if (i % 5 === 0) {
        racing.push(
          t.database.db.execute(sql`
            update incidents set created_at = created_at - interval '1 day', node_id = 'Task_Folded'
            where id = ${id}`),
        );
      }
      if (i % 8 === 0) racing.push(foldPastDays(t.database.db, since));
    }
    await Promise.all(racing);
    await expectExact();

    // Nothing holds a row now: a fold leaves one row per past day and key, and the sums as they were.
    await foldPastDays(t.database.db, since);
    expect(await shardedPastRows()).toBe(0);
    await expectExact();
    // Writes to a folded day spread over shards again, and stay exact.
    const res = await as.post(`/incidents/${ids[1]}/resolve`, {});
    ok(res);
    await expectExact();
  });

  it('answers the statistics the direct aggregate over the window answers', async () => {
    const stats = await getIncidentStats(t.database.db, { days: 30 });
    const [since] = [stats.perDay[0].day];
    const direct = await rows<{ day: string; severity: string; n: number }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, severity::text, count(*)::int as n
      from incidents where (created_at at time zone 'UTC')::date >= ${since}::date group by 1, 2`);
    const perDay = stats.perDay.flatMap((d) =>
      SEVERITIES.map((s) => ({ day: d.day, severity: s, n: d[s as 'LOW'] })).filter((r) => r.n > 0),
    );
    const key = (r: { day: string; severity: string }) => `${r.day} ${r.severity}`;
    expect(perDay.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      direct.sort((a, b) => key(a).localeCompare(key(b))),
    );
    const nodes = await rows<{ nodeId: string; incidents: number; unresolved: number }>(sql`
      select node_id as "nodeId", count(*)::int as incidents,
             count(*) filter (where status <> 'RESOLVED')::int as unresolved
      from incidents where (created_at at time zone 'UTC')::date >= ${since}::date
      group by node_id order by incidents desc, node_id limit 10`);
    expect(stats.topNodes).toEqual(nodes);
    const [times] = await rows<{ mtta: number | null; mttr: number | null }>(sql`
      select round(extract(epoch from avg(acknowledged_at - created_at)))::float8 as mtta,
             round(extract(epoch from avg(resolved_at - created_at)))::float8 as mttr
      from incidents where (created_at at time zone 'UTC')::date >= ${since}::date`);
    expect(stats.meanSecondsToAcknowledge).toBe(times.mtta);
    expect(stats.meanSecondsToResolve).toBe(times.mttr);
  });

  it('is counted anew in the service time zone when it was counted in another', async () => {
    await t.database.db.execute(sql`select incident_stats_rebuild('Pacific/Kiritimati')`);
    await expectExact(); // exact in that zone too
    const before = await rows(sql`select count(*)::int as n from incident_daily_stats`);
    expect(before[0]).toBeDefined();
    await getIncidentStats(t.database.db, { days: 30 });
    const [{ tz }] = await rows<{ tz: string }>(sql`select time_zone as tz from incident_stats_settings`);
    expect(tz).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expectExact();
    // Writes go on being counted in the new zone.
    const res = await as.post('/incidents', reportBody({ nodeId: 'Task_After' }));
    expect(res.status, res.text).toBe(200);
    await expectExact();
  });
});
