CREATE TABLE "event_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"session_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_tickets_expires_at_index" ON "event_tickets" USING btree ("expires_at");--> statement-breakpoint
-- What changed for which customer, published to every API process (LISTEN nimbus_events) by the database
-- itself, so every writer (API, workers, operator commands, bulk billing) is covered and nothing is sent
-- for a transaction that rolls back. One notification per customer and statement; a statement touching
-- more than 1,000 customers (the hourly billing run) sends one without a customer, for every stream.
CREATE FUNCTION notify_customer_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text := TG_ARGV[0];
  touched integer;
BEGIN
  SELECT count(DISTINCT customer_id) INTO touched FROM changed_rows;
  IF touched > 1000 THEN
    PERFORM pg_notify('nimbus_events', json_build_object('t', topic)::text);
  ELSE
    PERFORM pg_notify('nimbus_events', json_build_object('c', c.customer_id, 't', topic)::text)
      FROM (SELECT DISTINCT customer_id FROM changed_rows) c;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A billable item's or an account's status shows on the instances (suspended). Row triggers limited to a
-- status change cost nothing when the hourly billing run moves `billed_until` on every item.
CREATE FUNCTION notify_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    PERFORM pg_notify('nimbus_events', json_build_object('c', NEW.id, 't', TG_ARGV[0])::text);
  ELSE
    PERFORM pg_notify('nimbus_events', json_build_object('c', NEW.customer_id, 't', TG_ARGV[0])::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER instances_events_insert AFTER INSERT ON instances REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('instances');--> statement-breakpoint
CREATE TRIGGER instances_events_update AFTER UPDATE ON instances REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('instances');--> statement-breakpoint
CREATE TRIGGER instances_events_delete AFTER DELETE ON instances REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('instances');--> statement-breakpoint
CREATE TRIGGER preorders_events_insert AFTER INSERT ON preorders REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('instances');--> statement-breakpoint
CREATE TRIGGER preorders_events_update AFTER UPDATE ON preorders REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('instances');--> statement-breakpoint
CREATE TRIGGER ledger_entries_events_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('balance');--> statement-breakpoint
CREATE TRIGGER payments_events_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('payments');--> statement-breakpoint
CREATE TRIGGER payments_events_update AFTER UPDATE ON payments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('payments');--> statement-breakpoint
CREATE TRIGGER billable_items_events_status AFTER UPDATE OF status ON billable_items
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_status_change('instances');--> statement-breakpoint
CREATE TRIGGER customers_events_status AFTER UPDATE OF status ON customers
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_status_change('account');
