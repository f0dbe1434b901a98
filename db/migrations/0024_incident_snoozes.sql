ALTER TYPE "public"."incident_event_type" ADD VALUE 'SNOOZED';--> statement-breakpoint
ALTER TYPE "public"."incident_event_type" ADD VALUE 'SNOOZE_ENDED';--> statement-breakpoint
ALTER TABLE "incident_events" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "snoozed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "snoozed_by" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "snoozed_until_occurrence" integer;--> statement-breakpoint
CREATE INDEX "incidents_snoozed_until_idx" ON "incidents" USING btree ("snoozed_until") WHERE snoozed_until is not null;--> statement-breakpoint
-- What the system writes on a snoozed incident (occurrences, retry outcomes) is held from notifications, for
-- every writer of the timeline; what people do, and the snooze's own end, is not. (The event type is compared
-- as text: an enum value added in this migration cannot be named before it is committed.)
CREATE FUNCTION incident_events_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.held := NEW.event_type::text <> 'SNOOZE_ENDED' AND EXISTS (
    SELECT 1 FROM incidents i WHERE i.id = NEW.incident_id AND i.snoozed_at IS NOT NULL
  );
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_events_held BEFORE INSERT ON incident_events
  FOR EACH ROW WHEN (NEW.actor IS NULL) EXECUTE FUNCTION incident_events_held();
