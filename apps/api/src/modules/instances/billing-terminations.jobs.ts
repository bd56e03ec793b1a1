import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { createMailTransaction } from '../auth/mail-transaction';
import { terminateOverdueHourly } from '../billing/billing-suspension';
import { createMailService } from '../mail/mail.service';
import { deleteEndedSubscriptions } from './ended-subscriptions';
import { warnBeforeTermination } from './termination-warnings';

const INSTANCE_BILLING_TIES_JOB = 'instances.billing-ties';

/**
 * Every minute: hourly VPS items kept suspended by negative credit past the grace days are terminated,
 * instances whose billing ended or terminated are deleted, and owners of suspended instances a day from
 * termination are warned by mail. Suspension and resumption need no job (they are read from the
 * account and the billable item). Each step is marked in the database as it acts, so a re-run is a no-op.
 */
export function instanceBillingJobs(deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>): JobDefinition<never>[] {
  const { db, config, jobs: sender } = deps;
  const mailTransaction = createMailTransaction(db, createMailService({ jobs: sender, config }));
  const ties: JobDefinition = {
    name: INSTANCE_BILLING_TIES_JOB,
    schedule: '* * * * *',
    retryLimit: 3,
    concurrency: 1,
    handler: async () => {
      await terminateOverdueHourly(db);
      await deleteEndedSubscriptions(db, sender);
      await warnBeforeTermination({ db, mailTransaction, config });
    },
  };
  return [ties] as JobDefinition<never>[];
}
