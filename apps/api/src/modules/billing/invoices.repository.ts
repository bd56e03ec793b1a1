import type { InvoiceStatus } from '@nimbus/contract';
import { and, asc, count, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findCustomerById } from '../auth/customers';
import { invoiceItems, invoices } from './billing.tables';
import type { TimeRange } from './billing-lists';

/** Reads of invoices and their items, always scoped to one customer. */

export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type InvoiceWithTotals = typeof invoices.$inferSelect & { amount: number; itemCount: number };

/** An invoice with what its items add up to (an invoice's amount is the sum of its lines). */
const withTotals = (db: DbOrTx) =>
  db
    .select({
      invoice: invoices,
      // sum(bigint) is numeric, read as a string; micros sums stay far below 2^53.
      amount: sql<number>`coalesce(sum(${invoiceItems.subtotal}), 0)`.mapWith(Number),
      itemCount: count(invoiceItems.id),
    })
    .from(invoices)
    .leftJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id));

const flatten = (r: { invoice: typeof invoices.$inferSelect; amount: number; itemCount: number }) => ({
  ...r.invoice,
  amount: r.amount,
  itemCount: r.itemCount,
});

export interface InvoiceListFilter {
  status?: InvoiceStatus;
  /** Invoices whose period overlaps it. */
  range: TimeRange | null;
  limit: number;
  offset: number;
}

export async function listInvoices(
  db: DbOrTx,
  customerId: number,
  filter: InvoiceListFilter,
): Promise<{ rows: InvoiceWithTotals[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(invoices.customerId, customerId)];
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.range) {
    conditions.push(lt(invoices.periodStart, filter.range.end), gt(invoices.periodEnd, filter.range.start));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    withTotals(db)
      .where(where)
      .groupBy(invoices.id)
      .orderBy(desc(invoices.periodStart), desc(invoices.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { rows: rows.map(flatten), total: counted?.total ?? 0 };
}

export async function findInvoice(
  db: DbOrTx,
  customerId: number,
  id: number,
): Promise<InvoiceWithTotals | null> {
  const [row] = await withTotals(db)
    .where(and(eq(invoices.id, id), eq(invoices.customerId, customerId)))
    .groupBy(invoices.id);
  return row ? flatten(row) : null;
}

export const itemsOfInvoice = (db: DbOrTx, invoiceId: number): Promise<InvoiceItemRow[]> =>
  db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.startTimestamp), asc(invoiceItems.id));

export async function listInvoiceItems(
  db: DbOrTx,
  customerId: number,
  filter: { instanceId?: number; limit: number; offset: number },
): Promise<{ rows: InvoiceItemRow[]; total: number }> {
  const where = and(
    eq(invoiceItems.customerId, customerId),
    filter.instanceId === undefined ? undefined : eq(invoiceItems.instanceId, filter.instanceId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(invoiceItems)
      .where(where)
      .orderBy(desc(invoiceItems.startTimestamp), desc(invoiceItems.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(invoiceItems).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Who an invoice is addressed to. */
export async function findInvoiceCustomer(db: DbOrTx, customerId: number) {
  const row = await findCustomerById(db, customerId);
  return row && { id: row.id, fullname: row.fullname, email: row.email, country: row.country };
}
