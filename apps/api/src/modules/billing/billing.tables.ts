import type {
  BillableResourceType,
  BillingCycle,
  InvoiceItemType,
  InvoiceReason,
  InvoiceStatus,
  KycStatus,
} from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

const money = () => bigint({ mode: 'number' });
const at = () => timestamp({ withTimezone: true });

/**
 * A customer's credit: the cached balance of the ledger, changed only together with a ledger entry
 * and under this row's lock.
 */
export const creditAccounts = pgTable('credit_accounts', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  balance: money().notNull().default(0),
  kycStatus: text().$type<KycStatus>().notNull().default('none'),
  /** When the account was suspended by billing (negative credit); null otherwise. */
  suspendedByBillingAt: at(),
  updatedAt: at().notNull().defaultNow(),
});

export type LedgerEntryKind =
  | 'top_up'
  | 'auto_recharge'
  | 'usage_charge'
  | 'subscription_charge'
  | 'refund'
  | 'dispute'
  | 'adjustment'
  | 'reversal';

/**
 * The append-only ledger: every change of credit. `idempotencyKey` is derived from the source
 * (`payment:<id>:<event>`, `usage:<item>:<hour>`, `cycle:<item>:<start>`, …), so applying the same
 * source twice is impossible. Entries are never updated or deleted (a trigger refuses it).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /**
     * The customer, checked once per statement instead of by a foreign key (migration 0012): the hourly
     * run writes 100,000 entries in one statement, and a foreign key would check each one on its own.
     */
    customerId: integer().notNull(),
    kind: text().$type<LedgerEntryKind>().notNull(),
    amount: money().notNull(),
    idempotencyKey: text().notNull(),
    description: text().notNull(),
    paymentId: integer(),
    billableItemId: integer(),
    invoiceId: integer(),
    /** The entry this one reverses, for corrections. */
    reversesEntryId: bigint({ mode: 'number' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key_unique').on(t.idempotencyKey),
    index('ledger_entries_customer_created_idx').on(t.customerId, t.createdAt),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_invoice_idx').on(t.invoiceId),
  ],
);

export type BillableItemStatus = 'active' | 'suspended' | 'ended' | 'terminated';

/**
 * Anything a customer pays for: an instance, an extra resource, an IPv4, DDoS protection, a backup, a
 * snapshot, bandwidth, a floating IP. Hourly items are billed per closed hour; the others per cycle.
 */
export const billableItems = pgTable(
  'billable_items',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    resourceType: text().$type<BillableResourceType>().notNull(),
    /** The billed thing in its own area (instance id, snapshot id, …). */
    resourceId: text().notNull(),
    /** The instance the item belongs to, for the instance's billing tab. */
    instanceId: integer(),
    description: text().notNull(),
    subDescription: text().notNull().default(''),
    billingCycle: text().$type<BillingCycle>().notNull(),
    /** Full monthly price; hourly items are charged monthly / oneMonthInHours per hour. */
    monthlyPrice: money().notNull(),
    /** Hourly items: the price of one hour (4 decimals). Cycle items: the price of one cycle. */
    unitPrice: money().notNull(),
    /** Percent with up to 2 decimals (12.5); not money. */
    discountPercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    autoRenew: boolean().notNull().default(true),
    status: text().$type<BillableItemStatus>().notNull().default('active'),
    reason: text().$type<InvoiceReason>().notNull().default('created'),
    startedAt: at().notNull(),
    endedAt: at(),
    /** Hourly: every hour that starts before this is billed. */
    billedUntil: at(),
    /** Cycle items: the current cycle. */
    cycleStart: at(),
    cycleEnd: at(),
    suspendedAt: at(),
    /**
     * When the mail warning of termination a day ahead was sent; it belongs to the current suspension
     * only while it is not older than `suspendedAt`, so a new suspension warns again.
     */
    terminationWarnedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('billable_items_customer_idx').on(t.customerId),
    // No index holds `billed_until`: the hourly run moves it on every item every hour, and an indexed
    // column would turn each of those heap-only updates into an update of every index (the run reads
    // all hourly items anyway, so no index served it).
    index('billable_items_cycle_due_idx')
      .on(t.cycleEnd)
      .where(sql`billing_cycle <> 'hourly' AND status IN ('active', 'suspended')`),
    index('billable_items_instance_idx').on(t.instanceId),
    // The few suspended items, swept every minute for termination warnings and hourly terminations.
    index('billable_items_suspended_idx').on(t.suspendedAt).where(sql`status = 'suspended'`),
    check('billable_items_prices_nonnegative', sql`monthly_price >= 0 AND unit_price >= 0`),
  ],
);

/** One invoice per customer per calendar month (UTC). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    periodStart: at().notNull(),
    periodEnd: at().notNull(),
    status: text().$type<InvoiceStatus>().notNull().default('open'),
    closedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_customer_period_unique').on(t.customerId, t.periodStart),
    index('invoices_status_period_idx').on(t.status, t.periodEnd),
  ],
);

/**
 * A line of an invoice. An hourly item has one line per invoice that accumulates its hours; a cycle
 * charge is a line of its own; a credit (a refund on deletion) is a negative line of its own.
 */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial().primaryKey(),
    // Both references are checked once per statement, not by foreign keys (migration 0012): the hourly
    // run opens every hourly line of a month in one statement.
    invoiceId: integer().notNull(),
    customerId: integer().notNull(),
    billableItemId: integer().notNull(),
    instanceId: integer(),
    category: text().$type<BillableResourceType>().notNull(),
    type: text().$type<InvoiceItemType>().notNull(),
    billingCycle: text().$type<BillingCycle>().notNull(),
    reason: text().$type<InvoiceReason>().notNull(),
    description: text().notNull(),
    subDescription: text().notNull().default(''),
    /** Hours for hourly lines, 1 per cycle charged for subscription lines. */
    usage: integer().notNull().default(0),
    subtotal: money().notNull().default(0),
    /** Subscription lines: the cycle start, which makes the line unique per cycle. */
    cycleStart: at(),
    startTimestamp: at().notNull(),
    endTimestamp: at(),
    closed: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoice_items_hourly_unique').on(t.invoiceId, t.billableItemId).where(sql`type = 'hourly'`),
    uniqueIndex('invoice_items_cycle_unique')
      .on(t.billableItemId, t.cycleStart)
      .where(sql`type = 'subscription'`),
    index('invoice_items_customer_idx').on(t.customerId, t.instanceId),
    index('invoice_items_invoice_idx').on(t.invoiceId),
  ],
);

/** Differences the reconciliation job found between a cached balance and its ledger. */
export const reconciliationFindings = pgTable('reconciliation_findings', {
  id: serial().primaryKey(),
  customerId: integer().notNull(),
  cachedBalance: money().notNull(),
  ledgerBalance: money().notNull(),
  foundAt: at().notNull().defaultNow(),
  details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
});
