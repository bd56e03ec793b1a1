import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Hypervisor } from './hypervisor';
import { createSimulator } from './simulator/simulator';

/**
 * The configured compute driver. Only the embedded simulator exists; a real driver (Proxmox VE) will be
 * chosen here by COMPUTE_DRIVER, and nothing outside this folder needs to know which one runs.
 */
export function createHypervisor(deps: { config: Config; db: Database; jobs: JobQueue }): Hypervisor {
  switch (deps.config.COMPUTE_DRIVER) {
    case 'simulator':
      return createSimulator({
        db: deps.db,
        stepSeconds: deps.config.SIMULATOR_STEP_SECONDS,
        queue: deps.jobs,
      });
  }
}
