import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';

/** Provisioning and deletion jobs of the instances area (being written). */
export function instanceJobs(_deps: { config: Config; db: Database }): JobDefinition<never>[] {
  return [];
}
