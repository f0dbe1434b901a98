ALTER TABLE "users" DROP CONSTRAINT "users_password_by_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_key" ON "users" USING btree ("oidc_issuer","oidc_subject") WHERE "users"."oidc_subject" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_oidc_identity_check" CHECK (("users"."oidc_issuer" is null) = ("users"."oidc_subject" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_password_by_kind_check" CHECK (case when "users"."kind" = 'PERSON' then ("users"."password_hash" is not null) <> ("users"."oidc_subject" is not null) else "users"."password_hash" is null and "users"."oidc_subject" is null end);