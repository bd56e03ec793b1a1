CREATE TABLE "backup_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"image_ref" text NOT NULL,
	"status" text NOT NULL,
	"size_mb" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"status" text NOT NULL,
	"schedule_frequency" text NOT NULL,
	"schedule_week_days" jsonb,
	"period_id" integer NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_successful_backup_at" timestamp with time zone,
	"billable_item_id" integer,
	"disabled_at" timestamp with time zone,
	"purge_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_files" ADD CONSTRAINT "backup_files_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_files" ADD CONSTRAINT "backup_files_profile_id_backup_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."backup_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_profiles" ADD CONSTRAINT "backup_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_profiles" ADD CONSTRAINT "backup_profiles_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_files_image_ref_unique" ON "backup_files" USING btree ("image_ref");--> statement-breakpoint
CREATE INDEX "backup_files_instance_idx" ON "backup_files" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_profiles_instance_unique" ON "backup_profiles" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "backup_profiles_due_idx" ON "backup_profiles" USING btree ("next_due_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "backup_profiles_purge_idx" ON "backup_profiles" USING btree ("purge_at") WHERE status = 'disabled' AND purge_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "backup_profiles_customer_idx" ON "backup_profiles" USING btree ("customer_id");--> statement-breakpoint
CREATE TRIGGER backup_profiles_events_insert AFTER INSERT ON backup_profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('backups');--> statement-breakpoint
CREATE TRIGGER backup_profiles_events_update AFTER UPDATE ON backup_profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('backups');--> statement-breakpoint
CREATE TRIGGER backup_files_events_insert AFTER INSERT ON backup_files REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('backups');--> statement-breakpoint
CREATE TRIGGER backup_files_events_update AFTER UPDATE ON backup_files REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('backups');
