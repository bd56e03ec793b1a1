CREATE TABLE "libvirt_base_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"image" text NOT NULL,
	"volume" text NOT NULL,
	"kernel" text,
	"initrd" text,
	"cmdline" text
);
--> statement-breakpoint
CREATE TABLE "libvirt_counters" (
	"ref" text PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"cpu_time_ns" bigint NOT NULL,
	"read_requests" bigint NOT NULL,
	"write_requests" bigint NOT NULL,
	"read_bytes" bigint NOT NULL,
	"write_bytes" bigint NOT NULL,
	"received_bytes" bigint NOT NULL,
	"sent_bytes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libvirt_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"uri" text NOT NULL,
	"storage_pool" text NOT NULL,
	"backup_pool" text,
	"network" text NOT NULL,
	"domain_type" text DEFAULT 'kvm' NOT NULL,
	"vnc_listen" text DEFAULT '127.0.0.1' NOT NULL,
	"vcpu_capacity" integer NOT NULL,
	"ram_mb_capacity" integer NOT NULL,
	"disk_gb_capacity" integer NOT NULL,
	"state" text DEFAULT 'up' NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "libvirt_hosts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "libvirt_images" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"host_id" integer NOT NULL,
	"pool" text NOT NULL,
	"volume" text NOT NULL,
	"server_ref" text NOT NULL,
	"boot_image" text,
	"complete" boolean DEFAULT false NOT NULL,
	"size_mb" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libvirt_isos" (
	"ref" text NOT NULL,
	"host_id" integer NOT NULL,
	"volume" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "libvirt_isos_ref_host_id_pk" PRIMARY KEY("ref","host_id")
);
--> statement-breakpoint
CREATE TABLE "libvirt_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"server_ref" text NOT NULL,
	"kind" text NOT NULL,
	"image_ref" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"resume_status" text NOT NULL,
	"success_status" text NOT NULL,
	"resume_spec" jsonb NOT NULL,
	"resume_password_hash" text NOT NULL,
	"size_mb" integer,
	"failure" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "libvirt_servers" (
	"ref" text PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"hostname" text NOT NULL,
	"status" text NOT NULL,
	"failure" jsonb,
	"password_hash" text NOT NULL,
	"seed_revision" integer DEFAULT 1 NOT NULL,
	"seed_written" integer DEFAULT 0 NOT NULL,
	"ipv4" text,
	"ipv6" text,
	"disk_volume" text NOT NULL,
	"disk_generation" integer DEFAULT 1 NOT NULL,
	"rescue_password_hash" text,
	"boot_image" text,
	"iso_ref" text,
	"operation_id" text,
	"shutdown_asked_at" timestamp with time zone,
	"definition" text,
	"restart_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "libvirt_traffic" (
	"ref" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "libvirt_traffic_ref_minute_pk" PRIMARY KEY("ref","minute")
);
--> statement-breakpoint
ALTER TABLE "sim_ip_allocations" RENAME TO "ip_allocations";--> statement-breakpoint
ALTER TABLE "sim_ip_pools" RENAME TO "ip_pools";--> statement-breakpoint
ALTER TABLE "ip_allocations" DROP CONSTRAINT "sim_ip_allocations_pool_id_sim_ip_pools_id_fk";
--> statement-breakpoint
DROP INDEX "sim_ip_allocations_server_idx";--> statement-breakpoint
ALTER TABLE "libvirt_base_images" ADD CONSTRAINT "libvirt_base_images_host_id_libvirt_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."libvirt_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libvirt_images" ADD CONSTRAINT "libvirt_images_host_id_libvirt_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."libvirt_hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libvirt_isos" ADD CONSTRAINT "libvirt_isos_host_id_libvirt_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."libvirt_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libvirt_servers" ADD CONSTRAINT "libvirt_servers_host_id_libvirt_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."libvirt_hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "libvirt_base_images_host_image_idx" ON "libvirt_base_images" USING btree ("host_id","image");--> statement-breakpoint
CREATE INDEX "libvirt_operations_image_idx" ON "libvirt_operations" USING btree ("image_ref","kind");--> statement-breakpoint
CREATE INDEX "libvirt_servers_host_idx" ON "libvirt_servers" USING btree ("host_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "libvirt_servers_pending_idx" ON "libvirt_servers" USING btree ("ref") WHERE removed_at IS NULL;--> statement-breakpoint
ALTER TABLE "ip_allocations" ADD CONSTRAINT "ip_allocations_pool_id_ip_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."ip_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_allocations_server_idx" ON "ip_allocations" USING btree ("server_ref");