ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_billable_item_id_billable_items_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_customer_id_customers_id_fk";
--> statement-breakpoint
-- The hourly billing run writes 100,000 ledger entries (and, in a month's first hour, as many invoice lines)
-- in one statement. A foreign key checks each new row with a query of its own (a fifth of the run's server
-- time in the steady state, nearly half in a month's first hour); these three references are checked
-- instead once per statement, over the statement's new rows. Like the foreign key's check, the referenced
-- rows are locked (FOR KEY SHARE) until commit, so they cannot be deleted before the new rows are visible;
-- `refuse_referenced_delete` below is the other half (the foreign keys' ON DELETE RESTRICT). The ids go in
-- an array and are looked up by key (`= ANY`): the plan is cached with the session's first statement, and
-- a lookup by key suits one row (a payment) as well as 100,000.
CREATE FUNCTION ledger_entries_check_customer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer_ids integer[] := ARRAY(SELECT DISTINCT customer_id FROM new_rows);
BEGIN
  IF (SELECT count(*) FROM (SELECT FROM customers c WHERE c.id = ANY (customer_ids) FOR KEY SHARE OF c) l)
      <> cardinality(customer_ids) THEN
    RAISE EXCEPTION 'insert on table "ledger_entries" violates its reference "customer_id" to "customers"'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'ledger_entries', COLUMN = 'customer_id';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION invoice_items_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  invoice_ids integer[] := ARRAY(SELECT DISTINCT invoice_id FROM new_rows);
  item_ids integer[] := ARRAY(SELECT DISTINCT billable_item_id FROM new_rows);
BEGIN
  IF (SELECT count(*) FROM (SELECT FROM invoices i WHERE i.id = ANY (invoice_ids) FOR KEY SHARE OF i) l)
      <> cardinality(invoice_ids) THEN
    RAISE EXCEPTION 'insert on table "invoice_items" violates its reference "invoice_id" to "invoices"'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'invoice_items', COLUMN = 'invoice_id';
  END IF;
  IF (SELECT count(*) FROM (SELECT FROM billable_items b WHERE b.id = ANY (item_ids) FOR KEY SHARE OF b) l)
      <> cardinality(item_ids) THEN
    RAISE EXCEPTION 'insert on table "invoice_items" violates its reference "billable_item_id" to "billable_items"'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'invoice_items', COLUMN = 'billable_item_id';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A referenced row cannot go (or change its key) while rows refer to it; checked after the statement, like
-- the foreign keys' ON DELETE RESTRICT. The delete waits for the lock a referencing insert took, and then
-- sees that insert's rows: exact in READ COMMITTED, which every writer of these tables uses (no code deletes
-- customers, invoices or billable items). AFTER, not BEFORE, row triggers: a BEFORE UPDATE trigger would
-- lock every row the hourly run updates, even though `id` is not among the columns it sets.
-- TG_ARGV: the referencing table and column; the referenced key is `id`.
CREATE FUNCTION refuse_referenced_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  referenced boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I = $1)', TG_ARGV[0], TG_ARGV[1]) INTO referenced USING OLD.id;
  IF referenced THEN
    RAISE EXCEPTION '% of table "%" is still referenced from table "%"', OLD.id, TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_customer_reference AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_check_customer();--> statement-breakpoint
CREATE TRIGGER invoice_items_references AFTER INSERT ON invoice_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_check_references();--> statement-breakpoint
-- Invoice lines move only `usage`, `subtotal`, `end_timestamp` and `closed`: a statement that sets their
-- invoice or billable item is refused. A statement trigger, not a row trigger: an AFTER UPDATE row trigger
-- would make every update of a line (100,000 an hour) fetch the line's old version for it.
CREATE FUNCTION invoice_items_keep_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the invoice and billable item of an invoice line do not change'
    USING ERRCODE = 'foreign_key_violation', TABLE = 'invoice_items';
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_items_references_fixed AFTER UPDATE OF invoice_id, billable_item_id ON invoice_items
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_keep_references();--> statement-breakpoint
CREATE TRIGGER customers_ledger_reference AFTER DELETE OR UPDATE OF id ON customers
  FOR EACH ROW EXECUTE FUNCTION refuse_referenced_delete('ledger_entries', 'customer_id');--> statement-breakpoint
CREATE TRIGGER invoices_invoice_items_reference AFTER DELETE OR UPDATE OF id ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_referenced_delete('invoice_items', 'invoice_id');--> statement-breakpoint
CREATE TRIGGER billable_items_invoice_items_reference AFTER DELETE OR UPDATE OF id ON billable_items
  FOR EACH ROW EXECUTE FUNCTION refuse_referenced_delete('invoice_items', 'billable_item_id');
--> statement-breakpoint
-- The hourly run moves the balance of every customer it charges: with room left on the page the new row
-- version stays there (a heap-only update, no index entry), as for `billable_items` and `invoice_items`
-- in 0011. Only new and moved rows follow the setting.
ALTER TABLE "credit_accounts" SET (fillfactor = 50);
