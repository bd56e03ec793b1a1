import { type BillingInfo, creditRunsOutAt, fromMicros } from '@nimbus/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditAccounts, ledgerEntries } from './billing.tables';
import { renewingOf, usageRateOf } from './usage-rate';

/** The first moment of the UTC calendar month `now` is in. */
export const startOfUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The credit summary the panel shows everywhere (platform.md §3 "Billing info"). */
export function createBillingInfoService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async billingInfo(customerId: number, now = new Date()): Promise<BillingInfo> {
      const [[account], usageRate, renewing, [spent]] = await Promise.all([
        db
          .select({
            balance: creditAccounts.balance,
            kycStatus: creditAccounts.kycStatus,
            suspendedByBillingAt: creditAccounts.suspendedByBillingAt,
          })
          .from(creditAccounts)
          .where(eq(creditAccounts.customerId, customerId)),
        usageRateOf(db, customerId),
        renewingOf(db, customerId),
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
      // Renewals that fall before the hourly estimate bring it forward (auto-renew on).
      const suspendAt = suspendedAt ?? creditRunsOutAt({ balance, hourlyRate: usageRate, renewing, now });
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
