import { RENEWAL_GRACE_DAYS } from '@nimbus/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { notifyMany } from '../notifications/notify';
import { billableItems } from './billing.tables';

/**
 * Negative credit suspends the account for billing and its hourly resources; credit back at zero or
 * above lifts it (platform.md §4). Set-based, so one statement serves one customer after a payment
 * and every customer after an hourly billing run. Only an account that is otherwise active changes
 * state (and is logged): an administrator's suspension is never lifted by a top-up.
 */
export async function syncBillingSuspensions(tx: DbOrTx, customerIds?: number[]): Promise<void> {
  const scope: SQL = customerIds ? sql`AND customer_id = ANY(${`{${customerIds.join(',')}}`}::int[])` : sql``;
  const suspended = await tx.execute<{ customer_id: number }>(sql`
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
    SELECT id, 'suspended_by_billing', '{}'::jsonb, clock_timestamp() FROM account
    RETURNING customer_id`);
  await notifyMany(
    tx,
    suspended.rows.map((r) => ({
      customerId: r.customer_id,
      kind: 'account_suspended',
      occurrence: String(Date.now()),
    })),
  );
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

/**
 * When a suspended item is terminated (instances.md §4, "8 minus days since the end date"): a
 * subscription 8 days after the end of the cycle it could not renew, an hourly item 8 days after
 * negative credit suspended it. Null for an item that is not suspended.
 */
export const terminationDeadlineSql = sql<Date | null>`CASE WHEN ${billableItems.status} <> 'suspended' THEN NULL
  WHEN ${billableItems.billingCycle} = 'hourly' THEN ${billableItems.suspendedAt}
  ELSE ${billableItems.cycleEnd} END + make_interval(days => ${RENEWAL_GRACE_DAYS})`;

/**
 * Terminates the VPS items that negative credit has kept suspended for the grace days (the cycle job
 * does the same for subscriptions); the billing-ties job then deletes their instances. Each item in its
 * own transaction under its account's lock, as every writer of billing does: credit that comes back
 * first has unsuspended the item and it is left alone. Hours are charged up to the termination.
 */
export async function terminateOverdueHourly(db: Database, now: Date = new Date()): Promise<number[]> {
  const overdue = (id?: number) =>
    and(
      id === undefined ? undefined : eq(billableItems.id, id),
      eq(billableItems.billingCycle, 'hourly'),
      eq(billableItems.status, 'suspended'),
      eq(billableItems.resourceType, 'instance'),
      sql`${terminationDeadlineSql} <= ${now.toISOString()}::timestamptz`,
    );
  const due = await db
    .select({ id: billableItems.id, customerId: billableItems.customerId })
    .from(billableItems)
    .where(overdue())
    .limit(500);
  const terminated: number[] = [];
  for (const item of due) {
    const [row] = await db.transaction(async (tx) => {
      // Not lockCreditAccount: the ledger imports this file. A suspended item's account always exists.
      await tx.execute(sql`SELECT 1 FROM credit_accounts WHERE customer_id = ${item.customerId} FOR UPDATE`);
      return tx
        .update(billableItems)
        .set({ status: 'terminated', endedAt: now, reason: 'terminated' })
        .where(overdue(item.id))
        .returning({ id: billableItems.id });
    });
    if (row) terminated.push(row.id);
  }
  return terminated;
}
