import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Hypervisor } from './hypervisor';
import { createLibvirtDriver } from './libvirt/libvirt';
import { createSimulator } from './simulator/simulator';

/**
 * The configured compute driver (COMPUTE_DRIVER): the embedded simulator, or libvirt/QEMU on the
 * operator's KVM hosts. Nothing outside this folder needs to know which one runs.
 */
export function createHypervisor(deps: { config: Config; db: Database; jobs: JobQueue }): Hypervisor {
  switch (deps.config.COMPUTE_DRIVER) {
    case 'simulator':
      return createSimulator({
        db: deps.db,
        stepSeconds: deps.config.SIMULATOR_STEP_SECONDS,
        queue: deps.jobs,
      });
    case 'libvirt':
      return createLibvirtDriver({ db: deps.db, queue: deps.jobs });
  }
}
