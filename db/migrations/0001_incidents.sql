-- Trigram indexes (incident search) need pg_trgm; PGlite has it loaded by db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."incident_event_type" AS ENUM('CREATED', 'OCCURRED_AGAIN', 'ACKNOWLEDGED', 'RESOLVED', 'REOPENED', 'RETRY_REQUESTED', 'RETRY_SUCCEEDED', 'RETRY_FAILED');--> statement-breakpoint
CREATE TYPE "public"."incident_severity" AS ENUM('LOW', 'MEDIUM', 'HIGH', 'CRITICAL');--> statement-breakpoint
CREATE TYPE "public"."incident_source" AS ENUM('PROCESS_ENGINE', 'WORKER', 'CODE_TASK', 'AI_TASK', 'MESSAGE');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('OPEN', 'ACKNOWLEDGED', 'RESOLVED');--> statement-breakpoint
CREATE TYPE "public"."resolution_action" AS ENUM('RETRIED_SUCCESSFULLY', 'FIXED_MANUALLY', 'WORKAROUND_APPLIED', 'NOT_AN_ISSUE', 'DUPLICATE', 'OTHER');--> statement-breakpoint
CREATE TABLE "incident_counts" (
	"status" "incident_status" NOT NULL,
	"source" "incident_source" NOT NULL,
	"severity" "incident_severity" NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "incident_counts_status_source_severity_shard_pk" PRIMARY KEY("status","source","severity","shard")
);
--> statement-breakpoint
CREATE TABLE "incident_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" bigint NOT NULL,
	"event_type" "incident_event_type" NOT NULL,
	"message" text NOT NULL,
	"actor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process_instance_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"status" "incident_status" DEFAULT 'OPEN' NOT NULL,
	"severity" "incident_severity" NOT NULL,
	"source" "incident_source" NOT NULL,
	"message" text NOT NULL,
	"technical_details" text DEFAULT '' NOT NULL,
	"external_reference_id" text NOT NULL,
	"occurrence_count" integer DEFAULT 1 NOT NULL,
	"last_occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	"resolution_action" "resolution_action"
);
--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_action_idx";--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_events_incident_idx" ON "incident_events" USING btree ("incident_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_unresolved_reference_key" ON "incidents" USING btree ("source","external_reference_id") WHERE status <> 'RESOLVED';--> statement-breakpoint
CREATE INDEX "incidents_reference_idx" ON "incidents" USING btree ("source","external_reference_id","id");--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_status_created_idx" ON "incidents" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_source_created_idx" ON "incidents" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_severity_created_idx" ON "incidents" USING btree ("severity","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_process_instance_idx" ON "incidents" USING btree ("process_instance_id","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_last_occurred_idx" ON "incidents" USING btree ("last_occurred_at","id");--> statement-breakpoint
CREATE INDEX "incidents_updated_idx" ON "incidents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "incidents_severity_idx" ON "incidents" USING btree ("severity","id");--> statement-breakpoint
CREATE INDEX "incidents_status_idx" ON "incidents" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "incidents_source_idx" ON "incidents" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "incidents_occurrence_count_idx" ON "incidents" USING btree ("occurrence_count","id");--> statement-breakpoint
CREATE INDEX "incidents_message_trgm_idx" ON "incidents" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incidents_reference_trgm_idx" ON "incidents" USING gin ("external_reference_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incidents_unresolved_idx" ON "incidents" USING btree ("status","severity","created_at","id") WHERE status <> 'RESOLVED';--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");