import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import { simulatorJobs } from './simulator/simulator.jobs';

/** The compute driver's background work: for the simulator, its provisioning steps and sweeper. */
export function computeJobs(deps: { config: Config; db: Database }): JobDefinition<never>[] {
  switch (deps.config.COMPUTE_DRIVER) {
    case 'simulator':
      return simulatorJobs({ db: deps.db, stepSeconds: deps.config.SIMULATOR_STEP_SECONDS });
  }
}
