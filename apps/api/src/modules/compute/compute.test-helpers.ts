import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { jobSender } from '../../jobs/sender';
import { loadCatalogue } from '../catalogue/catalogue.loader';
import { ipAllocations } from './address-pools/address-pools.tables';
import { createHypervisor } from './compute';
import type { Hypervisor, ServerSpec } from './hypervisor';
import { simHosts, simServers } from './simulator/simulator.tables';
import { advanceDueServers } from './simulator/transitions';

/** Test-only helpers for the compute driver (the simulator), for this area's and the instances' tests. */

export { plantFault } from './simulator/faults';
export { advanceDueServers };

/**
 * The set-up of a simulator test file: its own database with the catalogue loaded and the simulator
 * driver over it (`env` adds to the test configuration). Fields are filled in `beforeAll`.
 */
export function useSimulator(env: NodeJS.ProcessEnv = {}) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const sim = {
    config,
    db: undefined as unknown as Database,
    /** The database's connection string, for a job queue of the test's own. */
    url: '',
    hv: undefined as unknown as Hypervisor,
    /** A server created and walked to active; its ref. */
    async activeServer(overrides: Partial<ServerSpec> = {}) {
      const spec = serverSpec(overrides);
      await sim.hv.create(spec);
      await advanceDueServers(sim.db);
      return spec.ref;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    sim.db = database.db;
    sim.url = database.url;
    await loadCatalogue(sim.db, config.CATALOGUE_FILE);
    sim.hv = createHypervisor({ config, db: sim.db, jobs: jobSender(sim.db) });
  });
  afterAll(() => database.drop());
  return sim;
}

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
  const rows = await db.select().from(ipAllocations).where(eq(ipAllocations.serverRef, ref));
  return rows.map((r) => r.address);
}
