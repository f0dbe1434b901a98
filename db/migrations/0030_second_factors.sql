CREATE TABLE "second_factors" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"totp_secret" text NOT NULL,
	"recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_used_step" bigint,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: whether a person has a confirmed second factor is part of what their credentials resolve to
-- (an administrator may be required to enrol one), so a confirmation or removal is announced like any
-- change of users (migration 0004).
CREATE TRIGGER second_factors_auth_changed AFTER UPDATE OF confirmed_at OR DELETE ON second_factors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER second_factors_truncated_auth_changed AFTER TRUNCATE ON second_factors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
