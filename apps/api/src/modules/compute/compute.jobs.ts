import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';

/** The compute driver's background work (being written). */
export function computeJobs(_deps: { config: Config; db: Database }): JobDefinition<never>[] {
  return [];
}
