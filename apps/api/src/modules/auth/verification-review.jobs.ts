import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { createMailService } from '../mail/mail.service';
import { createEmailVerificationService } from './email-verification.service';
import { createMailTransaction } from './mail-transaction';
import { placeUnverifiedUnderReview, remindUnverifiedAccounts } from './verification-review';

export const VERIFICATION_REVIEW_JOB = 'auth.verification-review';

/**
 * Every five minutes: the 20-hour reminder, then the 24-hour review of unverified accounts. Both are
 * marked in the database in the transaction that acts, so a re-run or a retry changes nothing twice.
 */
export function verificationReviewJobs(
  deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>,
): JobDefinition<never>[] {
  const { db, config, jobs } = deps;
  const mailTransaction = createMailTransaction(db, createMailService({ jobs, config }));
  const emails = createEmailVerificationService({ db, config, mailTransaction });
  const review: JobDefinition = {
    name: VERIFICATION_REVIEW_JOB,
    schedule: '*/5 * * * *',
    retryLimit: 3,
    concurrency: 1,
    handler: async () => {
      await remindUnverifiedAccounts({ db, mailTransaction, emails });
      await placeUnverifiedUnderReview(db);
    },
  };
  return [review] as JobDefinition<never>[];
}
