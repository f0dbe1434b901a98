CREATE TABLE "console_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scope" text DEFAULT 'FULL' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_sessions_user_id_idx" ON "console_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scope_check" CHECK ("api_tokens"."scope" in ('READ_ONLY', 'INCIDENTS', 'WORKER', 'METRICS', 'FULL'));--> statement-breakpoint
-- A session ended (sign-out, expiry, its user deleted) must stop authenticating on every instance at once,
-- as a revoked token does (migration 0004). last_seen_at, moved while a session is used, changes nothing
-- that authentication depends on.
CREATE TRIGGER console_sessions_auth_changed AFTER DELETE ON console_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER console_sessions_truncated_auth_changed AFTER TRUNCATE ON console_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
-- A token's scope bounds what it may do: narrowing it must reach every instance as a revocation does.
DROP TRIGGER api_tokens_auth_changed ON api_tokens;--> statement-breakpoint
CREATE TRIGGER api_tokens_auth_changed
  AFTER UPDATE OF user_id, token_hash, user_token_version, expires_at, scope OR DELETE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
