-- Distinct messages (incident_messages), their templates (incident_message_templates: each run of digits
-- written `#`), and incidents counted per template (incident_template_counts), so that a text search
-- looks among the distinct messages or templates and sums counters, instead of reading every matching
-- incident (docs/performance.md, "Text search").

-- A text's identity for the unique indexes: a btree entry cannot hold a message of up to 4,000
-- characters. SHA-256, not MD5: a reporter must not be able to make two messages collide. Immutable, as an
-- index expression must be: convert_to names its encoding.
CREATE FUNCTION message_digest(message text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT sha256(convert_to(message, 'UTF8')) $$;
--> statement-breakpoint
-- A message's template: every run of ASCII digits written `#`. A text with no digit and no `#` occurs in a
-- message exactly when it occurs in the message's template: an occurrence holds no digit, so it lies
-- within a digit-free stretch, which the template copies unchanged; an occurrence in the template holds
-- no `#`, so it lies within such a stretch too. (Lower case changes no digit and no `#`, so this holds
-- ignoring case as well.)
CREATE FUNCTION message_template(message text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(message, '[0-9]+', '#', 'g') $$;
--> statement-breakpoint
CREATE TABLE "incident_message_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "incident_message_templates_digest_key" ON "incident_message_templates" USING btree (message_digest("template"));--> statement-breakpoint
CREATE INDEX "incident_message_templates_trgm_idx" ON "incident_message_templates" USING gin ("template" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "incident_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message" text NOT NULL,
	"template_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_messages" ADD CONSTRAINT "incident_messages_template_id_incident_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."incident_message_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incident_messages_digest_key" ON "incident_messages" USING btree (message_digest("message"));--> statement-breakpoint
CREATE INDEX "incident_messages_trgm_idx" ON "incident_messages" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
-- As for the references (0005): which trigrams are common among the messages and the templates.
CREATE STATISTICS IF NOT EXISTS incident_messages_trigrams ON (show_trgm(message)) FROM incident_messages;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS incident_message_templates_trigrams ON (show_trgm(template)) FROM incident_message_templates;
--> statement-breakpoint
-- The id of a template, and of a message with its template's, added when new. Concurrent inserts of one new
-- text meet on the unique index: the one that waited finds the other's row once it commits (a transaction
-- that cannot see it, under REPEATABLE READ, gets a serialization failure from the insert, not a loop).
CREATE FUNCTION incident_template_id(new_template text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  found_id bigint;
BEGIN
  LOOP
    SELECT id INTO found_id FROM incident_message_templates WHERE message_digest(template) = message_digest(new_template);
    IF found_id IS NOT NULL THEN RETURN found_id; END IF;
    INSERT INTO incident_message_templates (template) VALUES (new_template) ON CONFLICT DO NOTHING RETURNING id INTO found_id;
    IF found_id IS NOT NULL THEN RETURN found_id; END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION incident_message_ids(new_message text, OUT found_message_id bigint, OUT found_template_id bigint)
LANGUAGE plpgsql AS $$
BEGIN
  LOOP
    SELECT m.id, m.template_id INTO found_message_id, found_template_id
    FROM incident_messages m WHERE message_digest(m.message) = message_digest(new_message);
    IF found_message_id IS NOT NULL THEN RETURN; END IF;
    found_template_id := incident_template_id(message_template(new_message));
    INSERT INTO incident_messages (message, template_id) VALUES (new_message, found_template_id)
    ON CONFLICT DO NOTHING RETURNING id INTO found_message_id;
    IF found_message_id IS NOT NULL THEN RETURN; END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION incidents_set_message_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT found_message_id, found_template_id INTO NEW.message_id, NEW.template_id
  FROM incident_message_ids(NEW.message);
  RETURN NEW;
END $$;
--> statement-breakpoint
INSERT INTO incident_message_templates (template) SELECT DISTINCT message_template(message) FROM incidents;--> statement-breakpoint
INSERT INTO incident_messages (message, template_id)
SELECT m.message, t.id FROM (SELECT DISTINCT message FROM incidents) m
JOIN incident_message_templates t ON message_digest(t.template) = message_digest(message_template(m.message));--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "template_id" bigint;--> statement-breakpoint
UPDATE incidents i SET message_id = m.id, template_id = m.template_id
FROM incident_messages m WHERE message_digest(m.message) = message_digest(i.message);--> statement-breakpoint
ALTER TABLE "incidents" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ALTER COLUMN "template_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_message_id_incident_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."incident_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_template_id_incident_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."incident_message_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_message_idx" ON "incidents" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "incidents_template_idx" ON "incidents" USING btree ("template_id");--> statement-breakpoint
-- The messages' and templates' trigram indexes replace the incidents': they are written once per new text
-- instead of once per incident version (every transition wrote some fifty trigrams of an unchanged message).
DROP INDEX "incidents_message_trgm_idx";--> statement-breakpoint
CREATE TRIGGER incidents_message_id BEFORE INSERT OR UPDATE OF message ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_set_message_id();
--> statement-breakpoint
CREATE TABLE "incident_template_counts" (
	"template_id" bigint NOT NULL,
	"status" "incident_status" NOT NULL,
	"source" "incident_source" NOT NULL,
	"severity" "incident_severity" NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "incident_template_counts_template_id_status_source_severity_shard_pk" PRIMARY KEY("template_id","status","source","severity","shard")
);
--> statement-breakpoint
-- The counter triggers of 0003 now keep both tables, in the same way (net changes per statement, in key
-- order) and always incident_counts first, so that concurrent transactions lock counter rows in one order.
CREATE OR REPLACE FUNCTION incident_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_counts AS c (status, source, severity, shard, count)
  SELECT status, source, severity, (id % 8)::smallint, count(*) FROM new_rows
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  INSERT INTO incident_template_counts AS c (template_id, status, source, severity, shard, count)
  SELECT template_id, status, source, severity, (id % 8)::smallint, count(*) FROM new_rows
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (template_id, status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_counts AS c (status, source, severity, shard, count)
  SELECT status, source, severity, shard, sum(delta) FROM (
    SELECT status, source, severity, (id % 8)::smallint AS shard, 1 AS delta FROM new_rows
    UNION ALL
    SELECT status, source, severity, (id % 8)::smallint AS shard, -1 AS delta FROM old_rows
  ) changes
  GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  INSERT INTO incident_template_counts AS c (template_id, status, source, severity, shard, count)
  SELECT template_id, status, source, severity, shard, sum(delta) FROM (
    SELECT template_id, status, source, severity, (id % 8)::smallint AS shard, 1 AS delta FROM new_rows
    UNION ALL
    SELECT template_id, status, source, severity, (id % 8)::smallint AS shard, -1 AS delta FROM old_rows
  ) changes
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (template_id, status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_counts AS c (status, source, severity, shard, count)
  SELECT status, source, severity, (id % 8)::smallint, -count(*) FROM old_rows
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  INSERT INTO incident_template_counts AS c (template_id, status, source, severity, shard, count)
  SELECT template_id, status, source, severity, (id % 8)::smallint, -count(*) FROM old_rows
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (template_id, status, source, severity, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM incident_counts;
  DELETE FROM incident_template_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO incident_template_counts (template_id, status, source, severity, shard, count)
SELECT template_id, status, source, severity, (id % 8)::smallint, count(*) FROM incidents GROUP BY 1, 2, 3, 4, 5;
