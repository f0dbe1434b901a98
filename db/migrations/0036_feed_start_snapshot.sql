-- Added without a default, then given one: a volatile default in ADD COLUMN would rewrite the whole
-- timeline under an exclusive lock to fill it in; the entries already there keep null (long committed).
ALTER TABLE "incident_events" ADD COLUMN "writer_tx_id" "xid8";--> statement-breakpoint
ALTER TABLE "incident_events" ALTER COLUMN "writer_tx_id" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "start_snapshot" text;
