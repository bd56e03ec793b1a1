import { z } from 'zod';
import { moneyStringSchema } from './money';
import { type Micros, toMicros } from './money-rules';
import { gatewayNames, overallPaymentStatuses, PAYMENTS_PAGE_SIZE, paymentStatuses } from './payments-rules';
import { PAYMENT_MAX, PAYMENT_MIN } from './pricing';

/**
 * Top-ups through payment gateways (platform.md §3 Payment, §4 Payment statuses, §5, §7, §8).
 * Gateways, statuses, their transitions and error codes are in payments-rules.ts.
 */

export const gatewayNameSchema = z.enum(gatewayNames);
export type GatewayName = z.infer<typeof gatewayNameSchema>;

export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

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
