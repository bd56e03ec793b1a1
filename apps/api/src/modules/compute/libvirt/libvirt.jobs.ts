import type { Database } from '../../../db/client';
import type { JobDefinition, JobQueue } from '../../../jobs/queue';
import { builtServers, convergeAll, convergeServer, convergeUntilIdle } from './converge';
import { checkHosts } from './hosts';
import { readServers } from './telemetry';

const CONVERGE_JOB = 'compute.libvirt.converge';
const SWEEP_JOB = 'compute.libvirt.sweep';

/** Follow-up for a server still waiting on its guest (a clean shutdown), in seconds. */
const WAIT_SECONDS = 5;

interface ConvergeJob {
  ref: string;
}

/** Best effort: the sweeper converges every server with work, jobs or not. */
export async function scheduleConvergence(queue: JobQueue, ref: string, startAfterSeconds = 0) {
  try {
    await queue.send<ConvergeJob>(CONVERGE_JOB, { ref }, { singletonKey: ref, startAfterSeconds });
  } catch {
    // The sweeper finds it.
  }
}

/** The libvirt driver's jobs: convergence per server, and a sweeper that checks hosts and guests. */
export function libvirtJobs(deps: { db: Database; queue: JobQueue }): JobDefinition<never>[] {
  const { db, queue } = deps;
  const converge: JobDefinition<ConvergeJob> = {
    name: CONVERGE_JOB,
    policy: 'short',
    retryLimit: 10,
    retryDelaySeconds: 5,
    concurrency: 4,
    handler: async ({ ref }) => {
      const outcome = await convergeUntilIdle(db, ref);
      // Waiting on a guest, or the row was busy: look again shortly.
      if (outcome === 'waiting' || outcome === 'skipped') await scheduleConvergence(queue, ref, WAIT_SECONDS);
    },
  };
  const sweep: JobDefinition = {
    name: SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      await checkHosts(db);
      await convergeAll(db);
      // A guest that powered itself off shows as off; the running ones' traffic is counted.
      const built = await builtServers(db);
      for (const ref of built) await convergeServer(db, ref);
      await readServers(db, built, new Date());
    },
  };
  return [converge, sweep] as JobDefinition<never>[];
}
