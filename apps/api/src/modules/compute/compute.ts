import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Hypervisor } from './hypervisor';

/** The configured compute driver (being written). */
export function createHypervisor(_deps: { config: Config; db: Database }): Hypervisor {
  return new Proxy({} as Hypervisor, {
    get: () => () => Promise.reject(new Error('The compute driver is being written.')),
  });
}
