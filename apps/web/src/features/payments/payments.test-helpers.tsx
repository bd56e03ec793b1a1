import type { AutoRechargeInfo, BillingInfo, Payment, PaymentGateway } from '@nimbus/contract';
import type { AnyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { pageRoute, pageShown, renderRoutes, stubRoute, underTest } from '../../test/render';

export { fail, mockApi, ok } from '../../test/api';
export { onWideScreen as setWideScreen } from '../../test/screen-size';
export { testUser } from '../account/account.test-helpers';

/**
 * Replaces `window.location` for one test so leaving the panel (`assign`) can be observed; jsdom's own
 * `assign` cannot be spied on. The API client still finds the origin. test-setup.ts puts jsdom's back.
 */
export function stubLocationAssign() {
  const assign = vi.fn();
  const { origin, href } = window.location;
  Object.defineProperty(window, 'location', { configurable: true, value: { origin, href, assign } });
  return assign;
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

interface RenderOptions {
  /** The route the page is mounted on, as in the app. */
  path: string;
  /** The first URL, with any search. */
  url?: string;
  validateSearch?: AnyRoute['options']['validateSearch'];
}

/** The places payments pages link to, as stubs with a heading to land on. */
const stubs = [
  ['/dashboard', 'Dashboard stub'],
  ['/payments', 'Payments stub'],
  ['/transactions', 'Transactions stub'],
  ['/auto-recharge', 'Auto-recharge stub'],
  ['/support/new-ticket', 'New ticket stub'],
  ['/account/$tab', 'Account stub'],
] as const;

/**
 * Renders a payments or auto-recharge page the way the app does (router, query cache with the brand,
 * toasts, English texts), mounted on `path`.
 */
export function renderPage(page: ReactNode, { path, url = path, validateSearch }: RenderOptions) {
  return renderRoutes(
    url,
    (root: AnyRoute) => [
      pageRoute(root, path, underTest(page), validateSearch),
      ...stubs
        .filter(([stubPath]) => stubPath !== path)
        .map(([stubPath, text]) => stubRoute(root, stubPath, text)),
    ],
    { ready: pageShown },
  );
}
