import type { Config } from './config';
import type { Database } from './db/client';
import { jobSender } from './jobs/sender';
import { createLogger, type Logger } from './logger';
import { createHypervisor } from './modules/compute/compute';
import { createGatewayRegistry } from './modules/payments/gateways/registry';
import { attachmentStoreOf } from './modules/support/attachments/attachment-store-of';

/**
 * The logger, the external systems and the job sender, built once per process by the composition root (runtime,
 * tests, benches, operator commands) and handed to the API and the jobs alike.
 */
export function createAdapters(base: { config: Config; db: Database; log?: Logger }) {
  const jobs = jobSender(base.db);
  return {
    /** The process's logger: the one the root already made, or a new one. */
    log: base.log ?? createLogger(base.config),
    /** A send-only queue: jobs are built before the queue that runs them. */
    jobs,
    hypervisor: createHypervisor({ ...base, jobs }),
    gateways: createGatewayRegistry(base),
    /** Where ticket attachments' bytes are kept. */
    attachmentStore: attachmentStoreOf(base.config),
  };
}
export type Adapters = ReturnType<typeof createAdapters>;
