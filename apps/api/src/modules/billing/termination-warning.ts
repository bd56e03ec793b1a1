import { type AnyColumn, and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billableItems } from './billing.tables';
import { terminationDeadlineSql } from './billing-suspension';

/**
 * The billing side of the warning before a suspended VPS is terminated (instances.md §4):
 * `termination_warned_at` marks the warning of the current suspension (a mark older than the suspension
 * belongs to an earlier one). An item already past its date gets none: it is being terminated.
 */

const DAY_MS = 86_400_000;

/** Suspended, terminating within the day after `now`, and not warned in this suspension. */
const dueWarning = (now: Date): SQL =>
  and(
    eq(billableItems.status, 'suspended'),
    sql`${terminationDeadlineSql} > ${now.toISOString()}::timestamptz`,
    sql`${terminationDeadlineSql} <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz`,
    or(
      isNull(billableItems.terminationWarnedAt),
      sql`${billableItems.terminationWarnedAt} < ${billableItems.suspendedAt}`,
    ),
  )!;

/** SQL truth of "the item with this id is due a termination warning", correlated with the caller's row. */
export const itemDueTerminationWarningSql = (itemId: AnyColumn, now: Date): SQL =>
  sql`EXISTS (SELECT 1 FROM ${billableItems} WHERE ${billableItems.id} = ${itemId} AND ${dueWarning(now)})`;

/**
 * The item, locked for the rest of the transaction, if it is still due a warning; null when it is not or
 * another runner holds it (skipped, not waited for).
 */
export async function lockItemDueTerminationWarning(tx: DbOrTx, itemId: number, now: Date) {
  const [row] = await tx
    .select({
      customerId: billableItems.customerId,
      billingCycle: billableItems.billingCycle,
      suspendedAt: billableItems.suspendedAt,
      cycleEnd: billableItems.cycleEnd,
    })
    .from(billableItems)
    .where(and(eq(billableItems.id, itemId), dueWarning(now)))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** Marks the warning of the item's current suspension as sent (in the transaction that writes the mail). */
export async function markTerminationWarned(tx: DbOrTx, itemId: number, now: Date) {
  await tx.update(billableItems).set({ terminationWarnedAt: now }).where(eq(billableItems.id, itemId));
}
