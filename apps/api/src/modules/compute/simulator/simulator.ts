import type { MetricName } from '@nimbus/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { floatingIpOperations } from '../address-pools/floating-ips';
import { type Hypervisor, HypervisorError } from '../hypervisor';
import { openSimulatedConsole } from './console';
import { ensureRegionFleet, lockRegion } from './fleet';
import { imageOperations } from './image-operations';
import { isoStore } from './iso-store';
import { laterOperations } from './operations';
import { type SimulatorDeps, serverOperations } from './servers';
import { simServers } from './simulator.tables';
import { bandwidthBytes, metricSample, metricSeries } from './telemetry';

/**
 * The embedded cloud: a stateless object over the database, so any number of API and worker processes
 * share one simulated world. Its state lives in the sim_* tables and moves on by jobs (simulator.jobs).
 */
export function createSimulator(deps: SimulatorDeps): Hypervisor {
  const { db } = deps;

  /** The server's lifetime, also after deletion (usage is asked for after the fact). */
  async function lifeOf(ref: string) {
    const [server] = await db
      .select({ createdAt: simServers.createdAt, deletedAt: simServers.deletedAt, status: simServers.status })
      .from(simServers)
      .where(eq(simServers.ref, ref));
    if (!server) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
    return server;
  }

  return {
    name: 'simulator',
    ...serverOperations(deps),
    ...laterOperations(deps),
    ...imageOperations(deps),
    ...isoStore(deps),
    ...floatingIpOperations({
      db,
      async prepareRegion(tx, regionId) {
        await lockRegion(tx, regionId);
        return ensureRegionFleet(tx, regionId);
      },
      async serverRegion(tx, ref) {
        const [server] = await tx
          .select({ regionId: simServers.regionId })
          .from(simServers)
          .where(and(eq(simServers.ref, ref), isNull(simServers.deletedAt)));
        return server?.regionId ?? null;
      },
    }),

    async bandwidthUsage(ref, from, to) {
      return { bytes: bandwidthBytes(ref, await lifeOf(ref), from, to) };
    },

    async metrics(ref, metric, from, to, stepSeconds) {
      await lifeOf(ref);
      return metricSeries(ref, metric, from, to, stepSeconds);
    },

    /** Running servers only (active or rescue), in one query for the whole batch. */
    async sampleMetrics(refs, at) {
      const samples = new Map<string, Record<MetricName, number>>();
      if (refs.length === 0) return samples;
      const running = await db
        .select({ ref: simServers.ref })
        .from(simServers)
        .where(
          and(
            inArray(simServers.ref, refs),
            isNull(simServers.deletedAt),
            isNull(simServers.failure),
            inArray(simServers.status, ['active', 'rescue']),
          ),
        );
      for (const { ref } of running) samples.set(ref, metricSample(ref, at.getTime()));
      return samples;
    },

    openConsole: (ref) => openSimulatedConsole(db, ref),
  };
}
