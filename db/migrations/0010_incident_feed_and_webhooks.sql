-- The incident feed (a gapless, ordered read of the committed timeline) and webhook subscriptions with
-- their deliveries: one migration, as the two were written together (issue 15).
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
--> statement-breakpoint
CREATE TYPE "public"."webhook_delivery_status" AS ENUM('PENDING', 'DELIVERING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."webhook_format" AS ENUM('json', 'slack');--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"incident_id" bigint NOT NULL,
	"event_type" "incident_event_type" NOT NULL,
	"body" text NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_delivery_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"url" text NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_secrets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" bigint NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"url" text NOT NULL,
	"event_types" "incident_event_type"[] NOT NULL,
	"min_severity" "incident_severity",
	"sources" "incident_source"[] DEFAULT '{}' NOT NULL,
	"node_ids" text[] DEFAULT '{}' NOT NULL,
	"format" "webhook_format" DEFAULT 'json' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cursor_tx_id" "xid8" NOT NULL,
	"cursor_event_id" bigint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD CONSTRAINT "webhook_secrets_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("subscription_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status in ('PENDING', 'DELIVERING');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unfinished_idx" ON "webhook_deliveries" USING btree ("subscription_id","incident_id","id") WHERE status in ('PENDING', 'DELIVERING');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_secrets_subscription_idx" ON "webhook_secrets" USING btree ("subscription_id","id");