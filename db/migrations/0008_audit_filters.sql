-- The audit log's filters: an actor prefix matched case-insensitively, and a date range.
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
CREATE INDEX "audit_events_actor_prefix_idx" ON "audit_events" USING btree (lower("actor") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");