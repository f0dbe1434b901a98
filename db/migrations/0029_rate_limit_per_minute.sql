ALTER TABLE "api_tokens" ADD COLUMN "rate_limit_per_minute" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rate_limit_per_minute" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_rate_limit_check" CHECK ("api_tokens"."rate_limit_per_minute" is null or "api_tokens"."rate_limit_per_minute" > 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rate_limit_check" CHECK ("users"."rate_limit_per_minute" is null or ("users"."kind" = 'SERVICE' and "users"."rate_limit_per_minute" > 0));