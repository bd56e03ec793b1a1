import type { AppDeps } from '../deps';
import { verificationReviewJobs } from '../modules/auth/verification-review.jobs';
import { autoRechargeJobs } from '../modules/auto-recharge/auto-recharge.jobs';
import { backupJobs } from '../modules/backups/backups.jobs';
import { billingJobs } from '../modules/billing/billing.jobs';
import { computeJobs } from '../modules/compute/compute.jobs';
import { floatingIpJobs } from '../modules/floating-ips/floating-ips.jobs';
import { idempotencyJobs } from '../modules/idempotency/idempotency.jobs';
import { instanceBillingJobs } from '../modules/instances/billing-terminations.jobs';
import { instanceJobs } from '../modules/instances/instances.jobs';
import { networkJobs } from '../modules/instances/network/network.jobs';
import { isoJobs } from '../modules/isos/isos.jobs';
import { mailJobs } from '../modules/mail/mail.jobs';
import { monitoringJobs } from '../modules/monitoring/monitoring.jobs';
import { paymentJobs } from '../modules/payments/payments.jobs';
import { snapshotJobs } from '../modules/snapshots/snapshots.jobs';
import { supportJobs } from '../modules/support/support.jobs';
import type { JobDefinition } from './queue';

/** Every background job of every area, built from the same dependencies as the API. */
export function allJobs(deps: AppDeps): JobDefinition<never>[] {
  return [
    // Area modules add their jobs here.
    ...mailJobs(deps),
    ...billingJobs(deps),
    ...paymentJobs(deps),
    ...autoRechargeJobs(deps),
    ...computeJobs(deps),
    ...instanceJobs(deps),
    ...instanceBillingJobs(deps),
    ...snapshotJobs(deps),
    ...backupJobs(deps),
    ...isoJobs(deps),
    ...monitoringJobs(deps),
    ...networkJobs(deps),
    ...idempotencyJobs(deps),
    ...verificationReviewJobs(deps),
    ...supportJobs(deps),
    ...floatingIpJobs(deps),
  ];
}
