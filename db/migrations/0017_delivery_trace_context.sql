ALTER TABLE "incident_events" ADD COLUMN "traceparent" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "traceparent" text;