import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reconciliationFindings } from './billing.tables';

export interface BalanceDifference {
  customerId: number;
  cachedBalance: number;
  ledgerBalance: number;
}

/**
 * Compares every cached balance with the sum of its ledger entries and records each difference.
 * A difference means a bug or a manual edit: it is reported, never silently fixed.
 */
export async function reconcileBalances(db: Database): Promise<BalanceDifference[]> {
  const result = await db.execute<{ customer_id: number; balance: string; ledger: string }>(sql`
    SELECT ca.customer_id, ca.balance, coalesce(l.total, 0) AS ledger
    FROM credit_accounts ca
    LEFT JOIN (SELECT customer_id, sum(amount) AS total FROM ledger_entries GROUP BY customer_id) l
      USING (customer_id)
    WHERE ca.balance <> coalesce(l.total, 0)
    ORDER BY ca.customer_id`);
  const differences = result.rows.map((r) => ({
    customerId: Number(r.customer_id),
    cachedBalance: Number(r.balance),
    ledgerBalance: Number(r.ledger),
  }));
  if (differences.length > 0) {
    await db.insert(reconciliationFindings).values(differences);
  }
  return differences;
}
