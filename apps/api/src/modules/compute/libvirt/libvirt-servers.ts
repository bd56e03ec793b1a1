import { and, eq, isNull } from 'drizzle-orm';
import { encrypt } from 'unixcrypt';
import type { Tx } from '../../../db/client';
import { describeAddresses, releaseAddresses } from '../address-pools/address-pools';
import { detachFloatingIpsFrom } from '../address-pools/floating-ips';
import { HypervisorError, type PasswordAppliesAt, type ServerSpec, type ServerState } from '../hypervisor';
import { generateServerPassword } from '../server-passwords';
import { baseImageKey, completeImage } from './build-steps';
import { diskVolumeName, domainName } from './domain-xml';
import { fits, hostUsage, lockRegion } from './hosts';
import type { LibvirtDeps } from './libvirt';
import { libvirtBaseImages, libvirtHosts, libvirtServers } from './libvirt.tables';
import { completeIsoOn } from './libvirt-isos';
import { askShutdown, domainState, hasGuestAgent, isRunning, rebootDomain, startDomain } from './machine';
import { withServer } from './server-access';
import { syncDefinition, updateServer } from './server-rows';

/** The guest's password as the seed carries it: SHA-512 crypt, which every Linux guest reads. */
export const cryptPassword = (password: string) => encrypt(password);

/**
 * The host a new server goes on: the one holding the snapshot or backup it copies, or the up host
 * with the most free memory that has its base image (or any, for an ISO install). Null: no room.
 */
async function placeServer(tx: Tx, spec: ServerSpec) {
  const source = spec.source;
  if (source.kind === 'snapshot' || source.kind === 'backup') {
    const image = await completeImage(
      tx,
      source.kind === 'snapshot' ? source.snapshotRef : source.backupRef,
      source.kind,
    );
    const usage = (await hostUsage(tx, spec.regionId)).find((u) => u.host.id === image.hostId);
    return usage && usage.host.state === 'up' && fits(usage, spec) ? usage.host : null;
  }
  const key = baseImageKey(source);
  const withImage = key
    ? new Set(
        (
          await tx
            .select({ hostId: libvirtBaseImages.hostId })
            .from(libvirtBaseImages)
            .where(eq(libvirtBaseImages.image, key))
        ).map((r) => r.hostId),
      )
    : null;
  const candidates = (await hostUsage(tx, spec.regionId))
    .filter((u) => u.host.state === 'up' && fits(u, spec) && (!withImage || withImage.has(u.host.id)))
    .sort((a, b) => b.host.ramMbCapacity - b.ramMb - (a.host.ramMbCapacity - a.ramMb));
  if (candidates.length === 0 && withImage?.size === 0) {
    throw new HypervisorError('no_capacity', `No host of region ${spec.regionId} has an image for ${key}.`);
  }
  return candidates[0]?.host ?? null;
}

