import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ServerSpec } from './hypervisor';
import { simHosts, simIpAllocations, simServers } from './simulator/simulator.tables';

/** Test-only helpers for the compute driver (the simulator), for this area's and the instances' tests. */

export { plantFault } from './simulator/faults';
export { advanceDueServers } from './simulator/transitions';

let serial = 0;
/** A small Linux server spec in region 1; override what the test is about. */
export function serverSpec(overrides: Partial<ServerSpec> = {}): ServerSpec {
  serial++;
  return {
    ref: `test-${process.pid}-${Date.now()}-${serial}`,
    regionId: 1,
    hostname: `host-${serial}`,
    vcpu: 1,
    ramMb: 1024,
    diskGb: 25,
    bandwidthTb: 1,
    gpu: null,
    source: { kind: 'os', osId: 1, osFamily: 'ubuntu' },
    sshKeys: [],
    username: 'root',
    assignIpv4: true,
    assignIpv6: false,
    ddosProtected: false,
    features: [],
    ...overrides,
  };
}

/**
 * Gives a region exactly these hosts before anything else uses it (the simulator then builds only its
 * address pools), e.g. one tiny host to test running out of capacity.
 */
export async function useFleet(
  db: Database,
  regionId: number,
  hosts: { vcpu: number; ramMb: number; diskGb: number; gpuModel?: string; gpus?: number }[],
) {
  await db.insert(simHosts).values(
    hosts.map((h, i) => ({
      regionId,
      name: `test-r${regionId}-h${i + 1}-${Date.now()}`,
      vcpuCapacity: h.vcpu,
      ramMbCapacity: h.ramMb,
      diskGbCapacity: h.diskGb,
      gpuModel: h.gpuModel ?? null,
      gpuCapacity: h.gpus ?? 0,
    })),
  );
}

/** The simulator's record of a server, deleted or not (for assertions). */
export async function simServerRow(db: Database, ref: string) {
  const [row] = await db.select().from(simServers).where(eq(simServers.ref, ref));
  return row;
}

/** Every address the server holds in the pools. */
export async function addressesOf(db: Database, ref: string) {
  const rows = await db.select().from(simIpAllocations).where(eq(simIpAllocations.serverRef, ref));
  return rows.map((r) => r.address);
}
