ALTER TABLE "application_tags" ADD COLUMN "is_selected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "min_ram_mb" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "plan_classes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "unsupported_os_families" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD COLUMN "id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_id_unique" UNIQUE("id");