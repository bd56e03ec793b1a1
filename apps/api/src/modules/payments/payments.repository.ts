import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from './payments.tables';

/** The payments rows other code reads and writes: checkouts, automatic top-ups and their requests. */

export type Payment = typeof payments.$inferSelect;

/** Writes a NEW payment: a checkout or an automatic top-up. */
export async function createPayment(
  tx: DbOrTx,
  values: typeof payments.$inferInsert,
): Promise<Payment | null> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row ?? null;
}

/** The customer's automatic top-up not yet finished (NEW or PENDING); a unique index allows one. */
export async function autoRechargeInFlight(tx: DbOrTx, customerId: number): Promise<Payment | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.customerId, customerId),
        eq(payments.isAutoRecharge, true),
        inArray(payments.status, ['NEW', 'PENDING']),
      ),
    );
  return row ?? null;
}

/** Whether an automatic top-up of the customer was paid in the last hour (at most one an hour). */
export async function autoRechargePaidWithinHour(tx: DbOrTx, customerId: number): Promise<boolean> {
  const [recent] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.customerId, customerId),
        eq(payments.isAutoRecharge, true),
        inArray(payments.status, ['PAID', 'OVERPAID', 'UNDERPAID']),
        gt(payments.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/** The auto-recharge choice a card-saving checkout carried has been acted on: it is cleared. */
export async function clearAutoRechargeRequest(tx: DbOrTx, paymentId: number) {
  await tx.update(payments).set({ autoRechargeRequest: null }).where(eq(payments.id, paymentId));
}
