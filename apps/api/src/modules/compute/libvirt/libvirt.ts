import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import type { Hypervisor } from '../hypervisor';
import { scheduleConvergence } from './libvirt.jobs';
import { isoOperations } from './libvirt-isos';
import { networkOperations } from './libvirt-network';
import { laterOperations } from './libvirt-operations';
import { serverOperations } from './libvirt-servers';

export interface LibvirtDeps {
  db: Database;
  /** Where convergence jobs go; without one (tests), convergence runs only when called. */
  queue?: JobQueue;
}

/**
 * The libvirt/QEMU driver: servers on the operator's KVM hosts. The database holds what each server
 * should be; convergence jobs (converge.ts) make the hosts agree, so this object stays stateless and
 * any number of API and worker processes can share the hosts.
 */
export function createLibvirtDriver(deps: LibvirtDeps): Hypervisor {
  const converge = async (ref: string) => {
    if (deps.queue) await scheduleConvergence(deps.queue, ref);
  };
  const withConverge = { ...deps, converge };
  return {
    name: 'libvirt',
    ...serverOperations(withConverge),
    ...laterOperations(withConverge),
    ...isoOperations(deps),
    ...networkOperations(withConverge),
  };
}
