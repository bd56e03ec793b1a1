import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { followBackupOperations, purgeDisabledBackups, takeDueBackups } from './backup-scheduler';

/** The backup scheduler every minute, backups and restores followed every minute, disabled ones purged hourly. */
export function backupJobs(deps: Pick<AppDeps, 'db' | 'hypervisor'>): JobDefinition<never>[] {
  const jobs: JobDefinition[] = [
    {
      name: 'backups.schedule',
      schedule: '* * * * *',
      retryLimit: 1,
      concurrency: 1,
      handler: async () => {
        await takeDueBackups(deps);
      },
    },
    {
      name: 'backups.follow',
      schedule: '* * * * *',
      retryLimit: 1,
      concurrency: 1,
      handler: async () => {
        await followBackupOperations(deps);
      },
    },
    {
      name: 'backups.purge',
      schedule: '17 * * * *',
      retryLimit: 2,
      concurrency: 1,
      handler: async () => {
        await purgeDisabledBackups(deps);
      },
    },
  ];
  return jobs as JobDefinition<never>[];
}
