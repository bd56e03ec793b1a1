import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { runAutoRechargeCheck } from './auto-recharge.charge';
import {
  AUTO_RECHARGE_CHECK_JOB,
  customersBelowThreshold,
  requestAutoRechargeChecks,
} from './auto-recharge.trigger';

export const AUTO_RECHARGE_SWEEP_JOB = 'auto-recharge.sweep';

/** The check of one customer (queued when credit drops), and a minute sweep that catches any missed drop. */
export function autoRechargeJobs(deps: Pick<AppDeps, 'db' | 'gateways' | 'jobs'>): JobDefinition<never>[] {
  const { gateways, jobs: sender } = deps;
  const check: JobDefinition<{ customerId: number }> = {
    name: AUTO_RECHARGE_CHECK_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    concurrency: 2,
    handler: async ({ customerId }) => {
      await runAutoRechargeCheck({ db: deps.db, gateways }, customerId);
    },
  };
  const sweep: JobDefinition = {
    name: AUTO_RECHARGE_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 0,
    concurrency: 1,
    handler: async () => {
      await requestAutoRechargeChecks(sender, await customersBelowThreshold(deps.db));
    },
  };
  return [check, sweep] as JobDefinition<never>[];
}
