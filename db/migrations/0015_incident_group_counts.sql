CREATE TABLE "incident_group_counts" (
	"source" "incident_source" NOT NULL,
	"node_id" text NOT NULL,
	"template_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"open" bigint NOT NULL,
	"acknowledged" bigint NOT NULL,
	"resolved" bigint NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"latest_incident_id" bigint NOT NULL,
	CONSTRAINT "incident_group_counts_source_node_id_template_id_shard_pk" PRIMARY KEY("source","node_id","template_id","shard")
);
--> statement-breakpoint
-- Keeps incident_group_counts (the grouped view's counters, db/schema/incidents.ts) in step with incidents
-- for every writer, as migration 0003 keeps incident_counts: one aggregated upsert per statement from its
-- transition tables, in key order (concurrent transactions lock counter rows in one order and never wait
-- for each other in a cycle). Counts move by their net change. The extremes (first seen, last seen,
-- latest id) only grow while incidents are added or occur again (least/greatest); when an incident leaves
-- a group-shard (deleted, or its source, node or template changed) or its createdAt rises or its
-- lastOccurredAt falls, the extremes of the rows it left are read again from incidents, after the upsert
-- has locked those rows, and rows left with no incident are deleted. Updates that change none of the
-- columns counted (an assignee, a note, who acknowledged) touch no counter row.
CREATE FUNCTION incident_group_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (SELECT source, node_id, template_id, id, status, created_at, last_occurred_at, 1 AS sign
                   FROM new_rows)
  INSERT INTO incident_group_counts AS g (source, node_id, template_id, shard, open, acknowledged, resolved, first_seen, last_seen, latest_incident_id)
  SELECT source, node_id, template_id, (id % 8)::smallint,
         coalesce(sum(sign) FILTER (WHERE status = 'OPEN'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'ACKNOWLEDGED'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'RESOLVED'), 0),
         coalesce(min(created_at) FILTER (WHERE sign = 1), 'infinity'),
         coalesce(max(last_occurred_at) FILTER (WHERE sign = 1), '-infinity'),
         coalesce(max(id) FILTER (WHERE sign = 1), 0)
  FROM changes
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (source, node_id, template_id, shard) DO UPDATE SET
    open = g.open + excluded.open,
    acknowledged = g.acknowledged + excluded.acknowledged,
    resolved = g.resolved + excluded.resolved,
    first_seen = least(g.first_seen, excluded.first_seen),
    last_seen = greatest(g.last_seen, excluded.last_seen),
    latest_incident_id = greatest(g.latest_incident_id, excluded.latest_incident_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_group_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.source AS o_source, o.node_id AS o_node_id, o.template_id AS o_template_id, o.id AS o_id,
           o.status AS o_status, o.created_at AS o_created_at, o.last_occurred_at AS o_last_occurred_at,
           n.source, n.node_id, n.template_id, n.id, n.status, n.created_at, n.last_occurred_at
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.source, o.node_id, o.template_id, o.status, o.created_at, o.last_occurred_at)
          IS DISTINCT FROM (n.source, n.node_id, n.template_id, n.status, n.created_at, n.last_occurred_at)
  ), changes AS (
    SELECT source, node_id, template_id, id, status, created_at, last_occurred_at, 1 AS sign FROM changed
    UNION ALL
    SELECT o_source, o_node_id, o_template_id, o_id, o_status, o_created_at, o_last_occurred_at, -1 FROM changed
  )
  INSERT INTO incident_group_counts AS g (source, node_id, template_id, shard, open, acknowledged, resolved, first_seen, last_seen, latest_incident_id)
  SELECT source, node_id, template_id, (id % 8)::smallint,
         coalesce(sum(sign) FILTER (WHERE status = 'OPEN'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'ACKNOWLEDGED'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'RESOLVED'), 0),
         coalesce(min(created_at) FILTER (WHERE sign = 1), 'infinity'),
         coalesce(max(last_occurred_at) FILTER (WHERE sign = 1), '-infinity'),
         coalesce(max(id) FILTER (WHERE sign = 1), 0)
  FROM changes
  -- An occurrence moves no count, but may move the group's last seen.
  GROUP BY 1, 2, 3, 4
  HAVING coalesce(sum(sign) FILTER (WHERE status = 'OPEN'), 0) <> 0
      OR coalesce(sum(sign) FILTER (WHERE status = 'ACKNOWLEDGED'), 0) <> 0
      OR coalesce(sum(sign) FILTER (WHERE status = 'RESOLVED'), 0) <> 0
      OR bool_or(sign = 1)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (source, node_id, template_id, shard) DO UPDATE SET
    open = g.open + excluded.open,
    acknowledged = g.acknowledged + excluded.acknowledged,
    resolved = g.resolved + excluded.resolved,
    first_seen = least(g.first_seen, excluded.first_seen),
    last_seen = greatest(g.last_seen, excluded.last_seen),
    latest_incident_id = greatest(g.latest_incident_id, excluded.latest_incident_id);
  IF EXISTS (SELECT o.source, o.node_id, o.template_id, (o.id % 8)::smallint AS shard
       FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.source, o.node_id, o.template_id) IS DISTINCT FROM (n.source, n.node_id, n.template_id)
          OR n.created_at > o.created_at OR n.last_occurred_at < o.last_occurred_at) THEN
    -- The group-shards some incident left, or whose extreme it may have held and no longer does.
    UPDATE incident_group_counts g
    SET first_seen = a.first_seen, last_seen = a.last_seen, latest_incident_id = a.latest_incident_id
    FROM (
      SELECT i.source, i.node_id, i.template_id, (i.id % 8)::smallint AS shard, min(i.created_at) AS first_seen,
             max(i.last_occurred_at) AS last_seen, max(i.id) AS latest_incident_id
      FROM incidents i
      WHERE (i.source, i.node_id, i.template_id, (i.id % 8)::smallint) IN
            (SELECT o.source, o.node_id, o.template_id, (o.id % 8)::smallint AS shard
       FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.source, o.node_id, o.template_id) IS DISTINCT FROM (n.source, n.node_id, n.template_id)
          OR n.created_at > o.created_at OR n.last_occurred_at < o.last_occurred_at)
      GROUP BY 1, 2, 3, 4
    ) a
    WHERE (g.source, g.node_id, g.template_id, g.shard) = (a.source, a.node_id, a.template_id, a.shard);
    DELETE FROM incident_group_counts g
    WHERE (g.source, g.node_id, g.template_id, g.shard) IN (SELECT o.source, o.node_id, o.template_id, (o.id % 8)::smallint AS shard
       FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.source, o.node_id, o.template_id) IS DISTINCT FROM (n.source, n.node_id, n.template_id)
          OR n.created_at > o.created_at OR n.last_occurred_at < o.last_occurred_at)
      AND g.open = 0 AND g.acknowledged = 0 AND g.resolved = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_group_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (SELECT source, node_id, template_id, id, status, created_at, last_occurred_at, -1 AS sign
                   FROM old_rows)
  INSERT INTO incident_group_counts AS g (source, node_id, template_id, shard, open, acknowledged, resolved, first_seen, last_seen, latest_incident_id)
  SELECT source, node_id, template_id, (id % 8)::smallint,
         coalesce(sum(sign) FILTER (WHERE status = 'OPEN'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'ACKNOWLEDGED'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'RESOLVED'), 0),
         coalesce(min(created_at) FILTER (WHERE sign = 1), 'infinity'),
         coalesce(max(last_occurred_at) FILTER (WHERE sign = 1), '-infinity'),
         coalesce(max(id) FILTER (WHERE sign = 1), 0)
  FROM changes
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (source, node_id, template_id, shard) DO UPDATE SET
    open = g.open + excluded.open,
    acknowledged = g.acknowledged + excluded.acknowledged,
    resolved = g.resolved + excluded.resolved,
    first_seen = least(g.first_seen, excluded.first_seen),
    last_seen = greatest(g.last_seen, excluded.last_seen),
    latest_incident_id = greatest(g.latest_incident_id, excluded.latest_incident_id);
  -- The group-shards some incident left, or whose extreme it may have held and no longer does.
  UPDATE incident_group_counts g
  SET first_seen = a.first_seen, last_seen = a.last_seen, latest_incident_id = a.latest_incident_id
  FROM (
    SELECT i.source, i.node_id, i.template_id, (i.id % 8)::smallint AS shard, min(i.created_at) AS first_seen,
           max(i.last_occurred_at) AS last_seen, max(i.id) AS latest_incident_id
    FROM incidents i
    WHERE (i.source, i.node_id, i.template_id, (i.id % 8)::smallint) IN
          (SELECT source, node_id, template_id, (id % 8)::smallint AS shard FROM old_rows)
    GROUP BY 1, 2, 3, 4
  ) a
  WHERE (g.source, g.node_id, g.template_id, g.shard) = (a.source, a.node_id, a.template_id, a.shard);
  DELETE FROM incident_group_counts g
  WHERE (g.source, g.node_id, g.template_id, g.shard) IN (SELECT source, node_id, template_id, (id % 8)::smallint AS shard FROM old_rows)
    AND g.open = 0 AND g.acknowledged = 0 AND g.resolved = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_group_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM incident_group_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_group_counts_insert AFTER INSERT ON incidents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_group_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER incident_group_counts_update AFTER UPDATE ON incidents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_group_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER incident_group_counts_delete AFTER DELETE ON incidents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_group_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER incident_group_counts_truncate AFTER TRUNCATE ON incidents
  FOR EACH STATEMENT EXECUTE FUNCTION incident_group_counts_on_truncate();
--> statement-breakpoint
INSERT INTO incident_group_counts (source, node_id, template_id, shard, open, acknowledged, resolved, first_seen, last_seen, latest_incident_id)
SELECT source, node_id, template_id, (id % 8)::smallint, count(*) FILTER (WHERE status = 'OPEN'),
       count(*) FILTER (WHERE status = 'ACKNOWLEDGED'), count(*) FILTER (WHERE status = 'RESOLVED'),
       min(created_at), max(last_occurred_at), max(id)
FROM incidents GROUP BY 1, 2, 3, 4;
