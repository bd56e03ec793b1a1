import { z } from 'zod';
import { type Micros, moneyStringSchema, toMicros } from './money';
import { PAYMENT_MAX, PAYMENT_MIN } from './pricing';

/** Top-ups through payment gateways (platform.md §3 Payment, §4 Payment statuses, §5, §7, §8). */

export const gatewayNames = ['paypal', 'stripe', 'cryptomus', 'btcpay', 'sandbox'] as const;
export const gatewayNameSchema = z.enum(gatewayNames);
export type GatewayName = z.infer<typeof gatewayNameSchema>;

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
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

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

/** Digits of the whole dollars of a typed amount, leading zeros aside ("0099.50" has 2). */
const wholeDigits = (amount: string) => (amount.split('.')[0] ?? '').replace(/^0+/, '').length;
/** Beyond 7 whole digits an amount is far above the maximum; up to 7 the maximum itself decides. */
const PAYMENT_MAX_WHOLE_DIGITS = 7;

/** Amount a customer types: dollars with up to 2 decimals, from 2 to under 1,000,000. */
export const paymentAmountSchema = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined ? 'validation.payment.amountRequired' : 'validation.money.invalid',
  })
  // A decimal comma ("25,50") is accepted too: most of the panel's languages write it.
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/^(\d+),(\d{1,2})$/, '$1.$2')))
  .pipe(
    z
      .string()
      .min(1, 'validation.payment.amountRequired')
      .regex(/^\d+(\.\d{1,2})?$/, { message: 'validation.money.invalid', abort: true })
      // A well-formed amount with more digits than the maximum is too large, not malformed.
      .refine((v) => wholeDigits(v) <= PAYMENT_MAX_WHOLE_DIGITS, 'validation.payment.tooLarge')
      .transform((v): Micros => toMicros(v))
      .refine((m) => m >= PAYMENT_MIN, 'validation.payment.tooSmall')
      .refine((m) => m < PAYMENT_MAX, 'validation.payment.tooLarge'),
  );

export const autoRechargeChoiceSchema = z.object({
  amount: moneyStringSchema,
  minimumCreditThreshold: moneyStringSchema,
});

/** POST /payments */
export const createPaymentRequestSchema = z.object({
  credit: paymentAmountSchema,
  gateway: gatewayNameSchema,
  googleSessionId: z.string().max(200).optional(),
  enableAutoRecharge: z.boolean().default(false),
  autoRecharge: autoRechargeChoiceSchema.optional(),
  analyticsIds: z.record(z.string().max(50), z.string().max(200)).optional(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

/** Where to send the payer: redirect to `url` when `postData` is null, otherwise post a form there. */
export const checkoutSchema = z.object({
  paymentId: z.number().int(),
  url: z.string(),
  postData: z.record(z.string(), z.string()).nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  paymentGateway: gatewayNameSchema,
  createdAt: z.string(),
  status: paymentStatusSchema,
  overallStatus: z.enum(overallPaymentStatuses),
  /** What the payer was asked for: credit plus fee. */
  price: moneyStringSchema,
  credit: moneyStringSchema,
  fee: moneyStringSchema,
  /** What the gateway reports received; null until it reports. */
  totalCaptureAmount: moneyStringSchema.nullable(),
  /** Credit this payment has added to the balance. */
  creditedAmount: moneyStringSchema,
  additionalData: z.object({ trackingId: z.string().nullable() }),
  description: z.string(),
  isAutoRecharge: z.boolean(),
  /** Token of the receipt page; only for downloadable statuses. */
  printToken: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENTS_PAGE_SIZE = 10;
export const paymentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAYMENTS_PAGE_SIZE),
});
export const paymentListSchema = z.object({
  payments: z.array(paymentSchema),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  page: z.number().int().positive(),
});

/** GET /payments/print: the receipt. */
export const paymentReceiptSchema = z.object({
  payment: paymentSchema,
  customer: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }),
  pdfUrl: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

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
