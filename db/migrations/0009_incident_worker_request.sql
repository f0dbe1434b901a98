ALTER TABLE "incidents" ADD COLUMN "worker_request_id" bigint;--> statement-breakpoint
-- Existing WORKER incidents name their request only in external_reference_id ('worker-request:<id>',
-- domain/workers.ts): the column takes that id wherever the request exists.
UPDATE "incidents" SET "worker_request_id" = "worker_requests"."id"
  FROM "worker_requests"
  WHERE "incidents"."source" = 'WORKER'
    AND "worker_requests"."id" = CASE
      WHEN "incidents"."external_reference_id" ~ '^worker-request:[1-9][0-9]{0,15}$'
      THEN substring("incidents"."external_reference_id" from 16)::bigint
    END;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_worker_request_id_worker_requests_id_fk" FOREIGN KEY ("worker_request_id") REFERENCES "public"."worker_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_worker_request_idx" ON "incidents" USING btree ("worker_request_id") WHERE worker_request_id is not null;