import type { Database } from '../../db/client';
import { regionExists } from '../catalogue/catalogue.repository';
import { type FaultableStep, plantFault } from '../compute/simulator/faults';
import { type HostUsage, hostUsage } from '../compute/simulator/fleet';
import { UsageError } from './admin.errors';

/** Plants a fault in the simulator, so an operator can show or test a failed creation. */
export async function plantSimulatorFault(
  deps: { db: Database },
  input: { step: FaultableStep; regionId?: number; times: number; reason?: string },
) {
  if (input.regionId !== undefined) {
    if (!(await regionExists(deps.db, input.regionId)))
      throw new UsageError(`There is no region ${input.regionId}.`);
  }
  return plantFault(deps.db, input);
}

const gb = (mb: number) => Math.round(mb / 1024);

/** One line per host: `region 1  sim-r1-h1  vCPU 3/64 (61 free)  RAM …`. */
function fleetLines(hosts: HostUsage[]): string[] {
  if (hosts.length === 0)
    return ['No hosts yet: the simulator builds a region the first time a server is created there.'];
  const pair = (label: string, r: { used: number; capacity: number }, unit = '') =>
    `${label} ${r.used}/${r.capacity}${unit} (${r.capacity - r.used} free)`;
  return hosts.map((h) =>
    [
      `region ${h.regionId}`,
      h.name,
      `${h.servers} servers`,
      pair('vCPU', h.vcpu),
      pair('RAM', { used: gb(h.ramMb.used), capacity: gb(h.ramMb.capacity) }, ' GB'),
      pair('disk', h.diskGb, ' GB'),
      ...(h.gpuModel ? [pair(`GPU ${h.gpuModel}`, h.gpus)] : []),
    ].join('  '),
  );
}

export async function simulatorFleet(deps: { db: Database }) {
  return fleetLines(await hostUsage(deps.db));
}
