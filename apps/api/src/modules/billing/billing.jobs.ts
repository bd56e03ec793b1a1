import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { customersBelowThreshold, requestAutoRechargeChecks } from '../auto-recharge/auto-recharge.trigger';
import { runCycleBilling } from './cycle-billing';
import { runHourlyBilling } from './hourly-billing';
import { closeEndedInvoices } from './invoice-closing';
import { reconcileBalances } from './reconciliation';

export const BILLING_HOURLY_JOB = 'billing.hourly';
export const BILLING_CYCLES_JOB = 'billing.cycles';
export const BILLING_RECONCILE_JOB = 'billing.reconcile';

/**
 * The billing engine's scheduled jobs. Each is safe to run twice or after a crash: charges are keyed
 * in the ledger, and every step re-reads what is still due.
 */
export function billingJobs(deps: Pick<AppDeps, 'db' | 'jobs' | 'log'>): JobDefinition<never>[] {
  const { db, jobs: sender, log } = deps;
  const hourly: JobDefinition = {
    name: BILLING_HOURLY_JOB,
    schedule: '2 * * * *',
    retryLimit: 3,
    retryDelaySeconds: 60,
    concurrency: 1,
    handler: async () => {
      const runs = await runHourlyBilling(db);
      const charged = [...new Set(runs.flatMap((r) => r.balances.map((b) => b.customerId)))];
      if (charged.length > 0)
        await requestAutoRechargeChecks(sender, await customersBelowThreshold(db, charged));
      await closeEndedInvoices(db);
    },
  };
  const cycles: JobDefinition = {
    name: BILLING_CYCLES_JOB,
    schedule: '*/5 * * * *',
    retryLimit: 3,
    concurrency: 1,
    handler: async () => {
      await runCycleBilling(db);
    },
  };
  const reconcile: JobDefinition = {
    name: BILLING_RECONCILE_JOB,
    schedule: '41 3 * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      const differences = await reconcileBalances(db);
      if (differences.length > 0) log.error({ differences }, 'balances differ from their ledger');
    },
  };
  return [hourly, cycles, reconcile] as JobDefinition<never>[];
}
