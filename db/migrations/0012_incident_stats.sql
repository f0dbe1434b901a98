CREATE TABLE "incident_daily_stats" (
	"day" date NOT NULL,
	"severity" "incident_severity" NOT NULL,
	"shard" smallint NOT NULL,
	"created" bigint NOT NULL,
	"acknowledged" bigint NOT NULL,
	"acknowledge_seconds" numeric NOT NULL,
	"resolved" bigint NOT NULL,
	"resolve_seconds" numeric NOT NULL,
	CONSTRAINT "incident_daily_stats_day_severity_shard_pk" PRIMARY KEY("day","severity","shard")
);
--> statement-breakpoint
CREATE TABLE "incident_node_daily_stats" (
	"day" date NOT NULL,
	"node_id" text NOT NULL,
	"shard" smallint NOT NULL,
	"created" bigint NOT NULL,
	"unresolved" bigint NOT NULL,
	CONSTRAINT "incident_node_daily_stats_day_node_id_shard_pk" PRIMARY KEY("day","node_id","shard")
);
--> statement-breakpoint
CREATE TABLE "incident_stats_settings" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
-- Keeps incident_daily_stats and incident_node_daily_stats (the dashboard's roll-up, db/schema/incidents.ts)
-- in step with incidents for every writer, as migration 0003 keeps incident_counts: one aggregated upsert
-- per table and statement, from the statement's transition tables, applied in key order (concurrent
-- transactions lock roll-up rows in one order and never wait for each other in a cycle). An update takes
-- its old rows out and puts its new rows in; what nets to nothing (an occurrence, an edit of other columns)
-- touches no roll-up row. Days are counted in incident_stats_settings.time_zone. (A trigger can name only
-- the transition tables it declares, hence one function per operation.)
--> statement-breakpoint
CREATE FUNCTION incident_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := (SELECT time_zone FROM incident_stats_settings);
BEGIN
  INSERT INTO incident_daily_stats AS s
    (day, severity, shard, created, acknowledged, acknowledge_seconds, resolved, resolve_seconds)
  SELECT (created_at AT TIME ZONE tz)::date, severity, (id % 8)::smallint, sum(sign),
         coalesce(sum(sign) FILTER (WHERE acknowledged_at IS NOT NULL), 0),
         coalesce(sum(sign * extract(epoch FROM acknowledged_at - created_at)), 0),
         coalesce(sum(sign) FILTER (WHERE resolved_at IS NOT NULL), 0),
         coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)), 0)
  FROM (SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, 1 AS sign FROM new_rows) changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE acknowledged_at IS NOT NULL), 0) <> 0
      OR coalesce(sum(sign) FILTER (WHERE resolved_at IS NOT NULL), 0) <> 0
      OR coalesce(sum(sign * extract(epoch FROM acknowledged_at - created_at)), 0) <> 0
      OR coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, severity, shard) DO UPDATE SET
    created = s.created + excluded.created,
    acknowledged = s.acknowledged + excluded.acknowledged,
    acknowledge_seconds = s.acknowledge_seconds + excluded.acknowledge_seconds,
    resolved = s.resolved + excluded.resolved,
    resolve_seconds = s.resolve_seconds + excluded.resolve_seconds;
  INSERT INTO incident_node_daily_stats AS s (day, node_id, shard, created, unresolved)
  SELECT (created_at AT TIME ZONE tz)::date, node_id, (id % 8)::smallint, sum(sign),
         coalesce(sum(sign) FILTER (WHERE status <> 'RESOLVED'), 0)
  FROM (SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, 1 AS sign FROM new_rows) changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status <> 'RESOLVED'), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, node_id, shard) DO UPDATE SET
    created = s.created + excluded.created, unresolved = s.unresolved + excluded.unresolved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := (SELECT time_zone FROM incident_stats_settings);
BEGIN
  INSERT INTO incident_daily_stats AS s
    (day, severity, shard, created, acknowledged, acknowledge_seconds, resolved, resolve_seconds)
  SELECT (created_at AT TIME ZONE tz)::date, severity, (id % 8)::smallint, sum(sign),
         coalesce(sum(sign) FILTER (WHERE acknowledged_at IS NOT NULL), 0),
         coalesce(sum(sign * extract(epoch FROM acknowledged_at - created_at)), 0),
         coalesce(sum(sign) FILTER (WHERE resolved_at IS NOT NULL), 0),
         coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)), 0)
  FROM (SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, 1 AS sign FROM new_rows
        UNION ALL SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, -1 AS sign FROM old_rows) changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE acknowledged_at IS NOT NULL), 0) <> 0
      OR coalesce(sum(sign) FILTER (WHERE resolved_at IS NOT NULL), 0) <> 0
      OR coalesce(sum(sign * extract(epoch FROM acknowledged_at - created_at)), 0) <> 0
      OR coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, severity, shard) DO UPDATE SET
    created = s.created + excluded.created,
    acknowledged = s.acknowledged + excluded.acknowledged,
    acknowledge_seconds = s.acknowledge_seconds + excluded.acknowledge_seconds,
    resolved = s.resolved + excluded.resolved,
    resolve_seconds = s.resolve_seconds + excluded.resolve_seconds;
  INSERT INTO incident_node_daily_stats AS s (day, node_id, shard, created, unresolved)
  SELECT (created_at AT TIME ZONE tz)::date, node_id, (id % 8)::smallint, sum(sign),
         coalesce(sum(sign) FILTER (WHERE status <> 'RESOLVED'), 0)
  FROM (SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, 1 AS sign FROM new_rows
        UNION ALL SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, -1 AS sign FROM old_rows) changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status <> 'RESOLVED'), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, node_id, shard) DO UPDATE SET
    created = s.created + excluded.created, unresolved = s.unresolved + excluded.unresolved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_stats_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := (SELECT time_zone FROM incident_stats_settings);
