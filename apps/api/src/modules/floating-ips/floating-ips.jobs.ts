import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { createMailTransaction } from '../auth/mail-transaction';
import { createMailService } from '../mail/mail.service';
import { detachFromDeletedInstances, mailBeforeExpiry, releaseUnrenewed } from './floating-ips.expiry';

export const FLOATING_IP_EXPIRY_JOB = 'floating-ips.expiry';

/**
 * Every minute: addresses whose month was not renewed are released, those of deleted instances detached,
 * and reminder and warning mails sent before expiry. Each step is marked in the database as it acts.
 */
export function floatingIpJobs(
  deps: Pick<AppDeps, 'config' | 'db' | 'jobs' | 'hypervisor'>,
): JobDefinition<never>[] {
  const { db, config, hypervisor, jobs: sender } = deps;
  const mailTransaction = createMailTransaction(db, createMailService({ jobs: sender, config }));
  const expiry: JobDefinition = {
    name: FLOATING_IP_EXPIRY_JOB,
    schedule: '* * * * *',
    retryLimit: 3,
    concurrency: 1,
    handler: async () => {
      await releaseUnrenewed(db, hypervisor);
      await detachFromDeletedInstances(db, hypervisor);
      await mailBeforeExpiry({ db, mailTransaction, config });
    },
  };
  return [expiry] as JobDefinition<never>[];
}
