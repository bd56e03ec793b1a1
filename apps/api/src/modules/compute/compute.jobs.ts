import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { simulatorJobs } from './simulator/simulator.jobs';

/** The compute driver's background work: for the simulator, its provisioning steps and sweeper. */
export function computeJobs(deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>): JobDefinition<never>[] {
  switch (deps.config.COMPUTE_DRIVER) {
    case 'simulator':
      return simulatorJobs({
        db: deps.db,
        queue: deps.jobs,
        stepSeconds: deps.config.SIMULATOR_STEP_SECONDS,
      });
  }
}