/** Create, read, power, delete, hostname and password. */
export function serverOperations(deps: LibvirtDeps & { converge: (ref: string) => Promise<void> }) {
  const { db, converge } = deps;
  return {
    /** Idempotent by ref: a retry makes nothing new but sets (and returns) a fresh password. */
    async create(spec: ServerSpec) {
      if (spec.gpu) throw new HypervisorError('no_capacity', 'The libvirt driver has no GPU hosts yet.');
      const password = generateServerPassword();
      const passwordHash = cryptPassword(password);
      await db.transaction(async (tx) => {
        await lockRegion(tx, spec.regionId);
        const [existing] = await tx
          .select()
          .from(libvirtServers)
          .where(eq(libvirtServers.ref, spec.ref))
          .for('update');
        if (existing) {
          if (existing.deletedAt)
            throw new HypervisorError('invalid_state', `Server ${spec.ref} was deleted.`);
          await updateServer(tx, spec.ref, { passwordHash, seedRevision: existing.seedRevision + 1 });
          return;
        }
        const host = await placeServer(tx, spec);
        if (!host)
          throw new HypervisorError('no_capacity', `No host in region ${spec.regionId} can hold the server.`);
        if (spec.source.kind === 'iso') await completeIsoOn(tx, spec.source.isoRef, host.id);
        await tx.insert(libvirtServers).values({
          ref: spec.ref,
          regionId: spec.regionId,
          hostId: host.id,
          spec,
          hostname: spec.hostname,
          status: 'initializing',
          passwordHash,
          diskVolume: diskVolumeName(spec.ref, 1),
          isoRef: spec.source.kind === 'iso' ? spec.source.isoRef : null,
        });
      });
      await converge(spec.ref);
      return { ref: spec.ref, password };
    },

    async get(ref: string): Promise<ServerState | null> {
      const [row] = await db
        .select({ server: libvirtServers, host: libvirtHosts.name })
        .from(libvirtServers)
        .innerJoin(libvirtHosts, eq(libvirtHosts.id, libvirtServers.hostId))
        .where(and(eq(libvirtServers.ref, ref), isNull(libvirtServers.deletedAt)));
      if (!row) return null;
      const { server } = row;
      return {
        ref,
        status: server.status,
        hostname: server.hostname,
        ...(await describeAddresses(db, server.ipv4, server.ipv6)),
        failure: server.failure,
        host: row.host,
      };
    },

    /** Starts the domain now; one still obeying an earlier shutdown is started by convergence once off. */
    async powerOn(ref: string) {
      await withServer(db, ref, ['shutdown'], 'power on', async ({ tx, server, host, virsh }) => {
        const on = { ...server, status: 'active' as const };
        await updateServer(tx, ref, { status: 'active' });
        if (server.shutdownAskedAt && isRunning(await domainState(virsh, ref))) return;
        await syncDefinition(tx, on, host);
        await startDomain(virsh, ref);
        await updateServer(tx, ref, { shutdownAskedAt: null });
      });
      await converge(ref);
    },

    /** The ACPI power button; past the timeout convergence forces the domain off. Rescue ends with it. */
    async powerOff(ref: string) {
      await withServer(db, ref, ['active', 'rescue'], 'power off', async ({ tx, virsh }) => {
        await updateServer(tx, ref, {
          status: 'shutdown',
          shutdownAskedAt: new Date(),
          rescuePasswordHash: null,
        });
        await askShutdown(virsh, ref);
      });
      await converge(ref);
    },

    /** A reboot through ACPI; a server in rescue boots the rescue system again. */
    async restart(ref: string) {
      await withServer(db, ref, ['active', 'rescue'], 'restart', ({ virsh }) => rebootDomain(virsh, ref));
    },

    /** Capacity and addresses come back at once; convergence removes the domain and its volumes. */
    async delete(ref: string) {
      await db.transaction(async (tx) => {
        const [server] = await tx
          .select()
          .from(libvirtServers)
          .where(eq(libvirtServers.ref, ref))
          .for('update');
        if (!server || server.deletedAt) return;
        await releaseAddresses(tx, ref);
        await detachFloatingIpsFrom(tx, ref);
        await updateServer(tx, ref, { deletedAt: new Date(), ipv4: null, ipv6: null });
      });
      await converge(ref);
    },

    /** Through the seed: the guest takes its new name at its next boot. */
    async changeHostname(ref: string, hostname: string) {
      await withServer(db, ref, 'any', 'rename', ({ tx, server }) =>
        updateServer(tx, ref, { hostname, seedRevision: server.seedRevision + 1 }),
      );
      await converge(ref);
    },

    /**
     * A running guest with the QEMU guest agent takes the password at once; any other guest at its next
     * boot, from a new seed revision (which the agent's guests get too, so both ways agree). The customer
     * is told which (docs/decisions.md: passwords on the libvirt driver).
     */
    async resetPassword(ref: string, username: string) {
      const password = generateServerPassword();
      const passwordHash = cryptPassword(password);
      const appliesAt = await withServer(
        db,
        ref,
        ['active', 'shutdown'],
        'reset the password of',
        async ({ tx, server, virsh }): Promise<PasswordAppliesAt> => {
          await updateServer(tx, ref, { passwordHash, seedRevision: server.seedRevision + 1 });
          if (server.status !== 'active' || !isRunning(await domainState(virsh, ref))) return 'next_boot';
          if (!(await hasGuestAgent(virsh, ref))) return 'next_boot';
          // The hash, never the password, goes on the host's command line.
          await virsh(['set-user-password', domainName(ref), username, passwordHash, '--encrypted']);
          return 'now';
        },
      );
      await converge(ref);
      return { password, appliesAt };
    },
  };
}
