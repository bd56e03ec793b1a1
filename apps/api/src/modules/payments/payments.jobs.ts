import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { createGatewayRegistry } from './gateways/registry';
import {
  findUnprocessedWebhooks,
  PAYMENT_WEBHOOK_JOB,
  PAYMENT_WEBHOOK_SWEEP_JOB,
  processWebhook,
  webhookJobKey,
} from './webhooks';

/** Processing of stored webhooks, and the minute sweep for rows whose job was lost. */
export function paymentJobs(deps: { config: Config; db: Database }): JobDefinition<never>[] {
  const gateways = createGatewayRegistry(deps);
  const sender = jobSender(deps.db);
  const process: JobDefinition<{ inboxId: number }> = {
    name: PAYMENT_WEBHOOK_JOB,
    retryLimit: 10,
    retryDelaySeconds: 15,
    concurrency: 2,
    handler: async ({ inboxId }) => processWebhook({ db: deps.db, gateways }, inboxId),
  };
  const sweep: JobDefinition = {
    name: PAYMENT_WEBHOOK_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 0,
    concurrency: 1,
    handler: async () => {
      for (const id of await findUnprocessedWebhooks(deps.db)) {
        await sender.send(PAYMENT_WEBHOOK_JOB, { inboxId: id }, { singletonKey: webhookJobKey(id) });
      }
    },
  };
  return [process, sweep] as JobDefinition<never>[];
}
