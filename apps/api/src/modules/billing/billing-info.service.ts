import { type BillingInfo, creditRunsOutAt, fromMicros } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditAccounts } from './billing.tables';
import { spentThisMonthOf } from './spent-this-month';
import { renewingOf, usageRateOf } from './usage-rate';

/** The credit summary the panel shows everywhere (platform.md §3 "Billing info"). */
export function createBillingInfoService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async billingInfo(customerId: number, now = new Date()): Promise<BillingInfo> {
      const [[account], usageRate, renewing, spent] = await Promise.all([
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
        spentThisMonthOf(db, customerId, now),
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
        spentThisMonth: fromMicros(spent, 2),
        kycStatus: account?.kycStatus ?? 'none',
        isSuspendedByBilling: suspendedAt !== null,
      };
    },
  };
}
export type BillingInfoService = ReturnType<typeof createBillingInfoService>;
