CREATE TABLE "sim_faults" (
	"id" serial PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"region_id" integer,
	"remaining" integer DEFAULT 1 NOT NULL,
	"reason" text DEFAULT 'Simulated infrastructure failure' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"vcpu_capacity" integer NOT NULL,
	"ram_mb_capacity" integer NOT NULL,
	"disk_gb_capacity" integer NOT NULL,
	"gpu_model" text,
	"gpu_capacity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sim_hosts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sim_ip_allocations" (
	"address" text PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"server_ref" text NOT NULL,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_ip_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"family" text NOT NULL,
	"network" text NOT NULL,
	"gateway" text NOT NULL,
	"netmask" text NOT NULL,
	"ddos_protected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_servers" (
	"ref" text PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"hostname" text NOT NULL,
	"status" text NOT NULL,
	"step_due_at" timestamp with time zone,
	"failure" jsonb,
	"password_hash" text NOT NULL,
	"ipv4" text,
	"ipv6" text,
	"iso_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"hostname" text NOT NULL,
	"lifecycle" text DEFAULT 'provisioning' NOT NULL,
	"status" text DEFAULT 'initializing' NOT NULL,
	"network_status" text DEFAULT 'initializing' NOT NULL,
	"failure_reason" text,
	"plan_class" text NOT NULL,
	"product_id" integer,
	"plan_name" text,
	"region_id" integer NOT NULL,
	"os_id" integer,
	"os_family" text,
	"os_name" text,
	"app_id" integer,
	"iso_id" integer,
	"vcpu_count" integer NOT NULL,
	"ram_mb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"bandwidth_tb" integer NOT NULL,
	"extra_resource" jsonb NOT NULL,
	"feature_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ssh_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oca_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assign_ipv4" boolean NOT NULL,
	"assign_ipv6" boolean NOT NULL,
	"is_ddos_protected" boolean DEFAULT false NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"main_ip" text,
	"netmask_v_4" text,
	"gateway_v_4" text,
	"main_ipv6" text,
	"ipv6_range" text,
	"netmask_v_6" text,
	"gateway_v_6" text,
	"billing_cycle" text NOT NULL,
	"is_subscription_auto_renew_enabled" boolean DEFAULT true NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"billable_item_id" integer,
	"driver_created_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"deletion_requested_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preorders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"hostname" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_ip_allocations" ADD CONSTRAINT "sim_ip_allocations_pool_id_sim_ip_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."sim_ip_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_servers" ADD CONSTRAINT "sim_servers_host_id_sim_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."sim_hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_ip_allocations_server_idx" ON "sim_ip_allocations" USING btree ("server_ref");--> statement-breakpoint
CREATE INDEX "sim_servers_host_idx" ON "sim_servers" USING btree ("host_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "sim_servers_due_idx" ON "sim_servers" USING btree ("step_due_at") WHERE step_due_at IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "instances_customer_list_idx" ON "instances" USING btree ("customer_id","inserted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE lifecycle IN ('provisioning', 'ready', 'deleting');--> statement-breakpoint
CREATE INDEX "instances_stock_idx" ON "instances" USING btree ("product_id","region_id") WHERE lifecycle IN ('provisioning', 'ready', 'deleting');--> statement-breakpoint
CREATE INDEX "instances_unsettled_idx" ON "instances" USING btree ("updated_at") WHERE lifecycle IN ('provisioning', 'deleting') OR (lifecycle = 'ready' AND status NOT IN ('active', 'shutdown', 'suspended', 'rescue'));--> statement-breakpoint
CREATE INDEX "instances_customer_main_ip_idx" ON "instances" USING btree ("customer_id","main_ip");--> statement-breakpoint
CREATE INDEX "preorders_customer_idx" ON "preorders" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "preorders_instance_unique" ON "preorders" USING btree ("instance_id");