import type { InstanceStatus } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { describeAddresses, releaseAddresses } from '../address-pools/address-pools';
import { detachFloatingIpsFrom } from '../address-pools/floating-ips';
import { HypervisorError, type ServerSpec, type ServerState } from '../hypervisor';
import { generateServerPassword, hashServerPassword } from '../server-passwords';
import { chooseHost, ensureRegionFleet, lockRegion } from './fleet';
import { findImageOwner } from './images';
import { requireCompleteIso } from './iso-store';
import { scheduleStep } from './simulator.jobs';
import { simHosts, simServers } from './simulator.tables';
import { dueAfter } from './transitions';

export type SimServer = typeof simServers.$inferSelect;

export interface SimulatorDeps {
  db: Database;
  /** Seconds per provisioning step; 0 makes each step due at once. */
  stepSeconds: number;
  /** Where step jobs go; without one, only the sweeper (or `advanceDueServers`) moves servers on. */
  queue?: JobQueue;
}

/**
 * Runs `fn` with the server's row locked. Missing or deleted → not_found; a failed server accepts
 * nothing but delete (and hostname changes, which touch only the record).
 */
export async function withServer<T>(
  db: Database,
  ref: string,
  fn: (tx: Tx, server: SimServer) => Promise<T>,
  opts: { allowFailed?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const [server] = await tx.select().from(simServers).where(eq(simServers.ref, ref)).for('update');
    if (!server || server.deletedAt) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
    if (server.failure && !opts.allowFailed) {
      throw new HypervisorError('invalid_state', `Server ${ref} failed at ${server.failure.step}.`);
    }
    return fn(tx, server);
  });
}

/** Throws invalid_state unless the server is in one of `allowed`. */
export function expectStatus(server: SimServer, allowed: InstanceStatus[], action: string) {
  if (!allowed.includes(server.status)) {
    throw new HypervisorError(
      'invalid_state',
      `Cannot ${action} server ${server.ref} while ${server.status}.`,
    );
  }
}

