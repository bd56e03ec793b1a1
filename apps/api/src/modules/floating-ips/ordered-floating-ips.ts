import type { Micros } from '@nimbus/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { startBillableItem } from '../billing/billable-items';
import { type Hypervisor, type Ipv4Address, serverRef } from '../compute/hypervisor';
import { driverCall } from './floating-ip-errors';
import { floatingIps } from './floating-ips.tables';

/**
 * Floating IPs ordered with instances (creation's `floatingIPCount`, per instance): taken from the driver
 * before the order's transaction, bought in it, and routed to their instance once it is built.
 */
export interface OrderedAddress extends Ipv4Address {
  key: string;
  /** Which of the order's instances (by hostname position) it is for. */
  instanceIndex: number;
}

/**
 * Takes `perInstance` addresses for each of the order's instances. Keyed by the order (its Idempotency-Key
 * when there is one), so a retried order finds the same addresses; on a failure the ones taken go back.
 */
export async function allocateOrderAddresses(
  hypervisor: Hypervisor,
  order: { orderId: string; regionId: number; instances: number; perInstance: number },
): Promise<OrderedAddress[]> {
  const taken: OrderedAddress[] = [];
  try {
    for (let instanceIndex = 0; instanceIndex < order.instances; instanceIndex++)
      for (let i = 0; i < order.perInstance; i++) {
        const key = `fip:order-${order.orderId}:${instanceIndex}:${i}`;
        const address = await driverCall(() => hypervisor.allocateFloatingIp(order.regionId, key));
        taken.push({ ...address, key, instanceIndex });
      }
  } catch (error) {
    await releaseOrderAddresses(hypervisor, taken);
    throw error;
  }
  return taken;
}

/** An order that did not commit gives its addresses back (best effort: a retry would find them by key). */
export async function releaseOrderAddresses(hypervisor: Hypervisor, addresses: readonly OrderedAddress[]) {
  for (const ip of addresses) await hypervisor.releaseFloatingIp(ip.address).catch(() => undefined);
}

/**
 * In the order's transaction: each address becomes the customer's floating IP, its own monthly subscription
 * whose first month is charged now, assigned to its instance (routed there when the instance is built).
 */
export async function buyOrderAddresses(
  tx: DbOrTx,
  order: {
    customerId: number;
    instances: readonly { id: number; hostname: string }[];
    addresses: readonly OrderedAddress[];
    region: { id: number; name: string };
    monthlyPrice: Micros;
    oneMonthInHours: number;
  },
  now = new Date(),
) {
  for (const ip of order.addresses) {
    const instance = order.instances[ip.instanceIndex]!;
    const item = await startBillableItem(tx, {
      customerId: order.customerId,
      resourceType: 'floating-ip',
      resourceId: ip.key,
      description: `Floating IP ${ip.address}`,
      subDescription: `${order.region.name} · ${instance.hostname}`,
      billingCycle: 'monthly',
      monthlyPrice: order.monthlyPrice,
      autoRenew: true,
      startedAt: now,
      oneMonthInHours: order.oneMonthInHours,
    });
    await tx.insert(floatingIps).values({
      customerId: order.customerId,
      driverKey: ip.key,
      address: ip.address,
      netmask: ip.netmask,
      gateway: ip.gateway,
      regionId: order.region.id,
      billableItemId: item.id,
      instanceId: instance.id,
      createdAt: now,
    });
  }
}

const heldBy = (instanceId: number) =>
  and(eq(floatingIps.instanceId, instanceId), isNull(floatingIps.releasedAt));

/**
 * Routes the floating IPs assigned to a newly built instance to it, in the transaction that marks it
 * built: a driver failure rolls that back too, and the next converge run tries again (attaching twice is
 * harmless).
 */
export async function attachAssignedFloatingIps(tx: DbOrTx, hypervisor: Hypervisor, instanceId: number) {
  const rows = await tx.select({ address: floatingIps.address }).from(floatingIps).where(heldBy(instanceId));
  for (const { address } of rows) await hypervisor.attachFloatingIp(serverRef(instanceId), address);
}

/**
 * An instance that could not be built lets go of the floating IPs ordered with it: released in the driver
 * and ended. Returns their billable items, whose charges the caller gives back with the instance's.
 */
export async function releaseAssignedFloatingIps(
  tx: DbOrTx,
  hypervisor: Hypervisor,
  instanceId: number,
  now = new Date(),
): Promise<number[]> {
  const rows = await tx.select().from(floatingIps).where(heldBy(instanceId)).for('update');
  for (const row of rows) {
    await hypervisor.releaseFloatingIp(row.address);
    await tx
      .update(floatingIps)
      .set({ releasedAt: now, instanceId: null, updatedAt: now })
      .where(eq(floatingIps.id, row.id));
  }
  return rows.map((r) => r.billableItemId);
}
