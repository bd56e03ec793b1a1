import { type BillingInfo, fromMicros, type Micros } from '@nimbus/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditAccounts, ledgerEntries } from './billing.tables';
import { usageRateOf } from './usage-rate';

const HOUR_MS = 3_600_000n;
/** The last moment with a four-digit year: later ones are not plain ISO strings (or not dates at all). */
const LATEST = BigInt(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

/**
 * When the balance runs out at the current hourly usage. BigInt: balance × ms per hour passes 2^53
 * for balances above a few thousand dollars, and a huge balance at a tiny rate passes any date.
 */
export function runsOutAt(balance: Micros, usageRate: Micros, now: Date): Date | null {
  if (balance <= 0 || usageRate <= 0) return null;
  const at = BigInt(now.getTime()) + (BigInt(balance) * HOUR_MS) / BigInt(usageRate);
  return new Date(Number(at < LATEST ? at : LATEST));
}

/** The first moment of the UTC calendar month `now` is in. */
export const startOfUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The credit summary the panel shows everywhere (platform.md §3 "Billing info"). */
export function createBillingInfoService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async billingInfo(customerId: number, now = new Date()): Promise<BillingInfo> {
      const [[account], usageRate, [spent]] = await Promise.all([
        db
          .select({
            balance: creditAccounts.balance,
            kycStatus: creditAccounts.kycStatus,
            suspendedByBillingAt: creditAccounts.suspendedByBillingAt,
          })
          .from(creditAccounts)
          .where(eq(creditAccounts.customerId, customerId)),
        usageRateOf(db, customerId),
        db
          .select({ charged: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.customerId, customerId),
              inArray(ledgerEntries.kind, ['usage_charge', 'subscription_charge']),
              gte(ledgerEntries.createdAt, startOfUtcMonth(now)),
            ),
          ),
      ]);
      // A customer who never had credit has no account row yet: nothing on it, nothing suspended.
      const balance = account?.balance ?? 0;
      const suspendedAt = account?.suspendedByBillingAt ?? null;
      const suspendAt = suspendedAt ?? runsOutAt(balance, usageRate, now);
      return {
        id: customerId,
        balance: fromMicros(balance, 2),
        suspendTimestamp: suspendAt?.toISOString() ?? null,
        usageRate: fromMicros(usageRate, 4),
        // Charges are negative entries; spending reads positive.
        spentThisMonth: fromMicros(-(spent?.charged ?? 0), 2),
        kycStatus: account?.kycStatus ?? 'none',
        isSuspendedByBilling: suspendedAt !== null,
      };
    },
  };
}
export type BillingInfoService = ReturnType<typeof createBillingInfoService>;
