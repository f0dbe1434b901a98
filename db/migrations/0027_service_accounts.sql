ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'PERSON' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('PERSON', 'SERVICE'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_password_by_kind_check" CHECK (("users"."kind" = 'PERSON') = ("users"."password_hash" is not null));