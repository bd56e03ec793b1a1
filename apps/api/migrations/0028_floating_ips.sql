CREATE TABLE "floating_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"driver_key" text NOT NULL,
	"address" text NOT NULL,
	"netmask" text NOT NULL,
	"gateway" text NOT NULL,
	"type" text DEFAULT 'ipv4' NOT NULL,
	"region_id" integer NOT NULL,
	"billable_item_id" integer NOT NULL,
	"instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"warned_for" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sim_ip_allocations" ADD COLUMN "attached_ref" text;--> statement-breakpoint
ALTER TABLE "floating_ips" ADD CONSTRAINT "floating_ips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "floating_ips_driver_key_unique" ON "floating_ips" USING btree ("driver_key");--> statement-breakpoint
CREATE UNIQUE INDEX "floating_ips_active_address_unique" ON "floating_ips" USING btree ("address") WHERE released_at IS NULL;--> statement-breakpoint
CREATE INDEX "floating_ips_customer_idx" ON "floating_ips" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "floating_ips_instance_idx" ON "floating_ips" USING btree ("instance_id") WHERE instance_id IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER floating_ips_events_insert AFTER INSERT ON floating_ips REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('floatingIps');--> statement-breakpoint
CREATE TRIGGER floating_ips_events_update AFTER UPDATE ON floating_ips REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('floatingIps');
