-- Folds one day of the dashboard's roll-ups (migration 0012) into shard 0. The 8 shards spread a storm's
-- reports over 8 rows of today; a past day needs them no more, and every read of the statistics sums them
-- (30 days x 8 shards of every node). The shards of the day's rows are moved into its shard-0 rows: the sums
-- stay exact, since a row is deleted and added to shard 0 in one statement, locked meanwhile. Rows another
-- transaction holds are skipped (folded another time), so writers never wait for a fold of any row but
-- shard 0's; the caller sets a short lock_timeout, so that a fold waiting for shard 0 gives up long before
-- a writer could wait for it in a cycle (server/services/incidents/incident-stats.ts).
CREATE FUNCTION incident_stats_fold(fold_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH locked AS (
    SELECT day, severity, shard FROM incident_daily_stats
    WHERE day = fold_day AND shard <> 0
    ORDER BY day, severity, shard
    FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM incident_daily_stats s USING locked l
    WHERE s.day = l.day AND s.severity = l.severity AND s.shard = l.shard
    RETURNING s.day, s.severity, s.created, s.acknowledged, s.acknowledge_seconds, s.resolved, s.resolve_seconds
  )
  INSERT INTO incident_daily_stats AS s
    (day, severity, shard, created, acknowledged, acknowledge_seconds, resolved, resolve_seconds)
  SELECT day, severity, 0, sum(created), sum(acknowledged), sum(acknowledge_seconds), sum(resolved),
         sum(resolve_seconds)
  FROM gone GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, severity, shard) DO UPDATE SET
    created = s.created + excluded.created,
    acknowledged = s.acknowledged + excluded.acknowledged,
    acknowledge_seconds = s.acknowledge_seconds + excluded.acknowledge_seconds,
    resolved = s.resolved + excluded.resolved,
    resolve_seconds = s.resolve_seconds + excluded.resolve_seconds;

  WITH locked AS (
    SELECT day, node_id, shard FROM incident_node_daily_stats
    WHERE day = fold_day AND shard <> 0
    ORDER BY day, node_id, shard
    FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM incident_node_daily_stats s USING locked l
    WHERE s.day = l.day AND s.node_id = l.node_id AND s.shard = l.shard
    RETURNING s.day, s.node_id, s.created, s.unresolved
  )
  INSERT INTO incident_node_daily_stats AS s (day, node_id, shard, created, unresolved)
  SELECT day, node_id, 0, sum(created), sum(unresolved)
  FROM gone GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, node_id, shard) DO UPDATE SET
    created = s.created + excluded.created, unresolved = s.unresolved + excluded.unresolved;
END $$;
