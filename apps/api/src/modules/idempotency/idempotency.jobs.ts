import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import { sweepIdempotencyRecords } from './idempotency.service';

export const IDEMPOTENCY_SWEEP_JOB = 'idempotency.sweep';

/** Hourly removal of `Idempotency-Key` records past their 24 hours (a key is then new again). */
export function idempotencyJobs(deps: { db: Database }): JobDefinition<never>[] {
  const sweep: JobDefinition = {
    name: IDEMPOTENCY_SWEEP_JOB,
    schedule: '17 * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      await sweepIdempotencyRecords(deps.db);
    },
  };
  return [sweep] as JobDefinition<never>[];
}
