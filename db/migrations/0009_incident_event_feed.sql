-- Existing entries get 0 (a constant default: no rewrite of a large timeline); all committed, they sort first,
-- in id order. New entries get their transaction's id.
ALTER TABLE "incident_events" ADD COLUMN "tx_id" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_events" ALTER COLUMN "tx_id" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "incident_events_feed_idx" ON "incident_events" USING btree ("tx_id","id");--> statement-breakpoint
-- One incident's entries in (tx_id, id) order as in id order: a transaction that got its id before another
-- that changed the same incident and committed first would otherwise sort its later entry first.
CREATE FUNCTION incident_events_feed_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tx_id := greatest(NEW.tx_id, coalesce((
    SELECT e.tx_id FROM incident_events e WHERE e.incident_id = NEW.incident_id ORDER BY e.id DESC LIMIT 1
  ), NEW.tx_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_events_feed_order BEFORE INSERT ON incident_events
  FOR EACH ROW EXECUTE FUNCTION incident_events_feed_order();
--> statement-breakpoint
-- Wakes the feed's readers on every instance when the inserting transaction commits (identical
-- notifications of one transaction are delivered once).
CREATE FUNCTION incident_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bpm_incident_events', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_events_notify AFTER INSERT ON incident_events
  FOR EACH STATEMENT EXECUTE FUNCTION incident_events_notify();
