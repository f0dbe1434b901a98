CREATE TYPE "public"."process_instance_status" AS ENUM('RUNNING', 'FAILED', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."worker_request_status" AS ENUM('PENDING', 'LOCKED', 'COMPLETED', 'FAILED');--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"worker_request_id" bigint NOT NULL,
	"process_instance_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "process_instances" (
	"id" bigint PRIMARY KEY NOT NULL,
	"status" "process_instance_status" DEFAULT 'RUNNING' NOT NULL,
	"current_node_id" text NOT NULL,
	"failed_node_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process_instance_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "worker_request_status" DEFAULT 'PENDING' NOT NULL,
	"retries" integer NOT NULL,
	"initial_retries" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"worker_id" text,
	"lock_expires_at" timestamp with time zone,
	"error_message" text,
	"error_details" text,
	"result" jsonb,
	"retry_requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_worker_request_id_worker_requests_id_fk" FOREIGN KEY ("worker_request_id") REFERENCES "public"."worker_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_requests" ADD CONSTRAINT "worker_requests_process_instance_id_process_instances_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_undelivered_idx" ON "outbox" USING btree ("id") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "outbox_worker_request_idx" ON "outbox" USING btree ("worker_request_id");--> statement-breakpoint
CREATE INDEX "worker_requests_pending_idx" ON "worker_requests" USING btree ("topic","id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "worker_requests_locked_idx" ON "worker_requests" USING btree ("lock_expires_at") WHERE status = 'LOCKED';--> statement-breakpoint
CREATE INDEX "worker_requests_process_instance_idx" ON "worker_requests" USING btree ("process_instance_id");