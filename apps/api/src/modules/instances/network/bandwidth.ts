import {
  bandwidthCycleOf,
  bytesToGib,
  fromMicros,
  GIB_PER_TB,
  type NetworkStats,
  overageMicros,
  toMicros,
} from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { logActivity } from '../../activity-log/activity-log.service';
import { addOverageLine, ensureInvoice } from '../../billing/invoice-lines';
import { postLedgerEntry } from '../../billing/ledger';
import { loadAppConfig } from '../../catalogue/app-config';
import { type Hypervisor, HypervisorError, serverRef } from '../../compute/hypervisor';
import type { instances } from '../instances.tables';
import { bandwidthCycles, bandwidthPackages } from './network.tables';

type InstanceRow = typeof instances.$inferSelect;

/** The transfer cycle an instance is in at `at`; an instance not started yet counts from its creation. */
export const cycleOfInstance = (row: InstanceRow, at: Date) =>
  bandwidthCycleOf(row.startedAt ?? row.insertedAt, at);

/** TB of transfer packages bought for the cycle starting at `cycleStart`. */
export async function packagesTb(db: DbOrTx, instanceId: number, cycleStart: Date): Promise<number> {
  const [row] = await db
    .select({ tb: sql<number>`coalesce(sum(${bandwidthPackages.amountTb}), 0)`.mapWith(Number) })
    .from(bandwidthPackages)
    .where(and(eq(bandwidthPackages.instanceId, instanceId), eq(bandwidthPackages.cycleStart, cycleStart)));
  return row?.tb ?? 0;
}

/** The figures of a cycle from the bytes the driver counted in it. */
export function statsOf(
  row: InstanceRow,
  cycle: { start: Date; end: Date },
  usedBytes: number,
  packageTb: number,
  pricePerGib: number,
): NetworkStats & { overageMicros: number } {
  const planGib = row.bandwidthTb * GIB_PER_TB;
  const packageGib = packageTb * GIB_PER_TB;
  const allowed = planGib + packageGib;
  const usage = bytesToGib(usedBytes);
  const overage = overageMicros(usedBytes, allowed, pricePerGib);
  return {
    instanceId: row.id,
    allowedBandwidth: allowed,
    planBandwidth: planGib,
    packageBandwidth: packageGib,
    actualUsage: usage,
    startedAt: cycle.start.toISOString(),
    endsAt: cycle.end.toISOString(),
    exceedance: Math.max(0, Math.round((usage - allowed) * 100) / 100),
    overageAmount: fromMicros(overage, 4),
    willBeChargedInCaseOfTermination: overage > 0,
    overageMicros: overage,
  };
}

/** The current cycle's transfer of an instance, as the driver counts it now. */
export async function currentStats(db: DbOrTx, hypervisor: Hypervisor, row: InstanceRow, now = new Date()) {
  const cycle = cycleOfInstance(row, now);
  const [{ bytes }, tb] = [
    await hypervisor.bandwidthUsage(serverRef(row.id), cycle.start, now),
    await packagesTb(db, row.id, cycle.start),
  ];
  return statsOf(row, cycle, bytes, tb, await overagePrice(db));
}

/** The catalogue's price of a GiB beyond the allowance. */
const overagePrice = async (db: DbOrTx) => toMicros((await loadAppConfig(db)).overagePricePerGib);

/**
 * Closes one transfer cycle of an instance, in the caller's transaction: the driver's count up to `until`
 * (the cycle's end, or the deletion), the overage charged through the ledger and on the month's invoice,
 * and the cycle's row. A cycle already closed is left alone, and the ledger key is the cycle's, so a
 * retried run never charges twice. A server the driver no longer knows is closed without a charge.
 */
export async function closeCycle(
  tx: DbOrTx,
  hypervisor: Hypervisor,
  row: InstanceRow,
  cycle: { start: Date; end: Date },
  until: Date,
): Promise<{ charged: number } | null> {
  const [closed] = await tx
    .select({ id: bandwidthCycles.id })
    .from(bandwidthCycles)
    .where(and(eq(bandwidthCycles.instanceId, row.id), eq(bandwidthCycles.cycleStart, cycle.start)));
  if (closed) return null;
  let bytes = 0;
  try {
    bytes = (await hypervisor.bandwidthUsage(serverRef(row.id), cycle.start, until)).bytes;
  } catch (error) {
    if (!(error instanceof HypervisorError && error.kind === 'not_found')) throw error;
  }
  const stats = statsOf(row, cycle, bytes, await packagesTb(tx, row.id, cycle.start), await overagePrice(tx));
  const inserted = await tx
    .insert(bandwidthCycles)
    .values({
      customerId: row.customerId,
      instanceId: row.id,
      cycleStart: cycle.start,
      cycleEnd: until,
      usedBytes: bytes,
      allowedGib: stats.allowedBandwidth,
      overage: stats.overageMicros,
    })
    .onConflictDoNothing()
    .returning({ id: bandwidthCycles.id });
  if (inserted.length === 0 || stats.overageMicros === 0) return { charged: 0 };
  const invoiceId = await ensureInvoice(tx, row.customerId, until);
  const description = `Transfer overage: ${row.hostname}, ${stats.exceedance} GiB beyond ${stats.allowedBandwidth} GiB`;
  await postLedgerEntry(tx, {
    customerId: row.customerId,
    kind: 'usage_charge',
    amount: -stats.overageMicros,
    idempotencyKey: `overage:${row.id}:${cycle.start.toISOString()}`,
    description,
    billableItemId: row.billableItemId,
    invoiceId,
  });
  await addOverageLine(tx, {
    invoiceId,
    customerId: row.customerId,
    billableItemId: row.billableItemId ?? 0,
    instanceId: row.id,
    billingCycle: row.billingCycle,
    description: row.hostname,
    subDescription: description,
    hundredthsOfGib: Math.round(stats.exceedance * 100),
    amount: stats.overageMicros,
    start: cycle.start,
    end: until,
  });
  await logActivity(tx, {
    customerId: row.customerId,
    event: 'instance_bandwidth_overage_charged',
    data: { hostname: row.hostname, amount: stats.overageAmount, exceedance: stats.exceedance },
    instanceId: row.id,
    mainIp: row.mainIp,
  });
  return { charged: stats.overageMicros };
}
