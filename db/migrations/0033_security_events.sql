CREATE TYPE "public"."security_event_type" AS ENUM('security.sign_in', 'security.sign_in_failed', 'security.locked', 'security.second_factor_changed', 'security.password_changed', 'security.token_created', 'security.token_revoked', 'security.permissions_changed');--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "security_event_type" "security_event_type";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "audit_event_id" bigint;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "gathered_failures" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "security_event_types" "security_event_type"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "audit_cursor_tx_id" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "audit_cursor_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_feed_idx" ON "audit_events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_audit_key" ON "webhook_deliveries" USING btree ("subscription_id","audit_event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_gathering_failures_idx" ON "webhook_deliveries" USING btree ("subscription_id") WHERE gathered_failures is not null and status = 'PENDING' and attempts = 0;--> statement-breakpoint
-- Subscriptions made before security events start at the audit log's head: none is sent its history.
UPDATE webhook_subscriptions
SET audit_cursor_tx_id = pg_current_xact_id(), audit_cursor_id = (SELECT coalesce(max(id), 0) FROM audit_events);
