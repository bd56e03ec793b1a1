import type { CreationResult } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { type Hypervisor, HypervisorError } from '../../compute/hypervisor';
import { requestConverge } from '../converge';
import { instances } from '../instances.tables';
import type { InstanceRow } from './creation.order';
import { failInstanceCreation } from './creation-failure';
import { serverSpecOf } from './server-spec';

export const NO_CAPACITY_DETAIL =
  'No capacity is left in this region for this instance; nothing was charged for it.';

/**
 * After the order committed: asks the driver for each server (to hand the password back once) and queues
 * its converge run. No capacity fails that instance and returns its money; any other driver error leaves
 * it to the converge job, which creates it on a later run.
 */
export async function startServers(
  deps: { db: Database; jobs: JobQueue; hypervisor: Hypervisor },
  rows: InstanceRow[],
): Promise<CreationResult[]> {
  const results: CreationResult[] = [];
  for (const row of rows) {
    let password: string | null = null;
    let failed = false;
    try {
      const created = await deps.hypervisor.create(await serverSpecOf(deps.db, row));
      password = created.password;
      await deps.db.update(instances).set({ driverCreatedAt: sql`now()` }).where(eq(instances.id, row.id));
    } catch (error) {
      if (error instanceof HypervisorError && error.kind === 'no_capacity') {
        await deps.db.transaction((tx) => failInstanceCreation(tx, deps.hypervisor, row.id, error.message));
        failed = true;
      }
      // Anything else: the converge run retries the create.
    }
    if (failed) {
      results.push({
        hostname: row.hostname,
        code: 'NO_CAPACITY',
        detail: NO_CAPACITY_DETAIL,
        instanceId: row.id,
        password: null,
      });
      continue;
    }
    await requestConverge(deps.jobs, row.id);
    results.push({
      hostname: row.hostname,
      code: 'CREATED',
      detail: 'Instance is being created.',
      instanceId: row.id,
      password,
    });
  }
  return results;
}
