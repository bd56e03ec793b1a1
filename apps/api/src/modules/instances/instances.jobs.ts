import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import {
  CONVERGE_JOB,
  CONVERGE_SWEEP_JOB,
  convergeInstance,
  requestConverge,
  sweepUnsettled,
} from './converge';
import {
  followInstanceOperation,
  INSTANCE_OPERATION_FOLLOW_JOB,
  INSTANCE_OPERATION_SWEEP_JOB,
  requestOperationFollow,
  sweepInstanceOperations,
} from './instance-operations';

/**
 * Jobs of the instances area: converge runs (provisioning, deletion, status) and the follow runs of
 * resizes and OS changes, each with a sweeper for runs that were lost.
 */
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
  const followOperation: JobDefinition<{ instanceId: number }> = {
    name: INSTANCE_OPERATION_FOLLOW_JOB,
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 5,
    concurrency: 4,
    handler: async ({ instanceId }) => {
      if ((await followInstanceOperation({ db, hypervisor, jobs: sender }, instanceId)) === 'pending')
        await requestOperationFollow(sender, instanceId, 2);
    },
  };
  const sweepOperations: JobDefinition = {
    name: INSTANCE_OPERATION_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      await sweepInstanceOperations(db, sender);
    },
  };
  return [converge, sweep, followOperation, sweepOperations] as JobDefinition<never>[];
}
