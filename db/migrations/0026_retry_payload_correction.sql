ALTER TABLE "incident_events" ADD COLUMN "payload_changes" jsonb;--> statement-breakpoint
ALTER TABLE "worker_requests" ADD COLUMN "payload_version" integer DEFAULT 1 NOT NULL;