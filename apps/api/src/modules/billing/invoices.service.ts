import {
  billingErrorCodes,
  fromMicros,
  type Invoice,
  type InvoiceDetails,
  type InvoiceItem,
  type InvoiceList,
  type invoiceItemListSchema,
  type invoiceItemsQuerySchema,
  type invoiceListQuerySchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { MAX_SERIAL_ID, pageOf, rangeOfFilter } from './billing-lists';
import {
  findInvoice,
  findInvoiceCustomer,
  type InvoiceItemRow,
  type InvoiceWithTotals,
  itemsOfInvoice,
  listInvoiceItems,
  listInvoices,
} from './invoices.repository';
import type { PrintTokens } from './print-token';

/**
 * Amounts of invoices and their lines: hourly prices have 4 decimals, so lines are shown exact to 4;
 * the rounded forms are what the customer pays, to the cent.
 */
const LINE_DECIMALS = 4;

export function toInvoice(row: InvoiceWithTotals): Invoice {
  return {
    id: row.id,
    interval: { start: row.periodStart.toISOString(), end: row.periodEnd.toISOString() },
    status: row.status,
    amount: fromMicros(row.amount, LINE_DECIMALS),
    roundedAmount: fromMicros(row.amount, 2),
    itemCount: row.itemCount,
  };
}

export function toInvoiceItem(row: InvoiceItemRow): InvoiceItem {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    instanceId: row.instanceId,
    category: row.category,
    type: row.type,
    billingCycle: row.billingCycle,
    reason: row.reason,
    description: row.description,
    subDescription: row.subDescription,
    usage: row.usage,
    subtotal: fromMicros(row.subtotal, LINE_DECIMALS),
    roundedSubtotal: fromMicros(row.subtotal, 2),
    startTimestamp: row.startTimestamp.toISOString(),
    endTimestamp: row.endTimestamp?.toISOString() ?? null,
    closed: row.closed,
  };
}

/** Invoices, their lines and the printable invoice (platform.md §3, §7; instances.md §3). */
export function createInvoicesService(deps: { db: Database; printTokens: PrintTokens }) {
  const { db, printTokens } = deps;

  async function details(customerId: number, invoiceId: number): Promise<InvoiceDetails | null> {
    if (invoiceId > MAX_SERIAL_ID) return null;
    const invoice = await findInvoice(db, customerId, invoiceId);
    if (!invoice) return null;
    const [items, customer, printToken] = await Promise.all([
      itemsOfInvoice(db, invoice.id),
      findInvoiceCustomer(db, customerId),
      printTokens.sign('invoice', invoice.id, customerId),
    ]);
    if (!customer) return null;
    return { ...toInvoice(invoice), items: items.map(toInvoiceItem), customer, printToken };
  }

  return {
    async list(
      customerId: number,
      query: z.output<typeof invoiceListQuerySchema>,
      now = new Date(),
    ): Promise<InvoiceList> {
      const { rows, total } = await listInvoices(db, customerId, {
        status: query.status,
        range: rangeOfFilter(query, now),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { invoices: rows.map(toInvoice), ...pageOf(total, query.page, query.pageSize) };
    },

    /** One of the customer's invoices; another customer's is as absent as a missing one. */
    async details(customerId: number, invoiceId: number): Promise<InvoiceDetails> {
      const found = await details(customerId, invoiceId);
      if (!found) throw notFound('Invoice not found.');
      return found;
    },

    /** The printable invoice a print token opens, without signing in. */
    async printable(token: string): Promise<InvoiceDetails> {
      const claims = await printTokens.verify('invoice', token);
      const found = claims && (await details(claims.customerId, claims.id));
      if (!found) {
        throw badRequest(billingErrorCodes.invalidPrintToken, 'This link is invalid or has expired.');
      }
      return found;
    },

    async items(
      customerId: number,
      query: z.output<typeof invoiceItemsQuerySchema>,
    ): Promise<z.infer<typeof invoiceItemListSchema>> {
      const paging = pageOf(0, query.page, query.size);
      if (query.instanceId !== undefined && query.instanceId > MAX_SERIAL_ID) return { items: [], ...paging };
      const { rows, total } = await listInvoiceItems(db, customerId, {
        instanceId: query.instanceId,
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      return { items: rows.map(toInvoiceItem), ...pageOf(total, query.page, query.size) };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
