-- Unlogged: a budget is worth nothing after a crash (every token then starts full, as after a restart),
-- and the API processes rewrite these rows every second without writing WAL for them.
CREATE UNLOGGED TABLE "token_rate_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at" double precision NOT NULL,
	"last_spent_ms" double precision DEFAULT 0 NOT NULL
);
