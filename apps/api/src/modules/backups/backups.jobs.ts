import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { followBackupRestores, purgeDisabledBackups, takeDueBackups } from './backup-scheduler';

/** The backup scheduler every minute, restores followed every minute, disabled backups purged hourly. */
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
      name: 'backups.follow-restores',
      schedule: '* * * * *',
      retryLimit: 1,
      concurrency: 1,
      handler: async () => {
        await followBackupRestores(deps.db);
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
