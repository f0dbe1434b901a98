ALTER TYPE "public"."incident_event_type" ADD VALUE 'NOTE_ADDED';--> statement-breakpoint
ALTER TYPE "public"."incident_event_type" ADD VALUE 'ASSIGNED';--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "assignee" text;--> statement-breakpoint
CREATE INDEX "incidents_assignee_created_idx" ON "incidents" USING btree ("assignee","created_at","id") WHERE assignee is not null;--> statement-breakpoint
CREATE INDEX "incidents_node_created_idx" ON "incidents" USING btree ("node_id","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_node_trgm_idx" ON "incidents" USING gin ("node_id" gin_trgm_ops);