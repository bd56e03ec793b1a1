import type { Config } from './config';
import type { Database } from './db/client';
import { jobSender } from './jobs/sender';
import { createHypervisor } from './modules/compute/compute';
import { createGatewayRegistry } from './modules/payments/gateways/registry';

/**
 * The external systems and the job sender, built once per process by the composition root (runtime,
 * tests, benches, operator commands) and handed to the API and the jobs alike.
 */
export function createAdapters(base: { config: Config; db: Database }) {
  const jobs = jobSender(base.db);
  return {
    /** A send-only queue: jobs are built before the queue that runs them. */
    jobs,
    hypervisor: createHypervisor({ ...base, jobs }),
    gateways: createGatewayRegistry(base),
  };
}
export type Adapters = ReturnType<typeof createAdapters>;
