import type { AutoRechargeInfo, BillingInfo, Payment, PaymentGateway } from '@nimbus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { brandingKeys } from '../../api/branding';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { initI18n } from '../../i18n';
import { testBranding } from '../auth/test-utils';

export { fail, mockApi, ok, testUser } from '../account/test-utils';

const realLocation = Object.getOwnPropertyDescriptor(window, 'location');

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'matchMedia');
  if (realLocation) Object.defineProperty(window, 'location', realLocation);
});

/**
 * Replaces `window.location` for one test so leaving the panel (`assign`) can be observed; jsdom's own
 * `assign` cannot be spied on. The API client still finds the origin.
 */
export function stubLocationAssign() {
  const assign = vi.fn();
  const { origin, href } = window.location;
  Object.defineProperty(window, 'location', { configurable: true, value: { origin, href, assign } });
  return assign;
}

/** Medium and larger screens (table) instead of jsdom's default small ones (cards). */
export function setWideScreen() {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

export const gateway = (name: string, id: number, feePercent = '0', displayName = name): PaymentGateway => ({
  id,
  name,
  displayName,
  feePercent,
  logoURL: `/catalogue/gateways/${name}.svg`,
});
export const paypal = gateway('paypal', 1, '0.03', 'PayPal');
export const stripe = gateway('stripe', 2, '0.029', 'Credit or debit card');
export const cryptomus = gateway('cryptomus', 3, '0.01', 'Cryptomus');
export const allGateways = [stripe, paypal, cryptomus];

export const billingInfo: BillingInfo = {
  id: 7,
  balance: '12.50',
  suspendTimestamp: null,
  usageRate: '0.0100',
  spentThisMonth: '3.20',
  kycStatus: 'none',
  isSuspendedByBilling: false,
};

export const inactiveAutoRecharge: AutoRechargeInfo = {
  isActive: false,
  amount: null,
  minimumCreditThreshold: null,
  gatewayId: null,
  gateways: [],
  amountOptions: ['10.00', '20.00', '30.00'],
  thresholdOptions: ['5.00', '10.00', '15.00'],
  usageRate: '0.0100',
};

let paymentId = 100;
export function payment(overrides: Partial<Payment> = {}): Payment {
  paymentId += 1;
  return {
    id: paymentId,
    paymentGateway: 'paypal',
    createdAt: '2026-01-10T12:00:00.000Z',
    status: 'PAID',
    overallStatus: 'success',
    price: '61.80',
    credit: '60.00',
    fee: '1.80',
    totalCaptureAmount: '61.80',
    creditedAmount: '60.00',
    additionalData: { trackingId: `TRK-${paymentId}` },
    description: 'Credit top-up',
    isAutoRecharge: false,
    printToken: `token-${paymentId}`,
    ...overrides,
  };
}

export const paymentList = (payments: Payment[], page = 1, totalPages = 1) => ({
  payments,
  totalCount: payments.length,
  totalPages,
  pageSize: 10,
  page,
});

let i18nReady: ReturnType<typeof initI18n> | null = null;

interface RenderOptions {
  /** The route the page is mounted on, as in the app. */
  path: string;
  /** The first URL, with any search. */
  url?: string;
  validateSearch?: (search: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Renders a payments or auto-recharge page the way the app does (router, query cache with the brand,
 * toasts, English texts). The places it links to are stubs with a heading to land on.
 */
export async function renderPage(page: ReactNode, { path, url, validateSearch }: RenderOptions) {
  i18nReady ??= initI18n();
  await i18nReady;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(brandingKeys.all, testBranding);
  const rootRoute = createRootRoute({ component: Outlet });
  const stub = (stubPath: string, text: string) =>
    createRoute({ getParentRoute: () => rootRoute, path: stubPath, component: () => <h1>{text}</h1> });
  const stubs = [
    ['/dashboard', 'Dashboard stub'],
    ['/payments', 'Payments stub'],
    ['/transactions', 'Transactions stub'],
    ['/auto-recharge', 'Auto-recharge stub'],
    ['/support/new-ticket', 'New ticket stub'],
    ['/account/$tab', 'Account stub'],
  ].filter(([p]) => p !== path);
  const routeTree = rootRoute.addChildren([
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      validateSearch,
      component: () => <div data-testid="page-under-test">{page}</div>,
    }),
    ...stubs.map(([p, text]) => stub(p as string, text as string)),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url ?? path] }) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByTestId('page-under-test');
  return { queryClient, router, view };
}
