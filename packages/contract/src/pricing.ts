import type { BillingCycle } from './catalogue';
import { billingCycleDetails, monthlyToHourlyMicros } from './catalogue-rules';
import { MICROS_PER_UNIT, type Micros } from './money-rules';

/**
 * Pricing math shared by the server (which charges) and the panel (which quotes).
 * Every amount is integer micro-dollars; nothing here uses floating point for money.
 */

export const CENT: Micros = 10_000;
const DOLLAR: Micros = MICROS_PER_UNIT;

/** Integer division rounding half away from zero, exact for |a| < 2^53. */
function divRound(a: number, b: number): number {
  const q = Math.floor((Math.abs(a) * 2 + b) / (b * 2));
  return a < 0 ? -q : q;
}

/** Rounds to whole cents, half away from zero. */
export const roundToCents = (micros: Micros): Micros => divRound(micros, CENT) * CENT;

export { monthlyToHourlyMicros as hourlyPriceOf };

/**
 * The charge for one closed hour of an hourly item: its hourly price, but never more in one
 * calendar month than the monthly price (a 744-hour month at monthly/730 would exceed it).
 */
export function hourlyCharge(hourly: Micros, monthly: Micros, chargedThisMonth: Micros): Micros {
  return Math.max(0, Math.min(hourly, monthly - chargedThisMonth));
}

/** A cycle's monthly parts; the cycle discount applies to all of them (instances.md §9). */
export interface MonthlyPriceParts {
  base: Micros;
  extras?: Micros;
  regionOffset?: Micros;
  /** Add-ons the cycle discount does not reduce (IPv4, DDoS protection, features). */
  undiscounted?: Micros;
}

/** The discounted part of a monthly price: base plus extras plus region offset. */
export const monthlyTotal = (p: MonthlyPriceParts): Micros =>
  p.base + (p.extras ?? 0) + (p.regionOffset ?? 0);

/**
 * Price of one subscription cycle: monthly total × months, minus the cycle's discount percent,
 * to whole cents. Hourly has no cycle price: it is charged per hour.
 */
export function cyclePrice(
  parts: MonthlyPriceParts,
  cycle: Exclude<BillingCycle, 'hourly'>,
  discountPercent = 0,
) {
  const months = billingCycleDetails[cycle].months ?? 1;
  const gross = BigInt(monthlyTotal(parts) * months);
  const undiscounted = BigInt((parts.undiscounted ?? 0) * months);
  // Percent may have decimals (12.5 %): basis points keep it in integers; one rounding, to the cent.
  const kept = 10_000n - BigInt(Math.round(discountPercent * 100));
  const cent = BigInt(CENT);
  const scaled = gross * kept + undiscounted * 10_000n;
  return Number((scaled * 2n + 10_000n * cent) / (2n * 10_000n * cent)) * CENT;
}

/** The calendar months a cycle lasts, or null for hourly. */
export const cycleMonths = (cycle: BillingCycle): number | null => billingCycleDetails[cycle].months;

