import { z } from 'zod';
import {
  billableResourceTypes,
  INVOICE_ITEMS_PAGE_SIZE,
  INVOICES_PAGE_SIZE,
  intervalOptions,
  invoiceItemTypes,
  invoiceReasons,
  invoiceStatuses,
  isCalendarDay,
  isIntervalComplete,
  isIntervalOrdered,
  kycStatuses,
  TRANSACTIONS_PAGE_SIZE,
  transactionKinds,
  transactionStatuses,
  transactionTypes,
} from './billing-rules';
import { billingCycleSchema } from './catalogue';
import { idParamSchema } from './ids';
import { moneyStringSchema } from './money';
import { gatewayNameSchema } from './payments';

/**
 * Prepaid credit, invoices and transactions (platform.md §3, instances.md §3). Money is a decimal string.
 * The lists, page sizes and rules these schemas use are in billing-rules.ts.
 */

export const kycStatusSchema = z.enum(kycStatuses);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** GET /profile/billing-info */
export const billingInfoSchema = z.object({
  id: z.number().int(),
  balance: moneyStringSchema,
  /**
   * When services are (or will be) suspended for credit: the moment the account was suspended by
   * billing, otherwise when the balance runs out at the current usage; null without usage.
   */
  suspendTimestamp: z.string().nullable(),
  /** Current hourly burn of hourly items, 4 decimals. */
  usageRate: moneyStringSchema,
  spentThisMonth: moneyStringSchema,
  kycStatus: kycStatusSchema,
  isSuspendedByBilling: z.boolean(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

// ---- date filter (platform.md §2 "Filter dropdown", §5) ----

export const intervalOptionSchema = z.enum(intervalOptions);
export type IntervalOption = z.infer<typeof intervalOptionSchema>;
/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date.invalid')
  .refine(isCalendarDay, 'validation.date.invalid');

/** Interval filter of list calls: a preset, or a custom range of whole UTC days (to not before from). */
export const intervalFilterSchema = z
  .object({
    interval: intervalOptionSchema.default('all'),
    from: day.optional(),
    to: day.optional(),
  })
  .refine(isIntervalComplete, {
    message: 'validation.date.rangeRequired',
    path: ['from'],
  })
  .refine(isIntervalOrdered, {
    message: 'validation.date.toBeforeFrom',
    path: ['to'],
  });
export type IntervalFilter = z.input<typeof intervalFilterSchema>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

// ---- invoices ----

export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** One invoice per customer per calendar month (UTC): open during the month, closed after it. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  interval: z.object({ start: z.string(), end: z.string() }),
  status: invoiceStatusSchema,
  amount: moneyStringSchema,
  /** amount to 2 decimals */
  roundedAmount: moneyStringSchema,
  itemCount: z.number().int().nonnegative(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z
  .object({
    status: invoiceStatusSchema.optional(),
    page,
    pageSize: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_SIZE),
  })
  .and(intervalFilterSchema);
export const invoiceListSchema = z.object({
  invoices: z.array(invoiceSchema),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  page: z.number().int().positive(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const billableResourceTypeSchema = z.enum(billableResourceTypes);
export type BillableResourceType = z.infer<typeof billableResourceTypeSchema>;

export const invoiceReasonSchema = z.enum(invoiceReasons);
export type InvoiceReason = z.infer<typeof invoiceReasonSchema>;

export const invoiceItemSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  instanceId: z.number().int().nullable(),
  category: billableResourceTypeSchema,
  type: z.enum(invoiceItemTypes),
  billingCycle: billingCycleSchema,
  reason: invoiceReasonSchema,
  description: z.string(),
  subDescription: z.string(),
  /** Hours billed for hourly items, cycles for subscriptions. */
  usage: z.number().nonnegative(),
  subtotal: moneyStringSchema,
  roundedSubtotal: moneyStringSchema,
  startTimestamp: z.string(),
  endTimestamp: z.string().nullable(),
  closed: z.boolean(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceDetailsSchema = invoiceSchema.extend({
  items: z.array(invoiceItemSchema),
  customer: z.object({
    id: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    country: z.string().nullable(),
  }),
  /** Signed, expiring token for the printable page. */
  printToken: z.string(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

export const invoiceItemsQuerySchema = z.object({
  instanceId: idParamSchema.optional(),
  page,
  size: z.coerce.number().int().min(1).max(100).default(INVOICE_ITEMS_PAGE_SIZE),
});
export const invoiceItemListSchema = z.object({
  items: z.array(invoiceItemSchema),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  page: z.number().int().positive(),
});

export const printQuerySchema = z.object({ token: z.string().min(10).max(2000) });

// ---- transactions ----

export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** A movement of credit as the customer reads it: see `transactionKinds` (billing-rules.ts). */
export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(transactionTypes),
  /** What moved the credit; with `gateway`, `note` and `period` the panel words it in the customer's language. */
  kind: z.enum(transactionKinds),
  referenceId: z.number().int(),
  /** English wording of the same, for API clients. */
  description: z.string(),
  gateway: gatewayNameSchema.nullable(),
  /** The operator's reason, for adjustments. */
  note: z.string().nullable(),
  /** The invoice's month, YYYY-MM (UTC), for invoices. */
  period: z.string().nullable(),
  /** The instance a refund or charge concerns, when it concerns one. */
  hostname: z.string().nullable(),
  /** An open invoice: its running total so far; its date is the month's start. Otherwise the entry's time. */
  timestamp: z.string(),
  /** What the row shows: a pending or failed payment shows the amount asked for. */
  value: moneyStringSchema,
  /**
   * What the row moved on the balance, exact (6 decimals): the sum over all of a customer's rows is the
   * balance. Zero for a payment still pending or failed.
   */
  balanceChange: moneyStringSchema,
  status: transactionStatusSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z
  .object({
    status: transactionStatusSchema.optional(),
    type: z.enum(transactionTypes).optional(),
    page,
    pageSize: z.coerce.number().int().min(1).max(100).default(TRANSACTIONS_PAGE_SIZE),
  })
  .and(intervalFilterSchema);
export const transactionListSchema = z.object({
  transactions: z.array(transactionSchema),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  page: z.number().int().positive(),
});

// ---- credit check (instances.md §8, the 460 answer) ----

export const insufficientBalanceSchema = z.object({
  customerBalance: moneyStringSchema,
  minimumRequiredBalance: moneyStringSchema,
  numberOfDaysBalanceValidatedAgainst: z.number().int().nonnegative(),
  paygInstancesCount: z.number().int().nonnegative(),
  paygInstancesPriceSum: moneyStringSchema,
  snapshotCount: z.number().int().nonnegative(),
  snapshotPriceSum: moneyStringSchema,
});
export type InsufficientBalance = z.infer<typeof insufficientBalanceSchema>;
