import type { Micros } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { LedgerEntryKind } from './billing.tables';

/** The first moment of the UTC calendar month `now` is in: the month of the invoices, too. */
export const startOfUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

const chargeKinds: readonly LedgerEntryKind[] = ['usage_charge', 'subscription_charge'];
const chargeKindsSql = sql.join(
  chargeKinds.map((kind) => sql`${kind}::text`),
  sql`, `,
);
/**
 * An entry about services rather than about money paid in or out: a charge, or a refund of one (unused
 * days on deletion, a failed creation), which carries its billable item; a payment's refund carries the
 * payment instead and is not spending.
 */
const aboutServices = (alias: string) => {
  const e = sql.raw(alias);
  return sql`(${e}.kind IN (${chargeKindsSql}) OR (${e}.kind = 'refund' AND ${e}.billable_item_id IS NOT NULL))`;
};

/**
 * What the customer spent on services this UTC calendar month, in micros: charges less the refunds of
 * services and less corrections of either (docs/decisions.md "Spent this month"). Never below zero: a
 * refund of an earlier month's subscription gives that month's money back, which the balance shows.
 */
export async function spentThisMonthOf(db: DbOrTx, customerId: number, now = new Date()): Promise<Micros> {
  const result = await db.execute<{ net: string }>(sql`
    SELECT coalesce(sum(e.amount), 0) AS net
      FROM ledger_entries e
      LEFT JOIN ledger_entries o ON o.id = e.reverses_entry_id AND o.customer_id = e.customer_id
     WHERE e.customer_id = ${customerId}
       AND e.created_at >= ${startOfUtcMonth(now).toISOString()}
       AND (${aboutServices('e')} OR (e.kind = 'reversal' AND ${aboutServices('o')}))`);
  // Charges are negative entries; spending reads positive. Exact up to 2^53 micros, as the balance is.
  return Math.max(0, -Number(result.rows[0]?.net ?? 0));
}