/** The end of a cycle started at `start`: the same day and time `months` months later (UTC). */
export function cycleEnd(start: Date, cycle: Exclude<BillingCycle, 'hourly'>): Date {
  const months = billingCycleDetails[cycle].months ?? 1;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  // 31 January + 1 month ends on the last day of February, not in March.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** Days a renewal-suspended item has left before termination: 8 − whole days since its end date. */
export const RENEWAL_GRACE_DAYS = 8;
export function daysUntilTermination(endDate: Date, now: Date): number {
  const daysSince = Math.floor((now.getTime() - endDate.getTime()) / 86_400_000);
  return Math.max(0, RENEWAL_GRACE_DAYS - Math.max(0, daysSince));
}

/**
 * Minimum balance to create a service (the 460 answer): the chosen plan's price plus the hourly
 * instances and snapshots already running, covered for `days` days.
 */
export function minimumRequiredBalance(input: {
  planPrice: Micros;
  paygHourlySum: Micros;
  snapshotHourlySum: Micros;
  days: number;
}): Micros {
  return input.planPrice + (input.paygHourlySum + input.snapshotHourlySum) * 24 * input.days;
}

// ---- payments ----

export const PAYMENT_MIN: Micros = 2 * DOLLAR;
/** Exclusive: a payment must be under one million dollars. */
export const PAYMENT_MAX: Micros = 1_000_000 * DOLLAR;
export const PAYMENT_PRESETS = [10, 20, 60, 150, 300] as const;
export const DEFAULT_PAYMENT_AMOUNT = 60;

/** "0.029" → 29000 parts per million, without floating point. */
export function feePartsPerMillion(feePercent: string): number {
  const [whole = '0', frac = ''] = feePercent.trim().split('.');
  return Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0').slice(0, 6));
}

/** Fee = amount × feePercent, to 2 decimals (platform.md §9). */
export function paymentFee(amount: Micros, feePercent: string): Micros {
  const ppm = BigInt(feePartsPerMillion(feePercent));
  const raw = (BigInt(amount) * ppm * 2n + 1_000_000n * BigInt(CENT)) / (2_000_000n * BigInt(CENT));
  return Number(raw) * CENT;
}

/**
 * Credit for what a gateway actually received: in proportion to the price asked (credit + fee), rounded
 * down to the micro. Paying the price exactly credits exactly the amount; under- and overpayment
 * credit proportionally less or more.
 */
export function creditForReceived(received: Micros, credit: Micros, price: Micros): Micros {
  if (received <= 0 || price <= 0) return 0;
  if (received === price) return credit;
  return Number((BigInt(received) * BigInt(credit)) / BigInt(price));
}

// ---- auto-recharge (platform.md §9) ----

const FIVE_DOLLARS = 5 * DOLLAR;
const roundUpToFive = (micros: Micros) => Math.ceil(micros / FIVE_DOLLARS) * FIVE_DOLLARS;

/** Base amount = hourly usage × 24 × 30 rounded up to a multiple of 5 (10 without usage); 1×, 2×, 3×. */
export function autoRechargeAmountOptions(usageRatePerHour: Micros): Micros[] {
  const base = usageRatePerHour > 0 ? roundUpToFive(usageRatePerHour * 24 * 30) : 10 * DOLLAR;
  return [base, base * 2, base * 3];
}

/** Base threshold = hourly usage × 24 × 6 rounded up to a multiple of 5 (5 without usage); 1×, 2×, 3×. */
export function autoRechargeThresholdOptions(usageRatePerHour: Micros): Micros[] {
  const base = usageRatePerHour > 0 ? roundUpToFive(usageRatePerHour * 24 * 6) : FIVE_DOLLARS;
  return [base, base * 2, base * 3];
}

/** Days an amount lasts at the current usage: amount / (usage × 24), whole days; null without usage. */
export function daysCovered(amount: Micros, usageRatePerHour: Micros): number | null {
  if (usageRatePerHour <= 0) return null;
  return Math.floor(amount / (usageRatePerHour * 24));
}

// ---- subscription refund (README "Billing") ----

const DAY_MS = 86_400_000;

/** What deleting a subscription instance gives back now: unused whole days of its paid cycle. */
export interface SubscriptionRefundFigure {
  refundable: boolean;
  /** Micros, rounded down to the cent. */
  amount: Micros;
  unusedDays: number;
}

/**
 * Refund on deletion: a cycle (non-hourly) item whose current cycle is paid (status active) and not over
 * gives back the whole days left of that cycle, pro rata of the cycle's price over the cycle's calendar
 * days, rounded down to the cent. Hourly items pay per hour used and get nothing back; a suspended item's
 * cycle was never paid, and an ended or terminated one has nothing left.
 */
export function subscriptionRefund(
  item: {
    billingCycle: BillingCycle;
    status: string;
    cycleStart: Date | null;
    cycleEnd: Date | null;
    /** The price paid for one cycle. */
    cyclePrice: Micros;
  },
  now: Date,
): SubscriptionRefundFigure {
  const none = { refundable: false, amount: 0, unusedDays: 0 };
  if (item.billingCycle === 'hourly' || item.status !== 'active' || !item.cycleStart || !item.cycleEnd)
    return none;
  const cycleDays = Math.round((item.cycleEnd.getTime() - item.cycleStart.getTime()) / DAY_MS);
  const unusedDays = Math.floor((item.cycleEnd.getTime() - now.getTime()) / DAY_MS);
  if (cycleDays <= 0 || unusedDays <= 0) return none;
  const days = Math.min(unusedDays, cycleDays);
  const cents = (BigInt(item.cyclePrice) * BigInt(days)) / (BigInt(cycleDays) * BigInt(CENT));
  const amount = Number(cents) * CENT;
  return { refundable: amount > 0, amount, unusedDays: days };
}
