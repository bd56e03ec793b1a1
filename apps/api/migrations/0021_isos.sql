CREATE TABLE "sim_iso_images" (
	"ref" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "isos" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"region_id" integer NOT NULL,
	"use_virtio" boolean NOT NULL,
	"size_bytes" bigint NOT NULL,
	"downloaded_bytes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'DOWNLOADING' NOT NULL,
	"is_invalid_iso" boolean DEFAULT false NOT NULL,
	"failure" text,
	"stalled_attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "isos" ADD CONSTRAINT "isos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isos" ADD CONSTRAINT "isos_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "isos_one_per_customer" ON "isos" USING btree ("customer_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "isos_downloading_idx" ON "isos" USING btree ("lease_until") WHERE status = 'DOWNLOADING' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "isos_expiry_idx" ON "isos" USING btree ("expires_at") WHERE status = 'READY' AND deleted_at IS NULL;--> statement-breakpoint
CREATE TRIGGER isos_events_insert AFTER INSERT ON isos REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('isos');--> statement-breakpoint
CREATE TRIGGER isos_events_update AFTER UPDATE ON isos REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('isos');
