import type { AppDeps } from '../../deps';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import {
  deliverMail,
  deliveryJobKey,
  findUndispatchedMail,
  MAIL_DELIVER_JOB,
  MAIL_DELIVERY_RETRY_LIMIT,
  MAIL_SWEEP_JOB,
} from './mail.delivery';
import { createMailTransport } from './mail.transport';

/** Queues delivery of each outbox row; the same call serves the mail service and the sweeper. */
export async function dispatchMail(jobs: JobQueue, ids: number[]) {
  for (const id of ids) await jobs.send(MAIL_DELIVER_JOB, { id }, { singletonKey: deliveryJobKey(id) });
}

/** The mail area's background jobs: delivery of one outbox row, and the minute sweep for lost ones. */
export function mailJobs(deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>): JobDefinition<never>[] {
  const transport = createMailTransport(deps.config);
  const sender = deps.jobs;
  const deliver: JobDefinition<{ id: number }> = {
    name: MAIL_DELIVER_JOB,
    retryLimit: MAIL_DELIVERY_RETRY_LIMIT,
    retryDelaySeconds: 30,
    concurrency: 2,
    handler: async ({ id }) => {
      await deliverMail(deps.db, transport, id);
    },
  };
  const sweep: JobDefinition = {
    name: MAIL_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 0,
    concurrency: 1,
    handler: async () => {
      await dispatchMail(sender, await findUndispatchedMail(deps.db));
    },
  };
  return [deliver, sweep] as JobDefinition<never>[];
}
