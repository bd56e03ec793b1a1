import { createRoute } from '@tanstack/react-router';
import {
  readInvoicePrintSearch,
  readInvoicesSearch,
  readTransactionsSearch,
} from '../features/billing/search';
import { digitsOnly, guard } from './guard';
import { lazyPage, rootRoute } from './route-builders';

/** Invoices, invoice details, the printable invoice and transactions (billing area). */
const invoicesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invoices',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.invoices' },
  validateSearch: readInvoicesSearch,
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/billing/invoices/InvoicesPage'), 'InvoicesPage'),
});
const invoiceDetailsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invoices/$id',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.invoices' },
  beforeLoad: (ctx) => {
    guard('required')(ctx);
    digitsOnly(ctx.params);
  },
  component: lazyPage(() => import('../features/billing/invoices/InvoiceDetailsPage'), 'InvoiceDetailsPage'),
});
const invoicePrintRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invoices/print',
  staticData: { auth: 'any', layout: 'WithoutNavAndSidebar', hideFooter: true, title: 'areas.invoices' },
  validateSearch: readInvoicePrintSearch,
  beforeLoad: guard('any'),
  component: lazyPage(() => import('../features/billing/invoices/InvoicePrintPage'), 'InvoicePrintPage'),
});
const transactionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/transactions',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.transactions' },
  validateSearch: readTransactionsSearch,
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/billing/transactions/TransactionsPage'), 'TransactionsPage'),
});

// A tuple, not AnyRoute[]: the route tree keeps each route's path and search types.
export const billingRoutes = [
  invoicesRoute,
  invoicePrintRoute,
  invoiceDetailsRoute,
  transactionsRoute,
] as const;
