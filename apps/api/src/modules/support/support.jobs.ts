import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { createAttachmentService } from './attachments.service';

/** Uploads that no message claimed within a day are removed every hour. */
export function supportJobs(deps: Pick<AppDeps, 'db' | 'attachmentStore'>): JobDefinition<never>[] {
  const attachments = createAttachmentService({ db: deps.db, store: deps.attachmentStore });
  return [
    {
      name: 'support.sweep-uploads',
      schedule: '17 * * * *',
      retryLimit: 1,
      concurrency: 1,
      handler: async () => {
        await attachments.sweepUnclaimed();
      },
    },
  ] as JobDefinition<never>[];
}
