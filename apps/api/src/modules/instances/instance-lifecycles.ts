import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { instances } from './instances.tables';

/** Which of these instances are gone (deleted, failed, or being deleted), for their snapshots' lists. */
export async function goneInstanceIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(inArray(instances.id, ids), inArray(instances.lifecycle, ['deleting', 'deleted', 'failed'])));
  return new Set(rows.map((r) => r.id));
}

/** Whether an instance is being built from this snapshot now (its image must stay until it is). */
export async function buildingFromSnapshot(db: DbOrTx, snapshotId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.sourceSnapshotId, snapshotId), eq(instances.lifecycle, 'provisioning')))
    .limit(1);
  return Boolean(row);
}

/** Running instances (built; active or in rescue) after `afterId`, by id, for the metrics collector. */
export async function runningInstancesPage(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({ id: instances.id, customerId: instances.customerId, featureIds: instances.featureIds })
    .from(instances)
    .where(
      and(
        eq(instances.lifecycle, 'ready'),
        inArray(instances.status, ['active', 'rescue']),
        gt(instances.id, afterId),
      ),
    )
    .orderBy(asc(instances.id))
    .limit(limit);
}

/** What other areas need to know of some instances (backups): where they are in their life, and names. */
export async function instanceFacts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, InstanceFacts>();
  const rows = await db
    .select({
      id: instances.id,
      customerId: instances.customerId,
      lifecycle: instances.lifecycle,
      status: instances.status,
      hostname: instances.hostname,
      mainIp: instances.mainIp,
      regionId: instances.regionId,
      isoId: instances.isoId,
      planClass: instances.planClass,
      diskGb: instances.diskGb,
      osId: instances.osId,
    })
    .from(instances)
    .where(inArray(instances.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
export type InstanceFacts = {
  id: number;
  customerId: number;
  lifecycle: string;
  status: string;
  hostname: string;
  mainIp: string | null;
  regionId: number;
  isoId: number | null;
  planClass: string;
  diskGb: number;
  osId: number | null;
};

/** Whether an instance is being built from this backup now (its image must stay until it is). */
export async function buildingFromBackup(db: DbOrTx, backupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.sourceBackupId, backupId), eq(instances.lifecycle, 'provisioning')))
    .limit(1);
  return Boolean(row);
}
