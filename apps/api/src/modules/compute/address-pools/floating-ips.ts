import { and, eq, like } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { HypervisorError, type Ipv4Address } from '../hypervisor';
import { allocateAddress, describeAddresses } from './address-pools';
import { ipAllocations, ipPools } from './address-pools.tables';

/**
 * Floating IPs: an allocation of the region's IPv4 pool owned by the key `floating:<key>` instead of a
 * server, so deleting a server never takes it; `attachedRef` says which server it is routed to. Each
 * driver says where its servers are and readies a region's pools (the simulator builds its own).
 */
export interface FloatingIpDeps {
  db: Database;
  /** Locks the region's pools and says whether the region can hand out addresses. */
  prepareRegion(tx: DbOrTx, regionId: number): Promise<boolean>;
  /** The region of a live server, or null when there is no such server. */
  serverRegion(tx: DbOrTx, ref: string): Promise<number | null>;
  /** Called after an attachment changes, so the driver can tell the server. */
  attachmentChanged?(tx: DbOrTx, ref: string): Promise<void>;
}
const ownerOf = (key: string) => `floating:${key}`;

async function lockFloating(tx: DbOrTx, address: string) {
  const [row] = await tx
    .select({
      address: ipAllocations.address,
      attachedRef: ipAllocations.attachedRef,
      regionId: ipPools.regionId,
    })
    .from(ipAllocations)
    .innerJoin(ipPools, eq(ipPools.id, ipAllocations.poolId))
    .where(and(eq(ipAllocations.address, address), like(ipAllocations.serverRef, 'floating:%')))
    .for('update', { of: ipAllocations });
  if (!row) throw new HypervisorError('not_found', `No floating IP ${address}.`);
  return row;
}

export function floatingIpOperations(deps: FloatingIpDeps) {
  const { db } = deps;
  return {
    async allocateFloatingIp(regionId: number, key: string): Promise<Ipv4Address> {
      return db.transaction(async (tx) => {
        if (!(await deps.prepareRegion(tx, regionId)))
          throw new HypervisorError('not_found', `Region ${regionId} does not exist.`);
        const address = await allocateAddress(tx, ownerOf(key), regionId, 'ipv4');
        if (!address) throw new HypervisorError('no_capacity', `No free IPv4 address in region ${regionId}.`);
        const { ipv4 } = await describeAddresses(tx, address, null);
        return ipv4!;
      });
    },

    async releaseFloatingIp(address: string) {
      await db
        .delete(ipAllocations)
        .where(and(eq(ipAllocations.address, address), like(ipAllocations.serverRef, 'floating:%')));
    },

    async attachFloatingIp(ref: string, address: string) {
      await db.transaction(async (tx) => {
        const ip = await lockFloating(tx, address);
        const regionId = await deps.serverRegion(tx, ref);
        if (regionId === null) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
        if (ip.attachedRef === ref) return;
        if (ip.attachedRef !== null)
          throw new HypervisorError('invalid_state', `${address} is attached to another server.`);
        if (regionId !== ip.regionId)
          throw new HypervisorError('invalid_state', `${address} belongs to another region than ${ref}.`);
        await tx.update(ipAllocations).set({ attachedRef: ref }).where(eq(ipAllocations.address, address));
        await deps.attachmentChanged?.(tx, ref);
      });
    },

    async detachFloatingIp(ref: string, address: string) {
      await db.transaction(async (tx) => {
        const ip = await lockFloating(tx, address);
        if (ip.attachedRef !== ref) return;
        await tx.update(ipAllocations).set({ attachedRef: null }).where(eq(ipAllocations.address, address));
        await deps.attachmentChanged?.(tx, ref);
      });
    },

    async floatingIpAttachment(address: string) {
      return db.transaction(async (tx) => (await lockFloating(tx, address)).attachedRef);
    },
  };
}

/** A deleted server lets go of the floating IPs attached to it. */
export async function detachFloatingIpsFrom(tx: DbOrTx, ref: string) {
  await tx.update(ipAllocations).set({ attachedRef: null }).where(eq(ipAllocations.attachedRef, ref));
}

/** The floating IPs routed to a server. */
export async function floatingIpsOf(tx: DbOrTx, ref: string): Promise<string[]> {
  const rows = await tx
    .select({ address: ipAllocations.address })
    .from(ipAllocations)
    .where(eq(ipAllocations.attachedRef, ref));
  return rows.map((r) => r.address);
}
