-- Keeps incident_counts (incidents per status, source and severity, split over 8 shards by id mod 8) in
-- step with incidents, for every writer: one aggregated upsert per statement, from its transition tables.
-- The net changes are applied in key order, so concurrent transactions lock counter rows in one order and
-- never wait for each other in a cycle. Changes that move no incident between counters (an occurrence, an
-- edit of other columns) touch no counter row.
CREATE FUNCTION incident_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_counts AS c (status, source, severity, shard, count)
  SELECT status, source, severity, (id % 8)::smallint, count(*) FROM new_rows
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_counts AS c (status, source, severity, shard, count)
  SELECT status, source, severity, shard, sum(delta) FROM (
    SELECT status, source, severity, (id % 8)::smallint AS shard, 1 AS delta FROM new_rows
    UNION ALL
    SELECT status, source, severity, (id % 8)::smallint AS shard, -1 AS delta FROM old_rows
  ) changes
  GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_counts AS c (status, source, severity, shard, count)
  SELECT status, source, severity, (id % 8)::smallint, -count(*) FROM old_rows
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM incident_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_counts_insert AFTER INSERT ON incidents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER incident_counts_update AFTER UPDATE ON incidents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER incident_counts_delete AFTER DELETE ON incidents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION incident_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER incident_counts_truncate AFTER TRUNCATE ON incidents
  FOR EACH STATEMENT EXECUTE FUNCTION incident_counts_on_truncate();
--> statement-breakpoint
INSERT INTO incident_counts (status, source, severity, shard, count)
SELECT status, source, severity, (id % 8)::smallint, count(*) FROM incidents GROUP BY 1, 2, 3, 4;
