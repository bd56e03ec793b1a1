import { randomUUID } from 'node:crypto';
import type { InstanceStatus } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import {
  allocateAddress,
  describeAddresses,
  isProtectedAddress,
  releaseAddresses,
} from '../address-pools/address-pools';
import {
  HypervisorError,
  type Ipv4Address,
  type MachineSize,
  type ServerRebuild,
  type ServerSource,
} from '../hypervisor';
import { generateServerPassword, hashServerPassword } from '../server-passwords';
import { fits, hostUsage, lockRegion } from './fleet';
import { deleteImage, findImageOwner, type SimImage } from './images';
import { requireCompleteIso } from './iso-store';
import { expectStatus, type SimServer, type SimulatorDeps, withServer } from './servers';
import { scheduleStep } from './simulator.jobs';
import { simOperations, simServers } from './simulator.tables';
import { dueAfter } from './transitions';

const SETTLED: InstanceStatus[] = ['active', 'shutdown'];

async function newCredentials() {
  const password = generateServerPassword();
  return { password, hash: await hashServerPassword(password) };
}

/**
 * Operations of the later instance issue (resize, OS, rescue, snapshots, backups, ISO, addresses). They
 * act on the same rows as provisioning; long ones enter a transitional status that the step jobs settle.
 */
export function laterOperations(deps: SimulatorDeps) {
  const { db, stepSeconds, queue } = deps;

  /** Enters a transitional status that settles after one step. */
  async function startStep(
    tx: Tx,
    server: SimServer,
    status: InstanceStatus,
    extra: Partial<SimServer> = {},
  ) {
    const now = new Date();
    const stepDueAt = dueAfter(now, stepSeconds);
    await tx
      .update(simServers)
      .set({ ...extra, status, stepDueAt, updatedAt: now })
      .where(eq(simServers.ref, server.ref));
    return { ref: server.ref, status, stepDueAt };
  }
  /**
   * Starts a resize or reinstall as an operation: the change applies now and the server enters `status`;
   * the operation keeps what it replaced, so a failure puts it back. A clean install boots the server.
   */
  async function startRebuild(
    tx: Tx,
    server: SimServer,
    kind: 'resize' | 'reinstall',
    status: InstanceStatus,
    change: Pick<SimServer, 'spec'> & Partial<Pick<SimServer, 'passwordHash'>>,
  ) {
    const id = `op-${randomUUID()}`;
    await tx.insert(simOperations).values({
      id,
      serverRef: server.ref,
      kind,
      imageRef: '',
      resumeStatus: server.status,
      successStatus: change.passwordHash ? 'active' : server.status,
      resumeSpec: server.spec,
      resumePasswordHash: server.passwordHash,
    });
    return { id, step: await startStep(tx, server, status, { ...change, operationId: id }) };
  }
  const schedule = async (step: { ref: string; status: InstanceStatus; stepDueAt: Date | null }) => {
    if (queue) await scheduleStep(queue, step);
  };

  async function requireImage(imageRef: string, kind: SimImage['kind']) {
    if (!(await findImageOwner(db, imageRef, kind))) {
      throw new HypervisorError('not_found', `The ${kind} ${imageRef} does not exist.`);
    }
  }

  return {
    /**
     * Grows or shrinks on the same host, if it has room (the server's own share counts as free): a running
     * server restarts at its new size (`spawning_qemu`), a shut-down one has its disk grown
     * (`preparing_disk`). A smaller disk is a clean install: the disk is rebuilt from the image and the
     * guest boots. The new size holds its room on the host from the start; a failure gives it back.
     */
    async resize(ref: string, to: MachineSize, rebuild?: ServerRebuild) {
      const [found] = await db
        .select({ regionId: simServers.regionId })
        .from(simServers)
        .where(eq(simServers.ref, ref));
      if (!found) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
      const credentials = rebuild ? await newCredentials() : null;
      const { id, step } = await db.transaction(async (tx) => {
        await lockRegion(tx, found.regionId);
        const [server] = await tx.select().from(simServers).where(eq(simServers.ref, ref)).for('update');
        if (!server || server.deletedAt)
          throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
        if (server.failure) throw new HypervisorError('invalid_state', `Server ${ref} failed.`);
        expectStatus(server, SETTLED, 'resize');
        if (to.diskGb < server.spec.diskGb && !rebuild)
          throw new HypervisorError(
            'invalid_state',
            `The disk of ${ref} cannot shrink without a clean install.`,
          );
        const host = (await hostUsage(tx, server.regionId)).find((h) => h.id === server.hostId)!;
        if (!fits(host, { ...to, gpu: server.spec.gpu }, server.spec)) {
          throw new HypervisorError('no_capacity', `The host of ${ref} has no room for the new size.`);
        }
        if (rebuild && credentials)
          return startRebuild(tx, server, 'resize', 'preparing_disk', {
            spec: { ...server.spec, ...to, source: rebuild.source, username: rebuild.username },
            passwordHash: credentials.hash,
          });
        return startRebuild(
          tx,
          server,
          'resize',
          server.status === 'active' ? 'spawning_qemu' : 'preparing_disk',
          { spec: { ...server.spec, ...to } },
        );
      });
      await schedule(step);
      return { operation: { id }, password: credentials?.password ?? null };
    },

    /** Reinstalls: the disk is rebuilt and the guest boots; addresses stay. */
    async changeOs(ref: string, source: ServerSource, username: string) {
      const { password, hash: passwordHash } = await newCredentials();
      if (source.kind === 'snapshot') await requireImage(source.snapshotRef, 'snapshot');
      if (source.kind === 'backup') await requireImage(source.backupRef, 'backup');
      const { id, step } = await withServer(db, ref, async (tx, server) => {
        expectStatus(server, SETTLED, 'reinstall');
        return startRebuild(tx, server, 'reinstall', 'preparing_disk', {
          spec: { ...server.spec, source, username },
          passwordHash,
        });
      });
      await schedule(step);
      return { operation: { id }, password };
    },

    /**
     * Boots the rescue system with the given root password (kept as a hash); the guest's own password and
     * disk are untouched. Works from active and from shutdown, as a real reboot into rescue would.
     */
    async enableRescue(ref: string, password: string) {
      const rescuePasswordHash = await hashServerPassword(password);
      await withServer(db, ref, async (tx, server) => {
        expectStatus(server, SETTLED, 'enter rescue on');
        await tx
          .update(simServers)
          .set({ status: 'rescue', rescuePasswordHash, updatedAt: new Date() })
          .where(eq(simServers.ref, ref));
      });
    },

    /** Boots the guest's own system again; the rescue password stops working. */
    disableRescue: (ref: string) =>
      withServer(db, ref, async (tx, server) => {
        expectStatus(server, ['rescue'], 'leave rescue on');
        await tx
          .update(simServers)
          .set({ status: 'active', rescuePasswordHash: null, updatedAt: new Date() })
          .where(eq(simServers.ref, ref));
      }),

    deleteSnapshot: (snapshotRef: string) => deleteImage(db, snapshotRef, 'snapshot'),

    /** Backups are taken live: the server keeps running and its status does not change. */
    deleteBackup: (backupRef: string) => deleteImage(db, backupRef, 'backup'),

    attachIso: async (ref: string, isoRef: string) => {
      await requireCompleteIso(db, isoRef);
      await withServer(db, ref, async (tx) => {
        await tx.update(simServers).set({ isoRef, updatedAt: new Date() }).where(eq(simServers.ref, ref));
      });
    },

    ejectIso: (ref: string) =>
      withServer(db, ref, async (tx) => {
        await tx
          .update(simServers)
          .set({ isoRef: null, updatedAt: new Date() })
          .where(eq(simServers.ref, ref));
      }),

    /** Adds the address family the server was created without; having it already is fine. */
    enableIp: (ref: string, family: 'ipv4' | 'ipv6') =>
      withServer(db, ref, async (tx, server) => {
        expectStatus(server, [...SETTLED, 'rescue'], `enable ${family} on`);
        if (server[family]) return;
        const kind = family === 'ipv6' ? 'ipv6' : server.spec.ddosProtected ? 'ddosIpv4' : 'ipv4';
        const address = await allocateAddress(tx, ref, server.regionId, kind);
        if (!address) throw new HypervisorError('no_capacity', `No free ${family} address in the region.`);
        const flag = family === 'ipv4' ? { assignIpv4: true } : { assignIpv6: true };
        await tx
          .update(simServers)
          .set({ [family]: address, spec: { ...server.spec, ...flag }, updatedAt: new Date() })
          .where(eq(simServers.ref, ref));
      }),

    /** Moves the server to a new address from the protected pool (irreversible, as in the spec). */
    async enableDdosProtection(ref: string): Promise<Ipv4Address> {
      const address = await withServer(db, ref, async (tx, server) => {
        expectStatus(server, [...SETTLED, 'rescue'], 'protect');
        if (server.ipv4 && (await isProtectedAddress(tx, server.ipv4))) return server.ipv4;
        const protectedIp = await allocateAddress(tx, ref, server.regionId, 'ddosIpv4');
        if (!protectedIp)
          throw new HypervisorError('no_capacity', 'No free DDoS-protected IPv4 address in the region.');
        if (server.ipv4) await releaseAddresses(tx, ref, [server.ipv4]);
        await tx
          .update(simServers)
          .set({
            ipv4: protectedIp,
            spec: { ...server.spec, ddosProtected: true, assignIpv4: true },
            updatedAt: new Date(),
          })
          .where(eq(simServers.ref, ref));
        return protectedIp;
      });
      return (await describeAddresses(db, address, null)).ipv4!;
    },
  };
}
