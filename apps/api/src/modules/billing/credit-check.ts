import {
  billingErrorCodes,
  CENT,
  fromMicros,
  INSUFFICIENT_BALANCE_STATUS,
  type InsufficientBalance,
  type Micros,
  minimumRequiredBalance,
} from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';

/** Hourly instances and snapshots the customer keeps running, with their summed hourly prices. */
async function runningHourly(db: DbOrTx, customerId: number, replacedItemId: number | null) {
  const result = await db.execute<{ resource_type: string; count: string; sum: string }>(sql`
    SELECT resource_type, count(*) AS count, coalesce(sum(unit_price), 0) AS sum
    FROM billable_items
    WHERE customer_id = ${customerId} AND billing_cycle = 'hourly' AND status IN ('active', 'suspended')
      AND resource_type IN ('instance', 'snapshot')
      AND id IS DISTINCT FROM ${replacedItemId}
    GROUP BY resource_type`);
  const of = (type: string) => result.rows.find((r) => r.resource_type === type);
  return {
    paygCount: Number(of('instance')?.count ?? 0),
    paygSum: Number(of('instance')?.sum ?? 0),
    snapshotCount: Number(of('snapshot')?.count ?? 0),
    snapshotSum: Number(of('snapshot')?.sum ?? 0),
  };
}

/**
 * Throws the 460 answer unless `balance` covers `price` plus the running hourly instances and snapshots
 * for `days` days (instances.md §8). Creation passes numberOfDaysForCreditCheck; renewals pass 0. A resize
 * names the item its new price replaces, which then does not count twice.
 */
export async function assertCanAfford(
  db: DbOrTx,
  customerId: number,
  balance: Micros,
  price: Micros,
  days = 0,
  replacedItemId: number | null = null,
): Promise<void> {
  const running = await runningHourly(db, customerId, replacedItemId);
  // Whole cents, rounded up: a customer who tops up to the figure shown must pass.
  const exact = minimumRequiredBalance({
    planPrice: price,
    paygHourlySum: running.paygSum,
    snapshotHourlySum: running.snapshotSum,
    days,
  });
  const required = Math.ceil(exact / CENT) * CENT;
  if (balance >= required) return;
  const data: InsufficientBalance = {
    // Shown rounded down, so a balance a fraction short never reads as enough.
    customerBalance: fromMicros(Math.floor(balance / CENT) * CENT),
    minimumRequiredBalance: fromMicros(required),
    numberOfDaysBalanceValidatedAgainst: days,
    paygInstancesCount: running.paygCount,
    paygInstancesPriceSum: fromMicros(running.paygSum, 4),
    snapshotCount: running.snapshotCount,
    snapshotPriceSum: fromMicros(running.snapshotSum, 4),
  };
  throw new AppError(
    INSUFFICIENT_BALANCE_STATUS,
    billingErrorCodes.insufficientBalance,
    `Your balance of $${data.customerBalance} is below the $${data.minimumRequiredBalance} needed.`,
    { data },
  );
}
