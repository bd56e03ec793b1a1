CREATE TABLE "bandwidth_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"cycle_start" timestamp with time zone NOT NULL,
	"cycle_end" timestamp with time zone NOT NULL,
	"used_bytes" bigint NOT NULL,
	"allowed_gib" integer NOT NULL,
	"overage" bigint NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bandwidth_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"amount_tb" integer NOT NULL,
	"cycle_start" timestamp with time zone NOT NULL,
	"billable_item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "main_ip_ptr" text;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "ipv6_ptrs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bandwidth_cycles" ADD CONSTRAINT "bandwidth_cycles_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandwidth_packages" ADD CONSTRAINT "bandwidth_packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandwidth_packages" ADD CONSTRAINT "bandwidth_packages_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandwidth_packages" ADD CONSTRAINT "bandwidth_packages_billable_item_id_billable_items_id_fk" FOREIGN KEY ("billable_item_id") REFERENCES "public"."billable_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bandwidth_cycles_instance_cycle_unique" ON "bandwidth_cycles" USING btree ("instance_id","cycle_start");--> statement-breakpoint
CREATE INDEX "bandwidth_packages_instance_cycle_idx" ON "bandwidth_packages" USING btree ("instance_id","cycle_start");