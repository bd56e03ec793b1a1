import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Negative credit suspends the account for billing and its hourly resources; credit back at zero or
 * above lifts it (platform.md §4). Set-based, so one statement serves one customer after a payment
 * and every customer after an hourly billing run. Only an account that is otherwise active changes
 * state (and is logged): an administrator's suspension is never lifted by a top-up.
 */
export async function syncBillingSuspensions(tx: DbOrTx, customerIds?: number[]): Promise<void> {
  const scope: SQL = customerIds ? sql`AND customer_id = ANY(${`{${customerIds.join(',')}}`}::int[])` : sql``;
  await tx.execute(sql`
    WITH newly AS (
      UPDATE credit_accounts SET suspended_by_billing_at = now(), updated_at = now()
      WHERE balance < 0 AND suspended_by_billing_at IS NULL ${scope}
      RETURNING customer_id
    ), account AS (
      UPDATE customers SET status = 'suspended_by_billing', updated_at = now()
      WHERE id IN (SELECT customer_id FROM newly) AND status = 'active'
      RETURNING id
    ), items AS (
      UPDATE billable_items SET status = 'suspended', suspended_at = now()
      WHERE customer_id IN (SELECT customer_id FROM newly) AND billing_cycle = 'hourly' AND status = 'active'
    )
    INSERT INTO activity_logs (customer_id, event, data, created_at)
    SELECT id, 'suspended_by_billing', '{}'::jsonb, clock_timestamp() FROM account`);
  await tx.execute(sql`
    WITH lifted AS (
      UPDATE credit_accounts SET suspended_by_billing_at = NULL, updated_at = now()
      WHERE balance >= 0 AND suspended_by_billing_at IS NOT NULL ${scope}
      RETURNING customer_id
    ), account AS (
      UPDATE customers SET status = 'active', updated_at = now()
      WHERE id IN (SELECT customer_id FROM lifted) AND status = 'suspended_by_billing'
      RETURNING id
    ), items AS (
      UPDATE billable_items SET status = 'active', suspended_at = NULL
      WHERE customer_id IN (SELECT customer_id FROM lifted) AND billing_cycle = 'hourly' AND status = 'suspended'
    )
    INSERT INTO activity_logs (customer_id, event, data, created_at)
    SELECT id, 'unsuspended_by_billing', '{}'::jsonb, clock_timestamp() FROM account`);
}
