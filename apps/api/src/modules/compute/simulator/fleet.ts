import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { gpuModelsSoldIn, regionExists } from '../../catalogue/catalogue.repository';
import { ipPools } from '../address-pools/address-pools.tables';
import { simHosts, simServers } from './simulator.tables';

/**
 * The simulated data centres: per catalogue region a few general hosts, one GPU host per GPU model sold
 * there, and three address pools. Built the first time a region is used, under the region's lock, so
 * any number of processes can race to build it and only one set exists.
 */

export const GENERAL_HOSTS_PER_REGION = 4;
const GENERAL_HOST = { vcpu: 64, ramMb: 256 * 1024, diskGb: 4000 } as const;
const GPU_HOST = { vcpu: 128, ramMb: 1024 * 1024, diskGb: 8000, gpus: 8 } as const;

/**
 * Serialises everything that reads free capacity and then takes it (fleet building, placement, resize)
 * within one region. Transaction-scoped: released at commit or rollback, even if the process dies.
 */
export async function lockRegion(tx: DbOrTx, regionId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('nimbus.simulator.region'), ${regionId})`);
}

/**
 * Deterministic, non-overlapping ranges per region. IPv4 comes from 198.18.0.0/15 (reserved for
 * benchmarking, never routed on the internet): region r gets 198.18.0.0/15's /24 number 2r for
 * ordinary addresses and 2r+1 for DDoS-protected ones, which is unique for 256 regions. IPv6 comes from
 * the documentation prefix: 2001:db8:<r>::/48, cut into /64s.
 */
function regionNetworks(regionId: number) {
  const v4 = (index: number) => {
    const i = index % 512;
    return `198.${18 + Math.floor(i / 256)}.${i % 256}.0/24`;
  };
  return {
    ipv4: v4(2 * regionId),
    ddosIpv4: v4(2 * regionId + 1),
    ipv6: `2001:db8:${(regionId % 0x10000).toString(16)}::/48`,
  };
}

const hostName = (regionId: number, suffix: string) => `sim-r${regionId}-${suffix}`;

/** Makes sure the region has hosts and pools; call inside a transaction holding `lockRegion`. */
export async function ensureRegionFleet(tx: DbOrTx, regionId: number): Promise<boolean> {
  if (!(await regionExists(tx, regionId))) return false;

  const [hostCount] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(simHosts)
    .where(eq(simHosts.regionId, regionId));
  if (!hostCount?.n) {
    const gpuModels = await gpuModelsSoldIn(tx, regionId);
    const general = Array.from({ length: GENERAL_HOSTS_PER_REGION }, (_, i) => ({
      regionId,
      name: hostName(regionId, `h${i + 1}`),
      vcpuCapacity: GENERAL_HOST.vcpu,
      ramMbCapacity: GENERAL_HOST.ramMb,
      diskGbCapacity: GENERAL_HOST.diskGb,
    }));
    const gpu = gpuModels.map((model) => ({
      regionId,
      name: hostName(regionId, `gpu-${model}`),
      vcpuCapacity: GPU_HOST.vcpu,
      ramMbCapacity: GPU_HOST.ramMb,
      diskGbCapacity: GPU_HOST.diskGb,
      gpuModel: model,
      gpuCapacity: GPU_HOST.gpus,
    }));
    await tx
      .insert(simHosts)
      .values([...general, ...gpu])
      .onConflictDoNothing({ target: simHosts.name });
  }

  const pools = await tx
    .select({ family: ipPools.family, ddos: ipPools.ddosProtected })
    .from(ipPools)
    .where(eq(ipPools.regionId, regionId));
  const has = (family: 'ipv4' | 'ipv6', ddos: boolean) =>
    pools.some((p) => p.family === family && p.ddos === ddos);
  const nets = regionNetworks(regionId);
  const gatewayOf = (cidr: string) => cidr.replace(/\.0\/\d+$/, '.1');
  const missing = [
    !has('ipv4', false) && {
      regionId,
      family: 'ipv4' as const,
      network: nets.ipv4,
      gateway: gatewayOf(nets.ipv4),
      netmask: '255.255.255.0',
      ddosProtected: false,
    },
    !has('ipv4', true) && {
      regionId,
      family: 'ipv4' as const,
      network: nets.ddosIpv4,
      gateway: gatewayOf(nets.ddosIpv4),
      netmask: '255.255.255.0',
      ddosProtected: true,
    },
    // Each server gets a routed /64 and the usual link-local gateway, as most clouds do.
    !has('ipv6', false) && {
      regionId,
      family: 'ipv6' as const,
      network: nets.ipv6,
      gateway: 'fe80::1',
      netmask: '64',
      ddosProtected: false,
    },
  ].filter((p) => p !== false);
  if (missing.length > 0) await tx.insert(ipPools).values(missing);
  return true;
}

export interface HostUsage {
  id: number;
  regionId: number;
  name: string;
  gpuModel: string | null;
  servers: number;
  vcpu: { used: number; capacity: number };
  ramMb: { used: number; capacity: number };
  diskGb: { used: number; capacity: number };
  gpus: { used: number; capacity: number };
}

/** Used = what the servers on the host that are not deleted asked for (failed ones still hold theirs). */
const usedOnHost = {
  servers: sql<number>`count(${simServers.ref})::int`,
  vcpu: sql<number>`coalesce(sum((${simServers.spec}->>'vcpu')::int), 0)::int`,
  ramMb: sql<number>`coalesce(sum((${simServers.spec}->>'ramMb')::int), 0)::int`,
  diskGb: sql<number>`coalesce(sum((${simServers.spec}->>'diskGb')::int), 0)::int`,
  gpus: sql<number>`coalesce(sum((${simServers.spec}->'gpu'->>'quantity')::int), 0)::int`,
};

/** Every host with what is used and free, for operators (`simulator fleet`) and placement. */
export async function hostUsage(db: DbOrTx, regionId?: number): Promise<HostUsage[]> {
  const rows = await db
    .select({
      id: simHosts.id,
      regionId: simHosts.regionId,
      name: simHosts.name,
      gpuModel: simHosts.gpuModel,
      vcpuCapacity: simHosts.vcpuCapacity,
      ramMbCapacity: simHosts.ramMbCapacity,
      diskGbCapacity: simHosts.diskGbCapacity,
      gpuCapacity: simHosts.gpuCapacity,
      ...usedOnHost,
    })
    .from(simHosts)
    .leftJoin(simServers, and(eq(simServers.hostId, simHosts.id), sql`${simServers.deletedAt} IS NULL`))
    .where(regionId === undefined ? undefined : eq(simHosts.regionId, regionId))
    .groupBy(simHosts.id)
    .orderBy(asc(simHosts.regionId), asc(simHosts.id));
  return rows.map((r) => ({
    id: r.id,
    regionId: r.regionId,
    name: r.name,
    gpuModel: r.gpuModel,
    servers: r.servers,
    vcpu: { used: r.vcpu, capacity: r.vcpuCapacity },
    ramMb: { used: r.ramMb, capacity: r.ramMbCapacity },
    diskGb: { used: r.diskGb, capacity: r.diskGbCapacity },
    gpus: { used: r.gpus, capacity: r.gpuCapacity },
  }));
}

interface Needs {
  vcpu: number;
  ramMb: number;
  diskGb: number;
  gpu: { model: string; quantity: number } | null;
}

/** Whether `needs` fits beside what the host already holds (minus `releasing`, for a resize). */
export function fits(host: HostUsage, needs: Needs, releasing?: Needs): boolean {
  const free = (r: { used: number; capacity: number }, back = 0) => r.capacity - r.used + back;
  if (needs.gpu ? host.gpuModel !== needs.gpu.model : host.gpuModel !== null) return false;
  return (
    free(host.vcpu, releasing?.vcpu) >= needs.vcpu &&
    free(host.ramMb, releasing?.ramMb) >= needs.ramMb &&
    free(host.diskGb, releasing?.diskGb) >= needs.diskGb &&
    free(host.gpus, releasing?.gpu?.quantity) >= (needs.gpu?.quantity ?? 0)
  );
}

/**
 * The host for a new server: the one with the most free vCPUs among those it fits on (spreading load
 * like a scheduler would). Call under `lockRegion` so the answer is still true at insert time.
 */
export async function chooseHost(tx: DbOrTx, regionId: number, needs: Needs): Promise<HostUsage | null> {
  const hosts = (await hostUsage(tx, regionId)).filter((h) => fits(h, needs));
  hosts.sort((a, b) => b.vcpu.capacity - b.vcpu.used - (a.vcpu.capacity - a.vcpu.used) || a.id - b.id);
  return hosts[0] ?? null;
}
