import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { deleteEndedSubscriptions } from './billing-ties';

const INSTANCE_BILLING_TIES_JOB = 'instances.billing-ties';

/**
 * Every minute: instances whose subscription billing ended or terminated are deleted. Suspension and
 * resumption need no job (they are read from the account and the billable item).
 */
export function instanceBillingJobs(deps: { config: Config; db: Database }): JobDefinition<never>[] {
  const { db } = deps;
  const sender = jobSender(db);
  const ties: JobDefinition = {
    name: INSTANCE_BILLING_TIES_JOB,
    schedule: '* * * * *',
    retryLimit: 3,
    concurrency: 1,
    handler: async () => {
      await deleteEndedSubscriptions(db, sender);
    },
  };
  return [ties] as JobDefinition<never>[];
}