/** The provisioning and everyday operations: create, read, power, delete, hostname, password. */
export function serverOperations(deps: SimulatorDeps) {
  const { db, stepSeconds, queue } = deps;

  async function setStatus(tx: Tx, ref: string, status: InstanceStatus) {
    await tx.update(simServers).set({ status, updatedAt: new Date() }).where(eq(simServers.ref, ref));
  }

  return {
    /**
     * Idempotent by ref. A second create of a live server makes nothing new (same host, same addresses,
     * same progress) but sets and returns a fresh password: the instances area retries only when the
     * first answer was lost, so the caller never saw the first password, and the simulator keeps only
     * hashes (a real cloud cannot tell it either). The newest password returned is always the valid one.
     */
    async create(spec: ServerSpec) {
      if (spec.source.kind === 'snapshot' && !(await findImageOwner(db, spec.source.snapshotRef, 'snapshot')))
        throw new HypervisorError('not_found', `The snapshot ${spec.source.snapshotRef} does not exist.`);
      if (spec.source.kind === 'backup' && !(await findImageOwner(db, spec.source.backupRef, 'backup')))
        throw new HypervisorError('not_found', `The backup ${spec.source.backupRef} does not exist.`);
      if (spec.source.kind === 'iso') await requireCompleteIso(db, spec.source.isoRef);
      const password = generateServerPassword();
      const passwordHash = await hashServerPassword(password);
      const now = new Date();
      const created = await db.transaction(async (tx) => {
        await lockRegion(tx, spec.regionId);
        const [existing] = await tx
          .select()
          .from(simServers)
          .where(eq(simServers.ref, spec.ref))
          .for('update');
        if (existing) {
          if (existing.deletedAt) {
            throw new HypervisorError('invalid_state', `Server ${spec.ref} was deleted.`);
          }
          await tx
            .update(simServers)
            .set({ passwordHash, updatedAt: now })
            .where(eq(simServers.ref, spec.ref));
          return null;
        }
        if (!(await ensureRegionFleet(tx, spec.regionId))) {
          throw new HypervisorError('no_capacity', `Region ${spec.regionId} has no hosts.`);
        }
        const host = await chooseHost(tx, spec.regionId, spec);
        if (!host) {
          throw new HypervisorError('no_capacity', `No host in region ${spec.regionId} can hold the server.`);
        }
        const stepDueAt = dueAfter(now, stepSeconds);
        await tx.insert(simServers).values({
          ref: spec.ref,
          regionId: spec.regionId,
          hostId: host.id,
          spec,
          hostname: spec.hostname,
          status: 'initializing',
          stepDueAt,
          passwordHash,
          isoRef: spec.source.kind === 'iso' ? spec.source.isoRef : null,
          createdAt: now,
          updatedAt: now,
        });
        return { ref: spec.ref, status: 'initializing' as const, stepDueAt };
      });
      if (created && queue) await scheduleStep(queue, created, now);
      return { ref: spec.ref, password };
    },

    async get(ref: string): Promise<ServerState | null> {
      const [row] = await db
        .select({ server: simServers, host: simHosts.name })
        .from(simServers)
        .innerJoin(simHosts, eq(simHosts.id, simServers.hostId))
        .where(eq(simServers.ref, ref));
      if (!row || row.server.deletedAt) return null;
      const { server } = row;
      const addresses = await describeAddresses(db, server.ipv4, server.ipv6);
      return {
        ref: server.ref,
        status: server.status,
        hostname: server.hostname,
        ...addresses,
        failure: server.failure ?? null,
        host: row.host,
      };
    },

    powerOn: (ref: string) =>
      withServer(db, ref, async (tx, server) => {
        expectStatus(server, ['shutdown'], 'power on');
        await setStatus(tx, ref, 'active');
      }),

    /** Powering off a server in rescue ends rescue: the next boot is the guest's own system. */
    powerOff: (ref: string) =>
      withServer(db, ref, async (tx, server) => {
        expectStatus(server, ['active', 'rescue'], 'power off');
        await tx
          .update(simServers)
          .set({ status: 'shutdown', rescuePasswordHash: null, updatedAt: new Date() })
          .where(eq(simServers.ref, ref));
      }),

    /** A reboot of a simulated guest is instantaneous: it stays active, and a rescue system stays in rescue. */
    restart: (ref: string) =>
      withServer(db, ref, async (tx, server) => {
        expectStatus(server, ['active', 'rescue'], 'restart');
        await setStatus(tx, ref, server.status);
      }),

    /** Frees host capacity (deleted servers are not counted) and addresses; deleting twice is fine. */
    async delete(ref: string) {
      await db.transaction(async (tx) => {
        const [server] = await tx.select().from(simServers).where(eq(simServers.ref, ref)).for('update');
        if (!server || server.deletedAt) return;
        await releaseAddresses(tx, ref);
        await detachFloatingIpsFrom(tx, ref);
        const now = new Date();
        await tx
          .update(simServers)
          .set({ deletedAt: now, stepDueAt: null, ipv4: null, ipv6: null, isoRef: null, updatedAt: now })
          .where(eq(simServers.ref, ref));
      });
    },

    changeHostname: (ref: string, hostname: string) =>
      withServer(
        db,
        ref,
        async (tx) => {
          await tx.update(simServers).set({ hostname, updatedAt: new Date() }).where(eq(simServers.ref, ref));
        },
        { allowFailed: true },
      ),

    /** The guest agent needs a settled guest: active or shut down. */
    async resetPassword(ref: string, _username: string) {
      const password = generateServerPassword();
      const passwordHash = await hashServerPassword(password);
      await withServer(db, ref, async (tx, server) => {
        expectStatus(server, ['active', 'shutdown'], 'reset the password of');
        await tx
          .update(simServers)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(simServers.ref, ref));
      });
      return { password, appliesAt: 'now' as const };
    },
  };
}
