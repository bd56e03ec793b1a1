import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';

/** Instances ended by billing (being written). */
export function instanceBillingJobs(_deps: { config: Config; db: Database }): JobDefinition<never>[] {
  return [];
}
