import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { readPaymentPrintSearch, readPaymentResultSearch } from '../features/payments/search';
import { guard } from './guard';
import { alert, type Loader, lazyPage, type PageOptions, page, rootRoute, signedIn } from './route-builders';

/** A page route whose query string is validated by `search` (the `page` builder has none). */
function searchPage(
  path: string,
  opts: PageOptions,
  search: (search: Record<string, unknown>) => object,
  load: Loader,
  exportName: string,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { auth: opts.auth, layout: opts.layout, hideFooter: opts.hideFooter, title: opts.title },
    validateSearch: search,
    beforeLoad: guard(opts.auth),
    component: lazyPage(load, exportName),
  });
}

/** Top-ups, their result screens and receipt, and auto-recharge (payments area). */
const paymentsRoute = page(
  '/payments',
  signedIn('areas.payments'),
  () => import('../features/payments/PaymentsPage'),
  'PaymentsPage',
);
const resultRoute = (path: string, exportName: string) =>
  searchPage(
    path,
    alert('areas.payments', 'required'),
    readPaymentResultSearch,
    () => import('../features/payments/results/PaymentResultPages'),
    exportName,
  );
const paymentPrintRoute = searchPage(
  '/payments/print',
  { auth: 'any', layout: 'WithoutNavAndSidebar', hideFooter: true, title: 'areas.payments' },
  readPaymentPrintSearch,
  () => import('../features/payments/receipt/PaymentPrintPage'),
  'PaymentPrintPage',
);
const autoRechargeRoute = page(
  '/auto-recharge',
  signedIn('areas.autoRecharge'),
  () => import('../features/auto-recharge/AutoRechargePage'),
  'AutoRechargePage',
);

export const paymentRoutes: AnyRoute[] = [
  paymentsRoute,
  paymentPrintRoute,
  resultRoute('/paymentssuccess', 'PaymentSuccessPage'),
  resultRoute('/paymentsfail', 'PaymentFailPage'),
  resultRoute('/paymentsunderpaid', 'PaymentUnderpaidPage'),
  resultRoute('/paymentspending', 'PaymentPendingPage'),
  autoRechargeRoute,
];
