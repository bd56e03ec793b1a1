import type { IsoInstance } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { type Hypervisor, HypervisorError, serverRef } from '../compute/hypervisor';
import { instances } from './instances.tables';

/** Instances (built, being built or being deleted) that have a custom ISO: the ISO page's second list. */
const withIso = (customerId: number, isoId: number) =>
  and(
    eq(instances.customerId, customerId),
    eq(instances.isoId, isoId),
    sql`${instances.lifecycle} IN ('provisioning', 'ready', 'deleting')`,
  );

export async function instancesWithIso(
  db: DbOrTx,
  customerId: number,
  isoId: number,
): Promise<IsoInstance[]> {
  return db
    .select({
      id: instances.id,
      hostname: instances.hostname,
      status: instances.status,
      mainIp: instances.mainIp,
    })
    .from(instances)
    .where(withIso(customerId, isoId))
    .orderBy(instances.id);
}

/**
 * Empties the drive of every instance that still has the ISO when its 48 hours are over. No reboot: the
 * server keeps running from its disk; one still booted from the ISO loses it, as the panel warned. An
 * instance the driver has lost already counts as ejected.
 */
export async function ejectExpiredIso(
  deps: { db: Database; hypervisor: Hypervisor },
  customerId: number,
  isoId: number,
) {
  for (const instance of await instancesWithIso(deps.db, customerId, isoId)) {
    try {
      await deps.hypervisor.ejectIso(serverRef(instance.id));
    } catch (error) {
      if (!(error instanceof HypervisorError && error.kind === 'not_found')) throw error;
    }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(instances)
        .set({ isoId: null, updatedAt: new Date() })
        .where(eq(instances.id, instance.id));
      await logActivity(tx, {
        customerId,
        event: 'instance_iso_expired',
        data: { hostname: instance.hostname },
        instanceId: instance.id,
        mainIp: instance.mainIp,
      });
    });
  }
}
