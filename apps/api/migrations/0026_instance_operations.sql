ALTER TABLE "sim_operations" ADD COLUMN "success_status" text;--> statement-breakpoint
ALTER TABLE "sim_operations" ADD COLUMN "resume_spec" jsonb;--> statement-breakpoint
ALTER TABLE "sim_operations" ADD COLUMN "resume_password_hash" text;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "operation" jsonb;--> statement-breakpoint
CREATE INDEX "instances_operation_idx" ON "instances" USING btree ("id") WHERE operation IS NOT NULL;