import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { ServerSpec } from '../hypervisor';
import { type LibvirtHostState, libvirtHosts, libvirtServers } from './libvirt.tables';
import { virshFor } from './virsh';

export type LibvirtHost = typeof libvirtHosts.$inferSelect;

/** Serialises reading a region's free capacity and taking it, across every process. */
export async function lockRegion(tx: DbOrTx, regionId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('nimbus.libvirt.region'), ${regionId})`);
}

/** Each host of the region with what its live servers take (deleted ones give their share back). */
export async function hostUsage(tx: DbOrTx, regionId: number) {
  return tx
    .select({
      host: libvirtHosts,
      vcpu: sql<number>`coalesce(sum((${libvirtServers.spec}->>'vcpu')::int), 0)::int`,
      ramMb: sql<number>`coalesce(sum((${libvirtServers.spec}->>'ramMb')::int), 0)::int`,
      diskGb: sql<number>`coalesce(sum((${libvirtServers.spec}->>'diskGb')::int), 0)::int`,
    })
    .from(libvirtHosts)
    .leftJoin(
      libvirtServers,
      and(eq(libvirtServers.hostId, libvirtHosts.id), isNull(libvirtServers.deletedAt)),
    )
    .where(eq(libvirtHosts.regionId, regionId))
    .groupBy(libvirtHosts.id);
}

type Size = Pick<ServerSpec, 'vcpu' | 'ramMb' | 'diskGb'>;
type Usage = Awaited<ReturnType<typeof hostUsage>>[number];

export const fits = (usage: Usage, size: Size, already: Size = { vcpu: 0, ramMb: 0, diskGb: 0 }) =>
  usage.host.vcpuCapacity - usage.vcpu + already.vcpu >= size.vcpu &&
  usage.host.ramMbCapacity - usage.ramMb + already.ramMb >= size.ramMb &&
  usage.host.diskGbCapacity - usage.diskGb + already.diskGb >= size.diskGb;

export async function hostById(db: DbOrTx, id: number): Promise<LibvirtHost> {
  const [host] = await db.select().from(libvirtHosts).where(eq(libvirtHosts.id, id));
  if (!host) throw new Error(`libvirt host ${id} is not registered`);
  return host;
}

/** Records what a host's last call or check said; a draining host stays draining. */
export async function recordHostHealth(db: DbOrTx, host: LibvirtHost, error: string | null) {
  const state: LibvirtHostState = host.state === 'draining' ? 'draining' : error ? 'down' : 'up';
  await db
    .update(libvirtHosts)
    .set({ state, lastError: error, checkedAt: new Date() })
    .where(eq(libvirtHosts.id, host.id));
}

/** Asks every host for its version; the ones that do not answer are marked down, the others up. */
export async function checkHosts(db: DbOrTx): Promise<{ name: string; state: LibvirtHostState }[]> {
  const hosts = await db.select().from(libvirtHosts);
  return Promise.all(
    hosts.map(async (host) => {
      let error: string | null = null;
      try {
        await virshFor(host.uri)(['version'], { timeoutMs: 10_000 });
      } catch (e) {
        error = (e as Error).message;
      }
      await recordHostHealth(db, host, error);
      return { name: host.name, state: host.state === 'draining' ? 'draining' : error ? 'down' : 'up' };
    }),
  );
}
