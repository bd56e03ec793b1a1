import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { logActivity } from '../activity-log/activity-log.service';
import { HypervisorError } from '../compute/hypervisor';
import { ejectExpiredIso } from '../instances/instance-isos';
import { downloadIso } from './iso-download';
import { isoSourceOptions } from './iso-source-options';
import { expiredIsos, isoImageRef, unclaimedDownloads, updateIso } from './isos.repository';
import { ISO_DOWNLOAD_JOB } from './isos.service';

/**
 * The 48-hour rule: an expired ISO is ejected from the instances that still have it, removed from the
 * store, and deleted. Each step may be repeated by a retried run.
 */
export async function expireIsos(deps: Pick<AppDeps, 'db' | 'hypervisor'>, now = new Date()) {
  for (const iso of await expiredIsos(deps.db, now)) {
    await ejectExpiredIso(deps, iso.customerId, iso.id);
    try {
      await deps.hypervisor.deleteIso(isoImageRef(iso.id));
    } catch (error) {
      // Still in a drive the instances area no longer knows of: the next run tries again.
      if (error instanceof HypervisorError && error.kind === 'invalid_state') continue;
      throw error;
    }
    await deps.db.transaction(async (tx) => {
      if (await updateIso(tx, iso.id, { deletedAt: now }))
        await logActivity(tx, { customerId: iso.customerId, event: 'iso_expired', data: { name: iso.name } });
    });
  }
}

/**
 * Downloads run as jobs: one per import, continued by the next when its time is up; a sweep every
 * minute restarts downloads nobody holds (a worker died, or one paused after breaking off).
 */
export function isoJobs(
  deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs' | 'config'>,
): JobDefinition<never>[] {
  const source = isoSourceOptions(deps.config);
  const jobs: JobDefinition[] = [
    {
      name: ISO_DOWNLOAD_JOB,
      retryLimit: 2,
      concurrency: 2,
      handler: async (data) => {
        const isoId = Number((data as { isoId?: unknown }).isoId);
        if (!Number.isSafeInteger(isoId)) return;
        const outcome = await downloadIso({ db: deps.db, hypervisor: deps.hypervisor, source }, isoId);
        if (outcome === 'continue') await deps.jobs.send(ISO_DOWNLOAD_JOB, { isoId });
      },
    },
    {
      name: 'isos.sweep',
      schedule: '* * * * *',
      retryLimit: 1,
      concurrency: 1,
      handler: async () => {
        for (const { id } of await unclaimedDownloads(deps.db))
          await deps.jobs.send(ISO_DOWNLOAD_JOB, { isoId: id }, { singletonKey: `iso-${id}` });
      },
    },
    {
      name: 'isos.expire',
      schedule: '*/5 * * * *',
      retryLimit: 2,
      concurrency: 1,
      handler: async () => {
        await expireIsos(deps);
      },
    },
  ];
  return jobs as JobDefinition<never>[];
}