BEGIN
  INSERT INTO incident_daily_stats AS s
    (day, severity, shard, created, acknowledged, acknowledge_seconds, resolved, resolve_seconds)
  SELECT (created_at AT TIME ZONE tz)::date, severity, (id % 8)::smallint, sum(sign),
         coalesce(sum(sign) FILTER (WHERE acknowledged_at IS NOT NULL), 0),
         coalesce(sum(sign * extract(epoch FROM acknowledged_at - created_at)), 0),
         coalesce(sum(sign) FILTER (WHERE resolved_at IS NOT NULL), 0),
         coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)), 0)
  FROM (SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, -1 AS sign FROM old_rows) changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE acknowledged_at IS NOT NULL), 0) <> 0
      OR coalesce(sum(sign) FILTER (WHERE resolved_at IS NOT NULL), 0) <> 0
      OR coalesce(sum(sign * extract(epoch FROM acknowledged_at - created_at)), 0) <> 0
      OR coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, severity, shard) DO UPDATE SET
    created = s.created + excluded.created,
    acknowledged = s.acknowledged + excluded.acknowledged,
    acknowledge_seconds = s.acknowledge_seconds + excluded.acknowledge_seconds,
    resolved = s.resolved + excluded.resolved,
    resolve_seconds = s.resolve_seconds + excluded.resolve_seconds;
  INSERT INTO incident_node_daily_stats AS s (day, node_id, shard, created, unresolved)
  SELECT (created_at AT TIME ZONE tz)::date, node_id, (id % 8)::smallint, sum(sign),
         coalesce(sum(sign) FILTER (WHERE status <> 'RESOLVED'), 0)
  FROM (SELECT id, created_at, severity, node_id, status, acknowledged_at, resolved_at, -1 AS sign FROM old_rows) changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status <> 'RESOLVED'), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, node_id, shard) DO UPDATE SET
    created = s.created + excluded.created, unresolved = s.unresolved + excluded.unresolved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_stats_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM incident_daily_stats;
  DELETE FROM incident_node_daily_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts the roll-ups anew in the time zone given: at the migration (the backfill) and when the service
-- runs in another zone than the roll-ups count in. Writers of incidents wait meanwhile (SHARE conflicts with
-- their ROW EXCLUSIVE), so nothing is counted twice or missed.
CREATE FUNCTION incident_stats_rebuild(tz text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE incidents IN SHARE MODE;
  PERFORM now() AT TIME ZONE tz; -- an unknown zone fails here, before anything changes
  INSERT INTO incident_stats_settings (singleton, time_zone) VALUES (true, tz)
  ON CONFLICT (singleton) DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM incident_daily_stats;
  DELETE FROM incident_node_daily_stats;
  INSERT INTO incident_daily_stats
    (day, severity, shard, created, acknowledged, acknowledge_seconds, resolved, resolve_seconds)
  SELECT (created_at AT TIME ZONE tz)::date, severity, (id % 8)::smallint, count(*), count(acknowledged_at),
         coalesce(sum(extract(epoch FROM acknowledged_at - created_at)), 0), count(resolved_at),
         coalesce(sum(extract(epoch FROM resolved_at - created_at)), 0)
  FROM incidents GROUP BY 1, 2, 3;
  INSERT INTO incident_node_daily_stats (day, node_id, shard, created, unresolved)
  SELECT (created_at AT TIME ZONE tz)::date, node_id, (id % 8)::smallint, count(*),
         count(*) FILTER (WHERE status <> 'RESOLVED')
  FROM incidents GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_stats_insert AFTER INSERT ON incidents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER incident_stats_update AFTER UPDATE ON incidents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_stats_on_update();
--> statement-breakpoint
CREATE TRIGGER incident_stats_delete AFTER DELETE ON incidents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_stats_on_delete();
--> statement-breakpoint
CREATE TRIGGER incident_stats_truncate AFTER TRUNCATE ON incidents
  FOR EACH STATEMENT EXECUTE FUNCTION incident_stats_on_truncate();
--> statement-breakpoint
SELECT incident_stats_rebuild('UTC');
