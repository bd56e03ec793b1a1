// The zod-free part of billing.ts (zod-free.test.ts): the panel loads it without zod.

import type { IntervalOption } from './billing';

export const kycStatuses = ['none', 'pending', 'approved', 'rejected'] as const;

// ---- date filter (platform.md §2 "Filter dropdown", §5) ----

export const intervalOptions = ['all', 'last6Months', 'last12Months', 'custom'] as const;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDay(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const at = new Date(`${d}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
}

interface IntervalDays {
  interval?: string;
  from?: string;
  to?: string;
}

/** A custom interval names both of its days. */
export const isIntervalComplete = (f: IntervalDays) =>
  f.interval !== 'custom' || (f.from !== undefined && f.to !== undefined);

/** A range's last day is not before its first. */
export const isIntervalOrdered = (f: IntervalDays) => !(f.from && f.to) || f.to >= f.from;

/**
 * The UTC range [start, end) an interval filter selects, or null for all time. `f` is a filter as
 * `intervalFilterSchema` (billing.ts) outputs it: custom ranges are complete and ordered.
 */
export function intervalRange(
  f: { interval: IntervalOption; from?: string; to?: string },
  now: Date,
): { start: Date; end: Date } | null {
  if (f.interval === 'all') return null;
  if (f.interval === 'custom' && f.from && f.to) {
    const end = new Date(`${f.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    return { start: new Date(`${f.from}T00:00:00.000Z`), end };
  }
  const months = f.interval === 'last6Months' ? 6 : 12;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  return { start, end: new Date(now.getTime() + 1) };
}

// ---- invoices ----

export const invoiceStatuses = ['open', 'closed'] as const;
export const INVOICES_PAGE_SIZE = 25;

/** What an invoice item bills: the resource kinds other areas plug into the billing engine. */
export const billableResourceTypes = [
  'instance',
  'extra-resource',
  'ipv4',
  'ddos-protection',
  'backup',
  'snapshot',
  'bandwidth',
  'floating-ip',
  'other',
] as const;

/** Why an invoice item started or ended (instances.md §4 "invoice reasons"). */
export const invoiceReasons = [
  'created',
  'renewed',
  'resized',
  'changed-ip',
  'ip-attached',
  'stopped-by-destroy-threshold',
  'snapshot-deleted',
  'terminated',
  'stopped-to-reduce-ip-cost',
  'migrated',
  'backup-activated',
  'backup-deactivated',
  'backup-resized',
  'ddos-activated',
  'ended',
  /** Transfer beyond the allowance of a 30-day cycle (instances.md §9). */
  'bandwidth-overage',
] as const;

/**
 * hourly: usage billed per closed hour; subscription: one charge for a whole cycle; credit: money given
 * back for the service (a refund of unused days on deletion), a negative subtotal; overage: transfer
 * beyond a cycle's allowance, its usage in hundredths of a GiB.
 */
export const invoiceItemTypes = ['hourly', 'subscription', 'credit', 'overage'] as const;
export type InvoiceItemType = (typeof invoiceItemTypes)[number];

export const INVOICE_ITEMS_PAGE_SIZE = 10;

// ---- transactions ----

export const transactionTypes = ['invoice', 'payment'] as const;
export const transactionStatuses = ['completed', 'pending', 'failed', 'reversed', 'open'] as const;
export const TRANSACTIONS_PAGE_SIZE = 10;

/**
 * A movement of credit as the customer reads it, derived from the ledger: a payment (what it credited),
 * the charges of an invoice (negative, one row per invoice), and every other ledger entry on its own —
 * refunds, chargebacks, corrections, operator adjustments, and kinds later releases add (`other`).
 * `referenceId` is the payment or invoice a row leads to, or the ledger entry's id.
 */
export const transactionKinds = [
  'top_up',
  'auto_recharge',
  'adjustment',
  'invoice',
  'refund',
  'dispute',
  'reversal',
  'charge',
  'other',
] as const;
export type TransactionKind = (typeof transactionKinds)[number];

// ---- credit check (instances.md §8, the 460 answer) ----

export const INSUFFICIENT_BALANCE_STATUS = 460;

export const billingErrorCodes = {
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  invalidPrintToken: 'INVALID_PRINT_TOKEN',
} as const;
