import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Hypervisor } from './modules/compute/hypervisor';
import type { GatewayRegistry } from './modules/payments/gateways/registry';
import type { AttachmentStore } from './modules/support/attachments/attachment-store';

/**
 * What the composition root (runtime.ts, app.ts) hands every area module and job: it lives below the
 * modules so that they depend on it and never on the root that imports them all. Each adapter is built
 * once per process (adapters.ts).
 */
export interface AppDeps {
  config: Config;
  db: Database;
  /** The process's one logger (logger.ts). */
  log: Logger;
  /** The queue in the API; a send-only one in jobs (built before the queue that runs them). */
  jobs: JobQueue;
  hypervisor: Hypervisor;
  gateways: GatewayRegistry;
  attachmentStore: AttachmentStore;
}
