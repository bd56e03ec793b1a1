DROP INDEX "billable_items_hourly_due_idx";--> statement-breakpoint
-- The hourly run updates every hourly item (`billed_until`) and its invoice line every hour. Half of each
-- page is kept free so the new row version fits next to the old one: a heap-only update, which writes no
-- index entry (the old versions are pruned by the next run). Only new and moved rows follow the setting.
ALTER TABLE "billable_items" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "invoice_items" SET (fillfactor = 50);
