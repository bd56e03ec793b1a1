import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import {
  CONVERGE_JOB,
  CONVERGE_SWEEP_JOB,
  convergeInstance,
  requestConverge,
  sweepUnsettled,
} from './converge';

/** Provisioning and deletion jobs of the instances area: converge runs and their sweeper. */
export function instanceJobs(deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs'>): JobDefinition<never>[] {
  const { db, hypervisor, jobs: sender } = deps;
  const converge: JobDefinition<{ instanceId: number }> = {
    name: CONVERGE_JOB,
    // One waiting run per instance (singleton key): see requestConverge.
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 5,
    concurrency: 4,
    handler: async ({ instanceId }) => {
      const outcome = await convergeInstance({ db, hypervisor }, instanceId);
      // Not settled: look again in a second (nothing more when a run is already waiting).
      if (outcome === 'pending') await requestConverge(sender, instanceId, 1);
    },
  };
  const sweep: JobDefinition = {
    name: CONVERGE_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      await sweepUnsettled(db, sender);
    },
  };
  return [converge, sweep] as JobDefinition<never>[];
}
