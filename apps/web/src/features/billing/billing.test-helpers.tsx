import type { Invoice, InvoiceDetails, InvoiceItem, Transaction } from '@nimbus/contract';
import type { AnyRoute } from '@tanstack/react-router';
import { headingShown, pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { InvoiceDetailsPage } from './invoices/InvoiceDetailsPage';
import { InvoicePrintPage } from './invoices/InvoicePrintPage';
import { InvoicesPage } from './invoices/InvoicesPage';
import { readInvoicePrintSearch, readInvoicesSearch, readTransactionsSearch } from './search';
import { TransactionsPage } from './transactions/TransactionsPage';

export { fail, mockApi, ok, type SeenRequest } from '../../test/api';
export { onSmallScreen } from '../../test/screen-size';

/**
 * Opens `url` in a router holding the billing pages as the app declares them (ids, search schemas),
 * stubs to land on, and `extra` routes of the test's own.
 */
export function renderBilling(url: string, extra: (root: AnyRoute) => AnyRoute[] = () => []) {
  return renderRoutes(
    url,
    (root) => [
      pageRoute(root, '/invoices', InvoicesPage, readInvoicesSearch),
      pageRoute(root, '/invoices/print', InvoicePrintPage, readInvoicePrintSearch),
      pageRoute(root, '/invoices/$id', InvoiceDetailsPage),
      pageRoute(root, '/transactions', TransactionsPage, readTransactionsSearch),
      stubRoute(root, '/payments', 'Payments page'),
      stubRoute(root, '/404', 'Not found page'),
      ...extra(root),
    ],
    { ready: headingShown },
  );
}

export const invoice = (id: number, overrides: Partial<Invoice> = {}): Invoice => ({
  id,
  interval: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
  status: 'closed',
  amount: '12.345678',
  roundedAmount: '12.35',
  itemCount: 1,
  ...overrides,
});

export const invoiceList = (invoices: Invoice[], page = 1, totalCount = invoices.length, pageSize = 25) => ({
  invoices,
  totalCount,
  totalPages: Math.ceil(totalCount / pageSize),
  pageSize,
  page,
});

export const invoiceItem = (id: number, overrides: Partial<InvoiceItem> = {}): InvoiceItem => ({
  id,
  invoiceId: 7,
  instanceId: 3,
  category: 'instance',
  type: 'hourly',
  billingCycle: 'hourly',
  reason: 'created',
  description: 'web-1 (Standard 2 GB)',
  subDescription: 'Frankfurt',
  usage: 720,
  subtotal: '1234.5',
  roundedSubtotal: '1234.50',
  startTimestamp: '2026-11-01T00:00:00.000Z',
  endTimestamp: '2026-12-01T00:00:00.000Z',
  closed: true,
  ...overrides,
});

export const invoiceDetails = (overrides: Partial<InvoiceDetails> = {}): InvoiceDetails => ({
  ...invoice(7, { status: 'open', amount: '1240.75', roundedAmount: '1240.75', itemCount: 2 }),
  items: [
    invoiceItem(1),
    invoiceItem(2, {
      type: 'subscription',
      billingCycle: 'monthly',
      category: 'ipv4',
      reason: 'renewed',
      description: 'IPv4 address',
      subDescription: '',
      usage: 1,
      subtotal: '6.25',
      roundedSubtotal: '6.25',
      endTimestamp: null,
      startTimestamp: '2026-11-05T10:00:00.000Z',
      closed: false,
    }),
  ],
  customer: { id: 42, fullname: 'Ada Lovelace', email: 'ada@example.com', country: 'United Kingdom' },
  printToken: 'signed.print.token',
  ...overrides,
});

export const transaction = (id: number, overrides: Partial<Transaction> = {}): Transaction => ({
  id: `payment-${id}`,
  type: 'payment',
  kind: 'adjustment',
  referenceId: id,
  description: `Credit adjustment: Payment #${id}`,
  gateway: null,
  note: `Payment #${id}`,
  period: null,
  hostname: null,
  timestamp: '2026-11-03T09:30:00.000Z',
  value: '60.00',
  balanceChange: '60.000000',
  status: 'completed',
  ...overrides,
});

export const transactionList = (transactions: Transaction[], page = 1, totalCount = transactions.length) => ({
  transactions,
  totalCount,
  totalPages: Math.ceil(totalCount / 10),
  pageSize: 10,
  page,
});

export const billingInfo = {
  id: 5,
  balance: '1234.5',
  suspendTimestamp: null,
  usageRate: '0',
  spentThisMonth: '42.1',
  kycStatus: 'none',
  isSuspendedByBilling: false,
} as const;
