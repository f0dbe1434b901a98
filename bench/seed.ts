// The benchmark's data set, in set-based SQL: `total` incidents created over the last year (ids follow
// creation, as in production), about 97% RESOLVED, 2% OPEN, 1% ACKNOWLEDGED, a few thousand process
// instances, every field consistent with the status, and the timelines of every tenth incident.
import type postgres from 'postgres';
import { INCIDENT_CATALOG } from '../scripts/demo-incidents';

export interface BenchDataset {
  total: number;
  processInstances: number;
  byStatus: Record<string, number>;
  events: number;
  incidentsWithTimeline: number;
  tableBytes: number;
  indexBytes: number;
  seconds: Record<string, number>;
}

const OPERATORS = ['admin', 'maria.ops', 'j.keller', 'a.novak', 's.iyer', 'l.moreau'];

export async function seedBenchIncidents(
  sql: postgres.Sql,
  options: { total: number; processInstances: number },
): Promise<BenchDataset> {
  const { total, processInstances } = options;
  const seconds: Record<string, number> = {};
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    seconds[label] = Math.round((performance.now() - start) / 100) / 10;
    return result;
  };

  await sql.begin(async (tx) => {
    await tx`set local maintenance_work_mem = '256MB'`;
    await tx`set local work_mem = '512MB'`;
    // One statement inserts every incident, and its triggers count them (counters, dashboard roll-up):
    // longer than the service's statement_timeout.
    await tx`set local statement_timeout = 0`;
    await tx`select setseed(0.42)`;

    // The secondary indexes are built once after the load (much faster than maintaining them row by row),
    // from their own definitions as the migrations created them.
    const indexes = await tx<{ name: string; definition: string }[]>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'incidents' and indexname <> 'incidents_pkey'`;
    for (const i of indexes) await tx.unsafe(`drop index ${i.name}`);

    // What each source reports (the demo seed's catalog).
    await tx`create temporary table bench_catalog (
      source incident_source primary key, kind text, nodes text[], messages text[], details text[]) on commit drop`;
    for (const [source, c] of Object.entries(INCIDENT_CATALOG)) {
      await tx`insert into bench_catalog values (${source}, ${c.kind}, ${c.nodes}, ${c.messages}, ${c.details})`;
    }

    await timed(
      'incidents',
      () =>
        tx`
      insert into incidents (process_instance_id, node_id, status, severity, source, message, technical_details,
        external_reference_id, occurrence_count, last_occurred_at, created_at, updated_at, acknowledged_at,
        acknowledged_by, resolved_at, resolved_by, resolution_note, resolution_action)
      select pid, c.nodes[1 + floor(r_node * cardinality(c.nodes))::int], status, severity, s.source,
             -- The demo's correlation-key message carries each incident's own key, as real ones do: some
             -- 33,000 distinct messages beside the catalogue's 20 shared ones.
             replace(c.messages[1 + floor(r_msg * cardinality(c.messages))::int], 'ORD-2024-18811', 'ORD-' || g),
             c.details[1 + floor(r_msg * cardinality(c.details))::int],
             c.kind || ':' || g, occ, last_occ, created, greatest(last_occ, ack_at, res_at), ack_at,
             case when ack_at is not null then (${OPERATORS}::text[])[1 + floor(r_actor * ${OPERATORS.length})::int] end,
             res_at,
             case when res_at is not null then (${OPERATORS}::text[])[1 + floor(r_actor2 * ${OPERATORS.length})::int] end,
             case when res_at is not null and r_note < 0.3
                  then (array['Provider outage over, retried', 'Corrected the process variables and completed the task',
                              'Routed to manual handling until the fix ships (TICKET-4471)'])[1 + floor(r_note * 10)::int] end,
             case when res_at is null then null
                  when r_action < 0.40 then 'RETRIED_SUCCESSFULLY' when r_action < 0.65 then 'FIXED_MANUALLY'
                  when r_action < 0.80 then 'WORKAROUND_APPLIED' when r_action < 0.88 then 'NOT_AN_ISSUE'
                  when r_action < 0.95 then 'DUPLICATE' else 'OTHER' end::resolution_action
      from (
        select t.*,
               case when status = 'RESOLVED'
                    then least(now(), greatest(last_occ, ack_at, created) + interval '1 minute'
                                      + interval '2 days' * power(r_t2, 3)) end as res_at
        from (
          select s.*,
                 least(now(), created + interval '9 minutes' * (occ - 1) * (0.5 + r_t1)) as last_occ,
                 case when status = 'ACKNOWLEDGED' or (status = 'RESOLVED' and r_ack < 0.7)
                      then least(now(), created + interval '30 seconds' + interval '4 hours' * power(r_t1, 2)) end as ack_at
          from (
            select g, r.*,
                   now() - interval '365 days' * (1 - (g - 0.5) / ${total}) as created,
                   -- Process instances live a few hours each, every one with its run of incidents.
                   4000000 + floor((g - 1) * ${processInstances}::float8 / ${total})::bigint
                           + floor(r.r_pid * 2)::bigint as pid,
                   case when r.r_status < 0.02 then 'OPEN' when r.r_status < 0.03 then 'ACKNOWLEDGED'
                        else 'RESOLVED' end::incident_status as status,
                   case when r.r_source < 0.35 then 'PROCESS_ENGINE' when r.r_source < 0.65 then 'WORKER'
                        when r.r_source < 0.80 then 'CODE_TASK' when r.r_source < 0.90 then 'AI_TASK'
                        else 'MESSAGE' end::incident_source as source,
                   case when r.r_sev < 0.30 then 'LOW' when r.r_sev < 0.70 then 'MEDIUM'
                        when r.r_sev < 0.92 then 'HIGH' else 'CRITICAL' end::incident_severity as severity,
                   -- Mostly one occurrence, a long tail of repeats.
                   1 + floor(power(r.r_occ, 8) * 40)::int as occ
            from generate_series(1, ${total}) g
            cross join lateral (
              select random() + g * 0 as r_status, random() as r_source, random() as r_sev, random() as r_node,
                     random() as r_msg, random() as r_occ, random() as r_ack, random() as r_actor,
                     random() as r_actor2, random() as r_action, random() as r_note, random() as r_t1,
                     random() as r_t2, random() as r_pid
            ) r
          ) s
        ) t
      ) s
      join bench_catalog c on c.source = s.source
      order by g`,
    );

    await timed('indexes', async () => {
      for (const i of indexes) await tx.unsafe(i.definition);
    });

    // Timelines of every tenth incident, in time order (entry ids follow time, as in production).
    await timed(
      'events',
      () =>
        tx`
      insert into incident_events (incident_id, event_type, message, actor, created_at)
      select incident_id, event_type, message, actor, at from (
        select id as incident_id, 1 as k, 'CREATED'::incident_event_type as event_type,
               'Reported: ' || message as message, null::text as actor, created_at as at
        from incidents where id % 10 = 0
        union all
        select id, 2, 'OCCURRED_AGAIN', 'Occurred again (' || n || ' times in all)', null,
               created_at + (last_occurred_at - created_at) * ((n - 1)::float8 / (occurrence_count - 1))
        from incidents cross join lateral generate_series(2, occurrence_count) n
        where id % 10 = 0 and occurrence_count > 1
        union all
        select id, 3, 'ACKNOWLEDGED', 'Acknowledged by ' || acknowledged_by, acknowledged_by, acknowledged_at
        from incidents where id % 10 = 0 and acknowledged_at is not null
        union all
        select id, 4, 'RESOLVED',
               'Resolved by ' || resolved_by || coalesce(' (' || resolution_action || ')', '')
                 || coalesce(': ' || resolution_note, ''),
               resolved_by, resolved_at
        from incidents where id % 10 = 0 and resolved_at is not null
      ) e
      order by at, incident_id, k`,
    );
  });

  // VACUUM sets the visibility map (index-only scans), as autovacuum would have on a year-old table.
  await timed('vacuum analyze', async () => {
    await sql`vacuum (analyze) incidents`;
    await sql`vacuum (analyze) incident_events`;
    await sql`vacuum (analyze) incident_messages`;
    await sql`vacuum (analyze) incident_message_templates`;
    await sql`vacuum (analyze) incident_template_counts`;
  });

  const statusRows = await sql<{ status: string; n: number }[]>`
    select status::text, count(*)::int as n from incidents group by 1 order by 1`;
  const [facts] = await sql<
    { pids: number; events: number; with_timeline: number; table_bytes: string; index_bytes: string }[]
  >`
    select (select count(distinct process_instance_id)::int from incidents) as pids,
           (select count(*)::int from incident_events) as events,
           (select count(distinct incident_id)::int from incident_events) as with_timeline,
           pg_table_size('incidents') as table_bytes, pg_indexes_size('incidents') as index_bytes`;
  return {
    total,
    processInstances: facts.pids,
    byStatus: Object.fromEntries(statusRows.map((r) => [r.status, r.n])),
    events: facts.events,
    incidentsWithTimeline: facts.with_timeline,
    tableBytes: Number(facts.table_bytes),
    indexBytes: Number(facts.index_bytes),
    seconds,
  };
}
