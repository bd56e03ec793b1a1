import type { Micros } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type billableItems, invoiceItems, invoices } from './billing.tables';

/** The customer's invoice for the calendar month (UTC) containing `at`, created when missing. */
export async function ensureInvoice(tx: DbOrTx, customerId: number, at: Date): Promise<number> {
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  await tx
    .insert(invoices)
    .values({ customerId, periodStart: monthStart, periodEnd: monthEnd })
    .onConflictDoNothing({ target: [invoices.customerId, invoices.periodStart] });
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.periodStart, monthStart)));
  if (!row) throw new Error(`Invoice for customer ${customerId} could not be created`);
  return row.id;
}

/** The invoice line of one subscription cycle; unique per item and cycle, so a retry adds nothing. */
export async function addSubscriptionLine(
  tx: DbOrTx,
  item: typeof billableItems.$inferSelect,
  cycle: { start: Date; end: Date; amount: Micros; invoiceId: number },
): Promise<void> {
  await tx
    .insert(invoiceItems)
    .values({
      invoiceId: cycle.invoiceId,
      customerId: item.customerId,
      billableItemId: item.id,
      instanceId: item.instanceId,
      category: item.resourceType,
      type: 'subscription',
      billingCycle: item.billingCycle,
      reason: item.reason,
      description: item.description,
      subDescription: item.subDescription,
      usage: 1,
      subtotal: cycle.amount,
      cycleStart: cycle.start,
      startTimestamp: cycle.start,
      endTimestamp: cycle.end,
      closed: false,
    })
    .onConflictDoNothing({
      target: [invoiceItems.billableItemId, invoiceItems.cycleStart],
      where: sql`type = 'subscription'`,
    });
}
