CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"group" text NOT NULL,
	"followup_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_followups" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author" text NOT NULL,
	"author_name" text,
	"message" text NOT NULL,
	"is_liked" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"department" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"kind" text DEFAULT 'ticket' NOT NULL,
	"related_instance_id" integer,
	"related_hostname" text,
	"assignee" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_followup_id_ticket_followups_id_fk" FOREIGN KEY ("followup_id") REFERENCES "public"."ticket_followups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followups" ADD CONSTRAINT "ticket_followups_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_related_instance_id_instances_id_fk" FOREIGN KEY ("related_instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_followup_idx" ON "ticket_attachments" USING btree ("followup_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_unclaimed_idx" ON "ticket_attachments" USING btree ("created_at") WHERE followup_id IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_followups_ticket_idx" ON "ticket_followups" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_customer_updated_idx" ON "tickets" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_related_instance_idx" ON "tickets" USING btree ("related_instance_id") WHERE related_instance_id IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER tickets_events_insert AFTER INSERT ON tickets REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('tickets');--> statement-breakpoint
CREATE TRIGGER tickets_events_update AFTER UPDATE ON tickets REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('tickets');
