CREATE TABLE "silences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"source" "incident_source",
	"node_id" text,
	"group_key" text,
	"severities" "incident_severity"[],
	"message_text" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_events" ADD COLUMN "silence_id" bigint;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "silence_id" bigint;--> statement-breakpoint
CREATE INDEX "silences_unended_idx" ON "silences" USING btree ("ends_at") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "silences_created_idx" ON "silences" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_silence_id_silences_id_fk" FOREIGN KEY ("silence_id") REFERENCES "public"."silences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_silence_id_silences_id_fk" FOREIGN KEY ("silence_id") REFERENCES "public"."silences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_events_silence_idx" ON "incident_events" USING btree ("silence_id") WHERE silence_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_silence_key" ON "webhook_deliveries" USING btree ("subscription_id","silence_id");--> statement-breakpoint
-- Whether a silence's matchers match an incident: the one rule, used by the trigger below, by the incidents'
-- views (silencedBy) and by the preview of a silence not yet made. A matcher that is null matches everything.
CREATE FUNCTION silence_matches(
  m_source incident_source, m_node_id text, m_group_key text, m_severities incident_severity[],
  m_message_text text, i incidents
) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (m_source IS NULL OR m_source = i.source)
     AND (m_node_id IS NULL OR m_node_id = i.node_id)
     AND (m_group_key IS NULL OR m_group_key = i.source::text || ':' || i.template_id || ':' || i.node_id)
     AND (m_severities IS NULL OR i.severity = ANY (m_severities))
     AND (m_message_text IS NULL OR position(lower(m_message_text) in lower(i.message)) > 0)
$$;
--> statement-breakpoint
-- The silence in effect now that matches the incident: of several, the one that ends last.
CREATE FUNCTION silence_of(i incidents) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT s.id FROM silences s
  WHERE s.ended_at IS NULL AND s.starts_at <= now() AND s.ends_at > now()
    AND silence_matches(s.source, s.node_id, s.group_key, s.severities, s.message_text, i)
  ORDER BY s.ends_at DESC, s.id
  LIMIT 1
$$;
--> statement-breakpoint
-- What the system writes on a snoozed incident, or on one a silence matches, is held from notifications, for
-- every writer of the timeline; a silence's entries name it, for its summary. The silence's row is share-locked:
-- its end (an UPDATE of that row) waits for this transaction, so the summary it writes counts this entry, and a
-- silence ended meanwhile is found ended here (the entry is then notified as usual).
CREATE OR REPLACE FUNCTION incident_events_held() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  snoozed boolean;
  silence bigint;
BEGIN
  SELECT i.snoozed_at IS NOT NULL, silence_of(i) INTO snoozed, silence
  FROM incidents i WHERE i.id = NEW.incident_id;
  IF silence IS NOT NULL THEN
    PERFORM 1 FROM silences WHERE id = silence AND ended_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
      silence := NULL;
    END IF;
  END IF;
  NEW.silence_id := silence;
  NEW.held := silence IS NOT NULL OR (coalesce(snoozed, false) AND NEW.event_type::text <> 'SNOOZE_ENDED');
  RETURN NEW;
END $$;
