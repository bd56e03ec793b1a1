import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { customersBelowThreshold, requestAutoRechargeChecks } from '../auto-recharge/auto-recharge.trigger';
import { runHourlyBilling } from '../billing/hourly-billing';

export interface HourlyBillingSummary {
  hours: { hour: Date; itemsBilled: number; customersCharged: number }[];
  itemsBilled: number;
  autoRechargeChecksQueued: number;
  warning?: string;
}

/**
 * Bills every closed hour now, as the hourly job does, including the auto-recharge checks of the
 * customers it charged. A later scheduled run finds these hours billed and charges nothing twice.
 */
export async function runHourlyBillingNow(
  deps: { db: Database; jobs: JobQueue },
  now: Date = new Date(),
): Promise<HourlyBillingSummary> {
  const runs = await runHourlyBilling(deps.db, now);
  const summary: HourlyBillingSummary = {
    hours: runs.map((r) => ({
      hour: r.hour,
      itemsBilled: r.itemsBilled,
      customersCharged: r.balances.length,
    })),
    itemsBilled: runs.reduce((n, r) => n + r.itemsBilled, 0),
    autoRechargeChecksQueued: 0,
  };
  const charged = [...new Set(runs.flatMap((r) => r.balances.map((b) => b.customerId)))];
  if (charged.length === 0) return summary;
  try {
    const below = await customersBelowThreshold(deps.db, charged);
    await requestAutoRechargeChecks(deps.jobs, below);
    return { ...summary, autoRechargeChecksQueued: below.length };
  } catch (error) {
    return { ...summary, warning: `Auto-recharge checks could not be queued: ${(error as Error).message}` };
  }
}
