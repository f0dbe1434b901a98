CREATE TABLE "process_instance_revisions" (
	"process_instance_id" bigint PRIMARY KEY NOT NULL,
	"revision" "xid8" NOT NULL
);
--> statement-breakpoint
-- Keeps process_instance_revisions (db/schema/incidents.ts) for every writer: each statement that adds,
-- changes or deletes incidents, or changes the status of worker requests that incidents report, sets the
-- revision of every process instance it touched to its own transaction's id. One upsert per statement from
-- its transition tables, in process-instance order (concurrent transactions lock revision rows in one order
-- and never wait for each other in a cycle); a second statement of the same transaction writes nothing.
CREATE FUNCTION process_instance_revisions_touch(process_instance_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO process_instance_revisions AS r (process_instance_id, revision)
  SELECT id, pg_current_xact_id() FROM unnest(process_instance_ids) AS t(id)
  WHERE id IS NOT NULL
  GROUP BY id ORDER BY id
  ON CONFLICT (process_instance_id) DO UPDATE SET revision = excluded.revision
    WHERE r.revision <> excluded.revision;
$$;
--> statement-breakpoint
CREATE FUNCTION process_instance_revisions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM process_instance_revisions_touch(array(SELECT process_instance_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION process_instance_revisions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM process_instance_revisions_touch(array(
    SELECT process_instance_id FROM new_rows UNION SELECT process_instance_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION process_instance_revisions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM process_instance_revisions_touch(array(SELECT process_instance_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A truncate leaves no incident: no revision is left either, and the next incident of an instance gives it
-- a new one.
CREATE FUNCTION process_instance_revisions_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM process_instance_revisions;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An incident's `retryable` is decided by its worker request's status: a change of that status changes the
-- answer of the incident's process instance.
CREATE FUNCTION process_instance_revisions_on_worker_request_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM process_instance_revisions_touch(array(
    SELECT i.process_instance_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN incidents i ON i.worker_request_id = n.id
    WHERE o.status IS DISTINCT FROM n.status));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER process_instance_revisions_insert AFTER INSERT ON incidents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION process_instance_revisions_on_insert();
--> statement-breakpoint
CREATE TRIGGER process_instance_revisions_update AFTER UPDATE ON incidents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION process_instance_revisions_on_update();
--> statement-breakpoint
CREATE TRIGGER process_instance_revisions_delete AFTER DELETE ON incidents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION process_instance_revisions_on_delete();
--> statement-breakpoint
CREATE TRIGGER process_instance_revisions_truncate AFTER TRUNCATE ON incidents
  FOR EACH STATEMENT EXECUTE FUNCTION process_instance_revisions_on_truncate();
--> statement-breakpoint
CREATE TRIGGER process_instance_revisions_worker_request_update AFTER UPDATE ON worker_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION process_instance_revisions_on_worker_request_update();
