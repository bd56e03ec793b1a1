import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { createMailService } from '../mail/mail.service';
import { createEmailVerificationService } from './email-verification.service';
import { createMailTransaction } from './mail-transaction';
import { placeUnverifiedUnderReview, remindUnverifiedAccounts } from './verification-review';

export const VERIFICATION_REVIEW_JOB = 'auth.verification-review';

/**
 * Every five minutes: the 20-hour reminder, then the 24-hour review of unverified accounts. Both are
 * marked in the database in the transaction that acts, so a re-run or a retry changes nothing twice.
 */
export function verificationReviewJobs(deps: { config: Config; db: Database }): JobDefinition<never>[] {
  const { db, config } = deps;
  const mailTransaction = createMailTransaction(db, createMailService({ jobs: jobSender(db), config }));
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
