import { type InvoiceReason, snapshotMonthlyPrice, snapshotSizeGb } from '@nimbus/contract';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { logActivity } from '../activity-log/activity-log.service';
import { endBillableItem, startBillableItem } from '../billing/billable-items';
import { billingSettings } from '../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError, type OperationState, serverRef } from '../compute/hypervisor';
import { requestConverge } from '../instances/converge';
import { notify } from '../notifications/notify';
import {
  lockSnapshotForJob,
  type SnapshotRow,
  snapshotsInOperation,
  updateSnapshot,
} from './snapshots.repository';

export const SNAPSHOT_FOLLOW_JOB = 'snapshots.follow';
export const SNAPSHOT_SWEEP_JOB = 'snapshots.sweep';

type FollowDeps = { db: Database; hypervisor: Hypervisor; jobs: JobQueue };

/** Asks for a follow run of one snapshot's operation; one waits per snapshot (singleton key). */
export async function requestFollow(jobs: JobQueue, snapshotId: number, delaySeconds?: number) {
  const id = await jobs.send(
    SNAPSHOT_FOLLOW_JOB,
    { snapshotId },
    { singletonKey: `snapshot:${snapshotId}`, startAfterSeconds: delaySeconds },
  );
  return id !== null;
}

/**
 * One look at a snapshot's operation: 'pending' while the driver runs it, 'settled' once its outcome is
 * recorded (status, size, billing, log) or there is nothing to follow. The row lock makes it the only run
 * on the snapshot; everything it writes is one transaction, so a crash repeats the whole look.
 */
export async function followSnapshot(deps: FollowDeps, snapshotId: number): Promise<'settled' | 'pending'> {
  const { db, hypervisor } = deps;
  const outcome = await db.transaction(async (tx) => {
    const row = await lockSnapshotForJob(tx, snapshotId);
    if (!row?.operationKind || !row.operationImageRef) return null;
    let state: OperationState;
    try {
      state = await operationState(hypervisor, row);
    } catch (error) {
      if (error instanceof HypervisorError && error.kind !== 'not_found') return 'pending' as const;
      state = { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    if (state.state === 'running') return 'pending' as const;
    await record(tx, hypervisor, row, state);
    return row;
  });
  if (outcome === 'pending') return 'pending';
  // The instance leaves taking_snapshot / loading_snapshot: mirror it now rather than at the next sweep.
  if (outcome) await requestConverge(deps.jobs, outcome.instanceId);
  return 'settled';
}

/**
 * The operation's state. A row whose handle was never stored (a crash right after the driver was asked)
 * asks again: the driver answers the same operation for the same image.
 */
async function operationState(hypervisor: Hypervisor, row: SnapshotRow): Promise<OperationState> {
  let id = row.operationId;
  if (!id) {
    const ref = serverRef(row.instanceId);
    const image = row.operationImageRef!;
    id = (
      row.operationKind === 'restore'
        ? await hypervisor.restoreSnapshot(ref, image)
        : await hypervisor.takeSnapshot(ref, image)
    ).id;
  }
  return hypervisor.operation(id);
}

/** Writes an ended operation's outcome. */
async function record(
  tx: Tx,
  hypervisor: Hypervisor,
  row: SnapshotRow,
  state: Exclude<OperationState, { state: 'running' }>,
) {
  const done = { operationKind: null, operationId: null, operationImageRef: null } as const;
  const logged = (event: string) =>
    logActivity(tx, {
      customerId: row.customerId,
      event,
      data: { hostname: row.metadata.hostname, snapshotId: row.id, name: row.name },
      instanceId: row.instanceId,
      mainIp: row.metadata.ip,
    });
  if (row.operationKind === 'restore') {
    const ok = state.state === 'succeeded';
    await updateSnapshot(tx, row.id, {
      ...done,
      status: 'active',
      ...(ok ? { lastRestoredAt: new Date() } : {}),
    });
    await logged(ok ? 'instance_snapshot_restored' : 'instance_snapshot_restore_failed');
    return;
  }
  if (state.state === 'failed') {
    // A failed retake keeps the snapshot it had; a failed first take has nothing to keep.
    await updateSnapshot(tx, row.id, {
      ...done,
      status: row.operationKind === 'retake' ? 'active' : 'failed',
    });
    await logged('instance_snapshot_failed');
    await notify(tx, row.customerId, 'snapshot_failed', {
      subject: row.id,
      occurrence: row.operationImageRef!,
      data: { name: row.name, hostname: row.metadata.hostname },
    });
    return;
  }
  const sizeMb = state.sizeMb ?? row.sizeMb ?? row.metadata.disk * 1024;
  // The old image goes once the new one exists; deleting it again on a repeated run is harmless.
  if (row.operationKind === 'retake' && row.imageRef && row.imageRef !== row.operationImageRef)
    await hypervisor.deleteSnapshot(row.imageRef);
  const billableItemId = await billFor(
    tx,
    row,
    sizeMb,
    row.operationKind === 'retake' ? 'resized' : 'created',
  );
  await updateSnapshot(tx, row.id, {
    ...done,
    status: 'active',
    sizeMb,
    imageRef: row.operationImageRef,
    billableItemId,
  });
  await logged('instance_snapshot_taken');
  await notify(tx, row.customerId, 'snapshot_ready', {
    subject: row.id,
    occurrence: row.operationImageRef!,
    data: { name: row.name, hostname: row.metadata.hostname },
  });
}

/** Starts billing the snapshot at its size (ending what a retake replaces): hourly, $0.048 per GB-month. */
async function billFor(tx: Tx, row: SnapshotRow, sizeMb: number, reason: InvoiceReason): Promise<number> {
  if (row.billableItemId) await endBillableItem(tx, row.billableItemId, reason);
  const { oneMonthInHours } = await billingSettings(tx);
  const item = await startBillableItem(tx, {
    customerId: row.customerId,
    resourceType: 'snapshot',
    resourceId: String(row.id),
    description: `Snapshot ${row.name}`,
    subDescription: `${snapshotSizeGb(sizeMb).toFixed(2)} GB`,
    billingCycle: 'hourly',
    monthlyPrice: snapshotMonthlyPrice(sizeMb),
    reason,
    oneMonthInHours,
  });
  return item.id;
}

/** Every minute, a follow run for each snapshot with an operation and none waiting (lost jobs, crashes). */
export async function sweepSnapshotOperations(db: Database, jobs: JobQueue): Promise<number[]> {
  const asked: number[] = [];
  for (const id of await snapshotsInOperation(db)) if (await requestFollow(jobs, id)) asked.push(id);
  return asked;
}
