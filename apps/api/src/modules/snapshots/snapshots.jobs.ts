import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import {
  followSnapshot,
  requestFollow,
  SNAPSHOT_FOLLOW_JOB,
  SNAPSHOT_SWEEP_JOB,
  sweepSnapshotOperations,
} from './snapshot-progress';

/** Follows snapshot operations to their end, and sweeps up any whose job was lost. */
export function snapshotJobs(deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs'>): JobDefinition<never>[] {
  const { db, hypervisor, jobs } = deps;
  const follow: JobDefinition<{ snapshotId: number }> = {
    name: SNAPSHOT_FOLLOW_JOB,
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 5,
    concurrency: 4,
    handler: async ({ snapshotId }) => {
      if ((await followSnapshot({ db, hypervisor, jobs }, snapshotId)) === 'pending')
        await requestFollow(jobs, snapshotId, 2);
    },
  };
  const sweep: JobDefinition = {
    name: SNAPSHOT_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      await sweepSnapshotOperations(db, jobs);
    },
  };
  return [follow, sweep] as JobDefinition<never>[];
}
