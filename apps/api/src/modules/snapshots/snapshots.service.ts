import {
  type Snapshot,
  type SnapshotList,
  snapshotErrorCodes,
  type snapshotListQuerySchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { endBillableItem } from '../billing/billable-items';
import { type Hypervisor, HypervisorError, serverRef } from '../compute/hypervisor';
import { requestConverge } from '../instances/converge';
import { infrastructureError } from '../instances/instance-action-support';
import { buildingFromSnapshot, goneInstanceIds } from '../instances/instance-lifecycles';
import { isAccountSuspended } from '../instances/instance-suspension';
import { findInstance } from '../instances/instances.repository';
import { metadataOf, snapshotName, toSnapshot } from './snapshot.mapper';
import {
  assertCanAffordSnapshot,
  assertSnapshotable,
  type Customer,
  snapshotableInstance,
  snapshotNotFound,
} from './snapshot-guards';
import { requestFollow } from './snapshot-progress';
import {
  findSnapshot,
  insertSnapshot,
  listSnapshotPage,
  type SnapshotRow,
  updateSnapshot,
} from './snapshots.repository';
import type { SnapshotOperationKind } from './snapshots.tables';

type ListQuery = z.output<typeof snapshotListQuerySchema>;
const changing = () =>
  conflict('INSTANCE_CHANGING', 'The instance is changing. Try again when it has settled.');

/**
 * Snapshots of instances (instances.md §4, §6, §7): take, retake, restore and delete. Each operation is
 * recorded before the driver is called and followed by the snapshots.follow job until it ends; billing
 * starts when a snapshot exists ($0.048 per GB-month, hourly) and ends when it is deleted.
 */
export function createSnapshots(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor, jobs } = deps;

  const log = (snapshot: SnapshotRow, event: string, mainIp: string | null = null) =>
    logActivity(db, {
      customerId: snapshot.customerId,
      event,
      data: { hostname: snapshot.metadata.hostname, snapshotId: snapshot.id, name: snapshot.name },
      instanceId: snapshot.instanceId,
      mainIp,
    });

  async function answer(row: SnapshotRow): Promise<Snapshot> {
    return toSnapshot(row, (await goneInstanceIds(db, [row.instanceId])).has(row.instanceId));
  }

  /**
   * Asks the driver for the operation the row records, and stores its handle; on a refusal the row goes
   * back to where it was and the customer is told why.
   */
  async function start(
    row: SnapshotRow,
    kind: SnapshotOperationKind,
    imageRef: string,
    undo: Partial<SnapshotRow>,
  ) {
    const ref = serverRef(row.instanceId);
    try {
      const handle =
        kind === 'restore'
          ? await hypervisor.restoreSnapshot(ref, imageRef)
          : await hypervisor.takeSnapshot(ref, imageRef);
      await updateSnapshot(db, row.id, { operationId: handle.id });
    } catch (error) {
      await updateSnapshot(db, row.id, { operationKind: null, operationImageRef: null, ...undo });
      await log(row, kind === 'restore' ? 'instance_snapshot_restore_failed' : 'instance_snapshot_failed');
      if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
      throw infrastructureError();
    }
    await requestConverge(jobs, row.instanceId, 1);
    await requestFollow(jobs, row.id, 1);
  }

  async function ownSnapshot(customer: Customer, id: number) {
    const row = await findSnapshot(db, customer.id, id);
    if (!row) throw snapshotNotFound();
    return row;
  }

  /** An active snapshot whose instance still exists and may be worked on now. */
  async function usable(customer: Customer, id: number) {
    const row = await ownSnapshot(customer, id);
    if (row.status !== 'active' || row.operationKind)
      throw conflict(snapshotErrorCodes.notActive, 'The snapshot is being taken or restored, or it failed.');
    const record = await findInstance(db, customer.id, row.instanceId, isAccountSuspended(customer.status));
    if (record?.instance.lifecycle !== 'ready')
      throw conflict(
        snapshotErrorCodes.instanceDeleted,
        'The instance of this snapshot was deleted. Create a new instance from the snapshot instead.',
      );
    return { row, record: await assertSnapshotable(db, record) };
  }

  return {
    async list(customer: Customer, query: ListQuery): Promise<SnapshotList> {
      // Automated backups are not snapshots here: they are listed under /backups.
      const filter = {
        status: query.status,
        instanceId: query.instanceId,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      };
      const { rows, total } = query.isAutomatedBackup
        ? { rows: [], total: 0 }
        : await listSnapshotPage(db, customer.id, filter);
      const gone = await goneInstanceIds(db, [...new Set(rows.map((r) => r.instanceId))]);
      return {
        items: rows.map((r) => toSnapshot(r, gone.has(r.instanceId))),
        pageSize: query.limit,
        totalCount: total,
        totalPages: Math.ceil(total / query.limit),
      };
    },

    async get(customer: Customer, id: number): Promise<Snapshot> {
      return answer(await ownSnapshot(customer, id));
    },

    async take(customer: Customer, instanceId: number): Promise<Snapshot> {
      const { instance } = await snapshotableInstance(db, customer, instanceId);
      const created = await db.transaction(async (tx) => {
        await assertCanAffordSnapshot(tx, customer.id, instance.diskGb);
        const now = new Date();
        return insertSnapshot(tx, {
          customerId: customer.id,
          instanceId: instance.id,
          regionId: instance.regionId,
          productId: instance.productId,
          name: snapshotName(instance.hostname, now),
          status: 'in_progress',
          operationKind: 'take',
          metadata: metadataOf(instance),
          createdAt: now,
        });
      });
      const imageRef = `snapshot-${created.id}-1`;
      await updateSnapshot(db, created.id, { operationImageRef: imageRef });
      // A take the driver refused leaves nothing behind: the customer is told why, no snapshot is listed.
      await start(created, 'take', imageRef, { status: 'failed', deletedAt: new Date() });
      await log(created, 'instance_snapshot_requested', instance.mainIp);
      return answer((await findSnapshot(db, customer.id, created.id))!);
    },

    /** Takes the snapshot again into a new image; the old one stays usable until the new one exists. */
    async retake(customer: Customer, id: number): Promise<Snapshot> {
      const { row, record } = await usable(customer, id);
      await db.transaction(async (tx) => {
        await assertCanAffordSnapshot(tx, customer.id, record.instance.diskGb);
      });
      const imageRef = `snapshot-${row.id}-${Date.now()}`;
      await updateSnapshot(db, row.id, {
        status: 'in_progress',
        operationKind: 'retake',
        operationImageRef: imageRef,
        metadata: metadataOf(record.instance),
      });
      await start(row, 'retake', imageRef, { status: 'active' });
      await log(row, 'instance_snapshot_requested', record.instance.mainIp);
      return answer((await findSnapshot(db, customer.id, id))!);
    },

    /** Writes the snapshot back over its instance's disk, which must be at least as large (409 otherwise). */
    async restore(customer: Customer, id: number): Promise<Snapshot> {
      const { row, record } = await usable(customer, id);
      if (row.metadata.disk > record.instance.diskGb)
        throw conflict(
          snapshotErrorCodes.notCompatible,
          `The snapshot needs a ${row.metadata.disk} GB disk; the instance has ${record.instance.diskGb} GB. Resize the instance first.`,
        );
      await updateSnapshot(db, row.id, {
        status: 'restoring',
        operationKind: 'restore',
        operationImageRef: row.imageRef,
      });
      await start(row, 'restore', row.imageRef!, { status: 'active' });
      await log(row, 'instance_snapshot_restore_requested', record.instance.mainIp);
      return answer((await findSnapshot(db, customer.id, id))!);
    },

    /**
     * Deletes the image and ends its billing. Allowed while the account is suspended (it only lowers
     * what the customer owes), refused while an operation runs on it.
     */
    async remove(customer: Customer, id: number): Promise<void> {
      const row = await ownSnapshot(customer, id);
      if (row.operationKind)
        throw conflict(
          snapshotErrorCodes.notActive,
          'The snapshot is being taken or restored. Try again when it has finished.',
        );
      if (await buildingFromSnapshot(db, row.id))
        throw conflict(
          snapshotErrorCodes.notActive,
          'An instance is being created from this snapshot. Try again when it is ready.',
        );
      try {
        if (row.imageRef) await hypervisor.deleteSnapshot(row.imageRef);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw infrastructureError();
      }
      await db.transaction(async (tx) => {
        const locked = await findSnapshot(tx, customer.id, id, true);
        if (!locked) return;
        if (locked.billableItemId) await endBillableItem(tx, locked.billableItemId, 'snapshot-deleted');
        await updateSnapshot(tx, id, { deletedAt: new Date() });
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_snapshot_deleted',
          data: { hostname: row.metadata.hostname, snapshotId: row.id, name: row.name },
          instanceId: row.instanceId,
        });
      });
    },
  };
}
