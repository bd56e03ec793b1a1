CREATE TABLE "sim_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"server_ref" text NOT NULL,
	"kind" text NOT NULL,
	"image_ref" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"resume_status" text NOT NULL,
	"size_mb" integer,
	"failure" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sim_servers" ADD COLUMN "operation_id" text;--> statement-breakpoint
CREATE INDEX "sim_operations_image_idx" ON "sim_operations" USING btree ("image_ref","kind");