import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import {
  findUnprocessedWebhooks,
  PAYMENT_WEBHOOK_JOB,
  PAYMENT_WEBHOOK_SWEEP_JOB,
  processWebhook,
  webhookJobKey,
} from './webhooks';

/** Processing of stored webhooks, and the minute sweep for rows whose job was lost. */
export function paymentJobs(deps: Pick<AppDeps, 'db' | 'gateways' | 'jobs'>): JobDefinition<never>[] {
  const { gateways, jobs: sender } = deps;
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
