import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { collectMetrics, rollUpAndPrune } from './metrics-collection';

const COLLECT_JOB = 'monitoring.collect';
const ROLLUP_JOB = 'monitoring.rollup';

/** The metrics of running instances: read every minute, rolled up and pruned every hour. */
export function monitoringJobs(deps: Pick<AppDeps, 'db' | 'hypervisor'>): JobDefinition<never>[] {
  const collect: JobDefinition = {
    name: COLLECT_JOB,
    schedule: '* * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      await collectMetrics(deps);
    },
  };
  const rollup: JobDefinition = {
    name: ROLLUP_JOB,
    schedule: '3 * * * *',
    retryLimit: 2,
    concurrency: 1,
    handler: async () => {
      await rollUpAndPrune(deps.db);
    },
  };
  return [collect, rollup] as JobDefinition<never>[];
}
