import { eq, isNotNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { logActivity } from '../activity-log/activity-log.service';
import { repriceBackups } from '../backups/backups.service';
import { endBillableItem, startBillableItem } from '../billing/billable-items';
import { startOfHour } from '../billing/hourly-billing';
import { billingSettings } from '../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError, type OperationState, serverRef } from '../compute/hypervisor';
import { requestConverge } from './converge';
import { type InstanceOperation, instances, type OsTarget, type ResizeTarget } from './instances.tables';

export const INSTANCE_OPERATION_FOLLOW_JOB = 'instances.follow-operation';
export const INSTANCE_OPERATION_SWEEP_JOB = 'instances.sweep-operations';

const HOUR_MS = 3_600_000;
type InstanceRow = typeof instances.$inferSelect;
type Ended = Exclude<OperationState, { state: 'running' }>;
type FollowDeps = { db: Database; hypervisor: Hypervisor; jobs: JobQueue };

/** Asks for a follow run of one instance's resize or OS change; one waits per instance (singleton key). */
export async function requestOperationFollow(jobs: JobQueue, instanceId: number, delaySeconds?: number) {
  const id = await jobs.send(
    INSTANCE_OPERATION_FOLLOW_JOB,
    { instanceId },
    { singletonKey: `instance-operation:${instanceId}`, startAfterSeconds: delaySeconds },
  );
  return id !== null;
}

/**
 * One look at an instance's resize or OS change: 'pending' while the driver runs it, 'settled' once its
 * outcome is recorded or there is nothing to follow. The change the customer asked for is written only
 * when the driver reports success (size, image, billing and the log in one transaction under the row's
 * lock), so a failure half-way leaves the instance, its bill and its password as they were, and a crash
 * repeats the whole look.
 */
export async function followInstanceOperation(
  deps: FollowDeps,
  instanceId: number,
): Promise<'settled' | 'pending'> {
  const { db, hypervisor } = deps;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(instances).where(eq(instances.id, instanceId)).for('update');
    if (!row?.operation) return 'settled' as const;
    let state: OperationState;
    try {
      state = await hypervisor.operation(row.operation.id);
    } catch (error) {
      if (error instanceof HypervisorError && error.kind !== 'not_found') return 'pending' as const;
      state = { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    if (state.state === 'running') return 'pending' as const;
    await record(tx, row, row.operation, state);
    // The status the server ended in, with the change, so the panel never sees one without the other.
    const server = await hypervisor.get(serverRef(row.id)).catch(() => null);
    if (server && row.lifecycle === 'ready')
      await tx.update(instances).set({ status: server.status }).where(eq(instances.id, row.id));
    return 'recorded' as const;
  });
  if (outcome === 'pending') return 'pending';
  // The server left its transitional status: mirror it now rather than at the next sweep.
  if (outcome === 'recorded') await requestConverge(deps.jobs, instanceId);
  return 'settled';
}

async function record(tx: Tx, row: InstanceRow, operation: InstanceOperation, state: Ended) {
  const log = (event: string, data: Record<string, unknown>) =>
    logActivity(tx, {
      customerId: row.customerId,
      event,
      data: { hostname: row.hostname, ...data },
      instanceId: row.id,
      mainIp: row.mainIp,
    });
  const now = new Date();
  await tx.update(instances).set({ operation: null, updatedAt: now }).where(eq(instances.id, row.id));
  // An instance deleted meanwhile keeps what it was billed as; there is nothing left to change.
  if (row.lifecycle !== 'ready') return;
  if (state.state === 'failed') {
    const event = operation.kind === 'resize' ? 'instance_resize_failed' : `${operation.target.event}_failed`;
    await log(event, { reason: 'operation_failed' });
    return;
  }
  if (operation.kind === 'resize') await recordResize(tx, row, operation.target, now, log);
  else await recordOsChange(tx, row, operation.target, log);
}

/**
 * The new size, and billing at the new price from the next full hour after the server took it: the old
 * item ends and a new one starts there, both with reason `resized`, so each hour is billed once
 * (docs/decisions.md, "Resize and the hourly rule"); backups follow the new price.
 */
async function recordResize(
  tx: Tx,
  row: InstanceRow,
  target: ResizeTarget,
  now: Date,
  log: (event: string, data: Record<string, unknown>) => Promise<unknown>,
) {
  const nextHour = new Date(startOfHour(now).getTime() + HOUR_MS);
  const { oneMonthInHours } = await billingSettings(tx);
  if (row.billableItemId !== null) await endBillableItem(tx, row.billableItemId, 'resized', nextHour);
  const item = await startBillableItem(tx, {
    customerId: row.customerId,
    resourceType: 'instance',
    resourceId: String(row.id),
    instanceId: row.id,
    description: row.hostname,
    subDescription: target.subDescription,
    billingCycle: 'hourly',
    monthlyPrice: target.monthlyPrice,
    undiscountedMonthly: target.undiscountedMonthly,
    reason: 'resized',
    startedAt: nextHour,
    oneMonthInHours,
  });
  await repriceBackups(tx, row.id, target.monthlyPrice, nextHour);
  await tx
    .update(instances)
    .set({
      productId: target.productId,
      planName: target.planName,
      vcpuCount: target.vcpu,
      ramMb: target.ramMb,
      diskGb: target.diskGb,
      bandwidthTb: target.bandwidthTb,
      extraResource: target.extraResource,
      billableItemId: item.id,
    })
    .where(eq(instances.id, row.id));
  await log('instance_resized', {
    from: target.from,
    to: `${target.vcpu} vCPU, ${target.ramMb / 1024} GB, ${target.diskGb} GB`,
    cleanInstall: target.cleanInstall,
  });
}

/** The image the server now runs (a reinstall keeps an application; another image drops it). */
async function recordOsChange(
  tx: Tx,
  row: InstanceRow,
  target: OsTarget,
  log: (event: string, data: Record<string, unknown>) => Promise<unknown>,
) {
  await tx
    .update(instances)
    .set({
      osId: target.osId,
      osFamily: target.osFamily,
      osName: target.osName,
      appId: target.appId,
      ocaData: target.ocaData,
    })
    .where(eq(instances.id, row.id));
  await log(target.event, { osName: target.osName, previousOsName: row.osName });
}

/** Every minute, a follow run for each instance with an operation and none waiting (lost jobs, crashes). */
export async function sweepInstanceOperations(db: Database, jobs: JobQueue): Promise<number[]> {
  const rows = await db.select({ id: instances.id }).from(instances).where(isNotNull(instances.operation));
  const asked: number[] = [];
  for (const { id } of rows) if (await requestOperationFollow(jobs, id)) asked.push(id);
  return asked;
}
