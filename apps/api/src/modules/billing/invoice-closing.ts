import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Closes the invoices of ended months once every hourly item of the customer is billed up to the
 * month's end and every renewal due in it has run, so nothing lands on a closed invoice. Their lines close with them.
 */
export async function closeEndedInvoices(db: Database, now: Date = new Date()): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    WITH closable AS (
      UPDATE invoices inv SET status = 'closed', closed_at = now()
      WHERE inv.status = 'open' AND inv.period_end <= ${now.toISOString()}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM billable_items bi
          WHERE bi.customer_id = inv.customer_id AND bi.billing_cycle = 'hourly'
            AND coalesce(bi.billed_until, date_trunc('hour', bi.started_at))
              < least(inv.period_end, coalesce(bi.ended_at, 'infinity'::timestamptz))
        )
        -- A renewal due inside the month must land on its invoice first.
        AND NOT EXISTS (
          SELECT 1 FROM billable_items bi
          WHERE bi.customer_id = inv.customer_id AND bi.billing_cycle <> 'hourly'
            AND bi.status = 'active' AND bi.cycle_end < inv.period_end
        )
      RETURNING inv.id
    ), lines AS (
      UPDATE invoice_items SET closed = true WHERE invoice_id IN (SELECT id FROM closable)
    )
    SELECT id FROM closable`);
  return result.rows.length;
}
