-- Teams (groups marked as teams), ownership rules and the owner of each incident (decision 0015).
ALTER TYPE "public"."incident_event_type" ADD VALUE 'OWNER_CHANGED';--> statement-breakpoint
CREATE TABLE "ownership_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"token" text DEFAULT gen_random_uuid()::text NOT NULL,
	CONSTRAINT "ownership_revision_one_row" CHECK ("ownership_revision"."id" = 1)
);
--> statement-breakpoint
-- The one row every owner decision reads (server/services/teams/owners.ts).
INSERT INTO "ownership_revision" ("id") VALUES (1);--> statement-breakpoint
CREATE TABLE "ownership_rules" (
	"position" integer PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"source" text,
	"process_definition" text,
	"node_id" text,
	"topic" text,
	"incident_group" text,
	CONSTRAINT "ownership_rules_some_field" CHECK (num_nonnulls("ownership_rules"."source", "ownership_rules"."process_definition", "ownership_rules"."node_id", "ownership_rules"."topic", "ownership_rules"."incident_group") > 0)
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"group_id" bigint PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lead_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "process_definition" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "owner_team_id" bigint;--> statement-breakpoint
ALTER TABLE "worker_requests" ADD COLUMN "process_definition" text;--> statement-breakpoint
ALTER TABLE "ownership_rules" ADD CONSTRAINT "ownership_rules_team_id_teams_group_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_lead_user_id_users_id_fk" FOREIGN KEY ("lead_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_owner_team_id_teams_group_id_fk" FOREIGN KEY ("owner_team_id") REFERENCES "public"."teams"("group_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_owner_created_idx" ON "incidents" USING btree ("owner_team_id","created_at","id") WHERE owner_team_id is not null;