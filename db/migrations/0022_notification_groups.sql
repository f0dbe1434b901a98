ALTER TABLE "webhook_deliveries" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "grouped_events" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "group_window_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_groups_unfinished_idx" ON "webhook_deliveries" USING btree ("subscription_id","id") WHERE group_key is not null and status in ('PENDING', 'DELIVERING');