import { and, eq, isNull, like } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { HypervisorError, type Ipv4Address } from '../hypervisor';
import { allocateAddress, describeAddresses } from './addresses';
import { ensureRegionFleet, lockRegion } from './fleet';
import type { SimulatorDeps } from './servers';
import { simIpAllocations, simIpPools, simServers } from './simulator.tables';

/**
 * Floating IPs in the simulated cloud: an allocation of the region's IPv4 pool owned by the key
 * `floating:<key>` instead of a server, so deleting a server never takes it; `attachedRef` routes it.
 */
const ownerOf = (key: string) => `floating:${key}`;

async function lockFloating(tx: DbOrTx, address: string) {
  const [row] = await tx
    .select({
      address: simIpAllocations.address,
      attachedRef: simIpAllocations.attachedRef,
      regionId: simIpPools.regionId,
    })
    .from(simIpAllocations)
    .innerJoin(simIpPools, eq(simIpPools.id, simIpAllocations.poolId))
    .where(and(eq(simIpAllocations.address, address), like(simIpAllocations.serverRef, 'floating:%')))
    .for('update', { of: simIpAllocations });
  if (!row) throw new HypervisorError('not_found', `No floating IP ${address}.`);
  return row;
}

export function floatingIpOperations(deps: SimulatorDeps) {
  const { db } = deps;
  return {
    async allocateFloatingIp(regionId: number, key: string): Promise<Ipv4Address> {
      return db.transaction(async (tx) => {
        await lockRegion(tx, regionId);
        if (!(await ensureRegionFleet(tx, regionId)))
          throw new HypervisorError('not_found', `Region ${regionId} does not exist.`);
        const address = await allocateAddress(tx, ownerOf(key), regionId, 'ipv4');
        if (!address) throw new HypervisorError('no_capacity', `No free IPv4 address in region ${regionId}.`);
        const { ipv4 } = await describeAddresses(tx, address, null);
        return ipv4!;
      });
    },

    async releaseFloatingIp(address: string) {
      await db
        .delete(simIpAllocations)
        .where(and(eq(simIpAllocations.address, address), like(simIpAllocations.serverRef, 'floating:%')));
    },

    async attachFloatingIp(ref: string, address: string) {
      await db.transaction(async (tx) => {
        const ip = await lockFloating(tx, address);
        const [server] = await tx
          .select({ regionId: simServers.regionId })
          .from(simServers)
          .where(and(eq(simServers.ref, ref), isNull(simServers.deletedAt)));
        if (!server) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
        if (ip.attachedRef === ref) return;
        if (ip.attachedRef !== null)
          throw new HypervisorError('invalid_state', `${address} is attached to another server.`);
        if (server.regionId !== ip.regionId)
          throw new HypervisorError('invalid_state', `${address} belongs to another region than ${ref}.`);
        await tx
          .update(simIpAllocations)
          .set({ attachedRef: ref })
          .where(eq(simIpAllocations.address, address));
      });
    },

    async detachFloatingIp(ref: string, address: string) {
      await db.transaction(async (tx) => {
        const ip = await lockFloating(tx, address);
        if (ip.attachedRef !== ref) return;
        await tx
          .update(simIpAllocations)
          .set({ attachedRef: null })
          .where(eq(simIpAllocations.address, address));
      });
    },

    async floatingIpAttachment(address: string) {
      return db.transaction(async (tx) => (await lockFloating(tx, address)).attachedRef);
    },
  };
}

/** A deleted server lets go of the floating IPs attached to it. */
export async function detachFloatingIpsFrom(tx: DbOrTx, ref: string) {
  await tx.update(simIpAllocations).set({ attachedRef: null }).where(eq(simIpAllocations.attachedRef, ref));
}
