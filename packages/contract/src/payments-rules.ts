// The zod-free part of payments.ts (zod-free.test.ts): the panel loads it without zod.

import type { GatewayName, PaymentStatus } from './payments';

export const gatewayNames = ['paypal', 'stripe', 'cryptomus', 'btcpay', 'sandbox'] as const;

/** Gateways by their own names, as a customer knows them from the checkout page (trademarks, not translated). */
export const gatewayBrands: Record<GatewayName, string> = {
  paypal: 'PayPal',
  stripe: 'Stripe',
  cryptomus: 'Cryptomus',
  btcpay: 'BTCPay',
  sandbox: 'Sandbox',
};

/** Gateways paid in cryptocurrency: they need an approved KYC, and confirmation may take up to 72 hours. */
export const cryptoGateways: readonly GatewayName[] = ['cryptomus', 'btcpay'];
/** Gateways that can save a card and charge it off-session, so they offer auto-recharge. */
export const cardGateways: readonly GatewayName[] = ['stripe', 'sandbox'];

export const paymentStatuses = [
  'NEW',
  'PENDING',
  'PAID',
  'REJECTED',
  'UNDERPAID',
  'OVERPAID',
  'DISPUTE_SUBMITTED',
  'DISPUTE_WON',
  'DISPUTE_LOST',
  'REFUNDED',
] as const;

/**
 * Allowed moves between statuses. Gateways deliver events late, twice and out of order: an event
 * whose move is not listed is recorded and ignored. A rejected payment can still be paid late
 * (crypto that confirms after expiry), so money received is never dropped.
 */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  NEW: ['PENDING', 'PAID', 'REJECTED', 'UNDERPAID', 'OVERPAID'],
  PENDING: ['PAID', 'REJECTED', 'UNDERPAID', 'OVERPAID'],
  UNDERPAID: ['UNDERPAID', 'PAID', 'OVERPAID', 'REFUNDED', 'DISPUTE_SUBMITTED'],
  PAID: ['OVERPAID', 'REFUNDED', 'DISPUTE_SUBMITTED'],
  OVERPAID: ['OVERPAID', 'REFUNDED', 'DISPUTE_SUBMITTED'],
  REJECTED: ['PAID', 'UNDERPAID', 'OVERPAID'],
  DISPUTE_SUBMITTED: ['DISPUTE_WON', 'DISPUTE_LOST'],
  DISPUTE_WON: ['DISPUTE_SUBMITTED', 'REFUNDED'],
  DISPUTE_LOST: [],
  REFUNDED: [],
};
export const canMovePayment = (from: PaymentStatus, to: PaymentStatus) =>
  paymentTransitions[from].includes(to);

/** Statuses whose received amount is the customer's credit. A dispute keeps it until it is lost. */
const CREDITED: readonly PaymentStatus[] = [
  'PAID',
  'UNDERPAID',
  'OVERPAID',
  'DISPUTE_SUBMITTED',
  'DISPUTE_WON',
];
export const isCreditedStatus = (s: PaymentStatus) => CREDITED.includes(s);

/** Statuses with a receipt (platform.md §4). */
export const downloadablePaymentStatuses: readonly PaymentStatus[] = [
  'PAID',
  'OVERPAID',
  'UNDERPAID',
  'REFUNDED',
];

export const overallPaymentStatuses = ['pending', 'success', 'partial', 'failed', 'reversed'] as const;
export type OverallPaymentStatus = (typeof overallPaymentStatuses)[number];
export function overallStatusOf(s: PaymentStatus): OverallPaymentStatus {
  if (s === 'PAID' || s === 'OVERPAID' || s === 'DISPUTE_WON') return 'success';
  if (s === 'UNDERPAID') return 'partial';
  if (s === 'REJECTED') return 'failed';
  if (s === 'REFUNDED' || s === 'DISPUTE_LOST') return 'reversed';
  return 'pending';
}

export const PAYMENTS_PAGE_SIZE = 10;

export const paymentErrorCodes = {
  reachedPaymentLimit: 'REACHED_PAYMENT_LIMIT',
  kycRequired: 'KYC_REQUIRED_FOR_PAYMENT',
  gatewayUnavailable: 'GATEWAY_NOT_AVAILABLE',
  gatewayError: 'GATEWAY_ERROR',
  invalidSignature: 'INVALID_WEBHOOK_SIGNATURE',
  autoRechargeNotSupported: 'AUTO_RECHARGE_NOT_SUPPORTED',
} as const;

/** The spec's wording for REACHED_PAYMENT_LIMIT (platform.md §8). */
export const REACHED_PAYMENT_LIMIT_MESSAGE = 'You exceeded maximum payment attempts. Please try again later.';
