import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { libvirtJobs } from './libvirt/libvirt.jobs';
import { simulatorJobs } from './simulator/simulator.jobs';

/** The compute driver's background work: the simulator's steps, or libvirt's convergence; each with a sweeper. */
export function computeJobs(deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>): JobDefinition<never>[] {
  switch (deps.config.COMPUTE_DRIVER) {
    case 'simulator':
      return simulatorJobs({
        db: deps.db,
        queue: deps.jobs,
        stepSeconds: deps.config.SIMULATOR_STEP_SECONDS,
      });
    case 'libvirt':
      return libvirtJobs({ db: deps.db, queue: deps.jobs });
  }
}
