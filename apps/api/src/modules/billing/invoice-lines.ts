import type { BillingCycle, Micros } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type billableItems, invoiceItems, invoices } from './billing.tables';
import { type LedgerPostResult, postLedgerEntry } from './ledger';

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

/**
 * Money given back for a service (unused days on deletion, the charge of a failed creation): a ledger
 * entry tied to the month's invoice and a negative line on it, so the refund reads in Transactions, on
 * the invoice and on the instance's billing tab. Keyed like any ledger entry: a second call changes nothing.
 */
export async function creditService(
  tx: DbOrTx,
  item: typeof billableItems.$inferSelect,
  credit: { amount: Micros; idempotencyKey: string; description: string; at: Date },
): Promise<LedgerPostResult> {
  const invoiceId = await ensureInvoice(tx, item.customerId, credit.at);
  const posted = await postLedgerEntry(tx, {
    customerId: item.customerId,
    kind: 'refund',
    amount: credit.amount,
    idempotencyKey: credit.idempotencyKey,
    description: credit.description,
    billableItemId: item.id,
    invoiceId,
  });
  if (!posted.applied) return posted;
  await tx.insert(invoiceItems).values({
    invoiceId,
    customerId: item.customerId,
    billableItemId: item.id,
    instanceId: item.instanceId,
    category: item.resourceType,
    type: 'credit',
    billingCycle: item.billingCycle,
    reason: 'terminated',
    description: item.description,
    subDescription: item.subDescription,
    usage: 0,
    subtotal: -credit.amount,
    startTimestamp: credit.at,
    endTimestamp: item.cycleEnd && item.cycleEnd > credit.at ? item.cycleEnd : credit.at,
    closed: false,
  });
  return posted;
}

/**
 * Transfer beyond a cycle's allowance (instances.md §9) as a line of its own on the month's invoice, whose
 * total is the sum of its lines; the ledger entry is the caller's, keyed by the cycle.
 */
export async function addOverageLine(
  tx: DbOrTx,
  line: {
    invoiceId: number;
    customerId: number;
    billableItemId: number;
    instanceId: number;
    billingCycle: BillingCycle;
    description: string;
    subDescription: string;
    hundredthsOfGib: number;
    amount: Micros;
    start: Date;
    end: Date;
  },
): Promise<void> {
  await tx.insert(invoiceItems).values({
    invoiceId: line.invoiceId,
    customerId: line.customerId,
    billableItemId: line.billableItemId,
    instanceId: line.instanceId,
    category: 'bandwidth',
    type: 'overage',
    billingCycle: line.billingCycle,
    reason: 'bandwidth-overage',
    description: line.description,
    subDescription: line.subDescription,
    usage: line.hundredthsOfGib,
    subtotal: line.amount,
    startTimestamp: line.start,
    endTimestamp: line.end,
    closed: true,
  });
}
