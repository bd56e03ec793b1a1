CREATE TABLE "snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"size_mb" integer,
	"image_ref" text,
	"operation_image_ref" text,
	"operation_kind" text,
	"operation_id" text,
	"billable_item_id" integer,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_restored_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "snapshots_customer_idx" ON "snapshots" USING btree ("customer_id","created_at" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "snapshots_instance_idx" ON "snapshots" USING btree ("instance_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "snapshots_operation_idx" ON "snapshots" USING btree ("updated_at") WHERE operation_kind IS NOT NULL;--> statement-breakpoint
-- Snapshot changes reach the customer's open panels (server push), as instance changes do (0010).
CREATE TRIGGER snapshots_events_insert AFTER INSERT ON snapshots REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('snapshots');--> statement-breakpoint
CREATE TRIGGER snapshots_events_update AFTER UPDATE ON snapshots REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('snapshots');
