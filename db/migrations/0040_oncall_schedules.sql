CREATE TABLE "oncall_overrides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oncall_overrides_window_check" CHECK ("oncall_overrides"."ends_at" > "oncall_overrides"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "oncall_rotation_members" (
	"schedule_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "oncall_rotation_members_schedule_id_position_pk" PRIMARY KEY("schedule_id","position")
);
--> statement-breakpoint
CREATE TABLE "oncall_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"hand_off" text NOT NULL,
	"hand_off_time" text NOT NULL,
	"hand_off_weekday" integer,
	"rrule" text,
	"starts_on" date NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oncall_schedules_hand_off_check" CHECK ("oncall_schedules"."hand_off" in ('DAILY', 'WEEKLY', 'RRULE')),
	CONSTRAINT "oncall_schedules_hand_off_shape_check" CHECK (("oncall_schedules"."hand_off" = 'WEEKLY') = ("oncall_schedules"."hand_off_weekday" is not null) and ("oncall_schedules"."hand_off" = 'RRULE') = ("oncall_schedules"."rrule" is not null))
);
--> statement-breakpoint
ALTER TABLE "oncall_overrides" ADD CONSTRAINT "oncall_overrides_schedule_id_oncall_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."oncall_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_overrides" ADD CONSTRAINT "oncall_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_rotation_members" ADD CONSTRAINT "oncall_rotation_members_schedule_id_oncall_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."oncall_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_rotation_members" ADD CONSTRAINT "oncall_rotation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oncall_overrides_schedule_idx" ON "oncall_overrides" USING btree ("schedule_id","ends_at");--> statement-breakpoint
CREATE INDEX "oncall_overrides_user_idx" ON "oncall_overrides" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oncall_rotation_members_user_idx" ON "oncall_rotation_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oncall_schedules_name_key" ON "oncall_schedules" USING btree (lower("name"));