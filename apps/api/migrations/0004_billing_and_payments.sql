CREATE TABLE "auto_recharge_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"amount" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"gateway" text NOT NULL,
	"gateway_status" text DEFAULT 'ACTIVE' NOT NULL,
	"last_failure_at" timestamp with time zone,
	"last_failure_reason" text,
	"deactivated_at" timestamp with time zone,
	"deactivation_reason" text,
	"deactivated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billable_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"instance_id" integer,
	"description" text NOT NULL,
	"sub_description" text DEFAULT '' NOT NULL,
	"billing_cycle" text NOT NULL,
	"monthly_price" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reason" text DEFAULT 'created' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"billed_until" timestamp with time zone,
	"cycle_start" timestamp with time zone,
	"cycle_end" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billable_items_prices_nonnegative" CHECK (monthly_price >= 0 AND unit_price >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"kyc_status" text DEFAULT 'none' NOT NULL,
	"suspended_by_billing_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"billable_item_id" integer NOT NULL,
	"instance_id" integer,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"sub_description" text DEFAULT '' NOT NULL,
	"usage" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"cycle_start" timestamp with time zone,
	"start_timestamp" timestamp with time zone NOT NULL,
	"end_timestamp" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"description" text NOT NULL,
	"payment_id" integer,
	"billable_item_id" integer,
	"invoice_id" integer,
	"reverses_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"cached_balance" bigint NOT NULL,
	"ledger_balance" bigint NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_customers" (
	"customer_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"external_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"received" bigint,
	"applied" boolean NOT NULL,
	"inbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"credit" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"price" bigint NOT NULL,
	"received" bigint,
	"credited" bigint DEFAULT 0 NOT NULL,
	"external_id" text,
	"tracking_id" text,
	"description" text NOT NULL,
	"is_auto_recharge" boolean DEFAULT false NOT NULL,
	"save_card" boolean DEFAULT false NOT NULL,
	"auto_recharge_request" jsonb,
	"is_card_setup" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"external_id" text NOT NULL,
	"external_customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"name" text,
	"exp_month" integer,
	"exp_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"raw_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "auto_recharge_settings" ADD CONSTRAINT "auto_recharge_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_items" ADD CONSTRAINT "billable_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_billable_item_id_billable_items_id_fk" FOREIGN KEY ("billable_item_id") REFERENCES "public"."billable_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billable_items_customer_idx" ON "billable_items" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billable_items_hourly_due_idx" ON "billable_items" USING btree ("billed_until") WHERE billing_cycle = 'hourly' AND status IN ('active', 'suspended');--> statement-breakpoint
CREATE INDEX "billable_items_cycle_due_idx" ON "billable_items" USING btree ("cycle_end") WHERE billing_cycle <> 'hourly' AND status IN ('active', 'suspended');--> statement-breakpoint
CREATE INDEX "billable_items_instance_idx" ON "billable_items" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_hourly_unique" ON "invoice_items" USING btree ("invoice_id","billable_item_id") WHERE type = 'hourly';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_cycle_unique" ON "invoice_items" USING btree ("billable_item_id","cycle_start") WHERE type = 'subscription';--> statement-breakpoint
CREATE INDEX "invoice_items_customer_idx" ON "invoice_items" USING btree ("customer_id","instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_customer_period_unique" ON "invoices" USING btree ("customer_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_status_period_idx" ON "invoices" USING btree ("status","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_unique" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_customer_created_idx" ON "ledger_entries" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_customers_unique" ON "gateway_customers" USING btree ("customer_id","gateway");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_customer_created_idx" ON "payments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_external_unique" ON "payments" USING btree ("gateway","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_auto_recharge_in_flight" ON "payments" USING btree ("customer_id") WHERE is_auto_recharge AND status IN ('NEW', 'PENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_gateway_external_unique" ON "saved_cards" USING btree ("gateway","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_one_default" ON "saved_cards" USING btree ("customer_id","gateway") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_inbox_gateway_event_unique" ON "webhook_inbox" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_unprocessed_idx" ON "webhook_inbox" USING btree ("received_at") WHERE processed_at IS NULL;--> statement-breakpoint
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: correct a mistake with a reversing entry';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
INSERT INTO credit_accounts (customer_id) SELECT id FROM customers ON CONFLICT DO NOTHING;
