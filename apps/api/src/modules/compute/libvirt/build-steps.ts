import type { InstanceStatus } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { allocateAddress } from '../address-pools/address-pools';
import { HypervisorError, type ServerSource } from '../hypervisor';
import { baseImageOn } from './domain-plan';
import type { LibvirtHost } from './hosts';
import { libvirtImages } from './libvirt.tables';
import { copyVolume, createDisk, growVolume, startDomain } from './machine';
import { type LibvirtServer, reloadServer, syncDefinition, syncSeed, updateServer } from './server-rows';
import { virshFor } from './virsh';

export const BUILD_STEPS: InstanceStatus[] = [
  'initializing',
  'preparing_disk',
  'preparing_network',
  'spawning_qemu_with_seed',
];

/** The base image key of an OS or application source; null for the others. */
export function baseImageKey(source: ServerSource): string | null {
  if (source.kind === 'os') return `os:${source.osId}`;
  if (source.kind === 'application') return `app:${source.appId}`;
  return null;
}

/** A snapshot's or backup's copy, complete and on record; not_found otherwise. */
export async function completeImage(tx: Tx, imageRef: string, kind: 'snapshot' | 'backup') {
  const [image] = await tx.select().from(libvirtImages).where(eq(libvirtImages.ref, imageRef));
  if (!image || image.kind !== kind || !image.complete) {
    throw new HypervisorError('not_found', `The ${kind} ${imageRef} does not exist.`);
  }
  return image;
}

/**
 * Writes `volume` as the server's disk from `source`: an overlay on the base image, a copy of a
 * snapshot or backup grown to the plan's size, or an empty disk for an install from an ISO. Returns the
 * base image the disk boots with (direct kernel boot), or null.
 */
export async function writeDisk(
  tx: Tx,
  host: LibvirtHost,
  source: ServerSource,
  volume: string,
  diskGb: number,
): Promise<string | null> {
  const virsh = virshFor(host.uri);
  const key = baseImageKey(source);
  if (key) {
    const base = await baseImageOn(tx, host, key);
    await createDisk(virsh, host.storagePool, volume, base.volume, diskGb);
    return base.kernel ? key : null;
  }
  if (source.kind === 'snapshot' || source.kind === 'backup') {
    const image = await completeImage(
      tx,
      source.kind === 'snapshot' ? source.snapshotRef : source.backupRef,
      source.kind,
    );
    await copyVolume(virsh, { pool: image.pool, volume: image.volume }, { pool: host.storagePool, volume });
    await growVolume(virsh, host.storagePool, volume, diskGb);
    return image.bootImage;
  }
  await createDisk(virsh, host.storagePool, volume, null, diskGb);
  return null;
}

/** Does the build step the server is in; returns the status it reaches, or null when it is built. */
export async function buildStep(
  tx: Tx,
  server: LibvirtServer,
  host: LibvirtHost,
): Promise<InstanceStatus | null> {
  const { spec } = server;
  switch (server.status) {
    case 'initializing':
      return 'preparing_disk';
    case 'preparing_disk': {
      const bootImage = await writeDisk(tx, host, spec.source, server.diskVolume, spec.diskGb);
      await updateServer(tx, server.ref, { bootImage });
      return 'preparing_network';
    }
    case 'preparing_network': {
      let { ipv4, ipv6 } = server;
      if (spec.assignIpv4 && !ipv4) {
        ipv4 = await allocateAddress(
          tx,
          server.ref,
          server.regionId,
          spec.ddosProtected ? 'ddosIpv4' : 'ipv4',
        );
        if (!ipv4) throw new HypervisorError('no_capacity', 'No free IPv4 address in the region’s pools');
      }
      if (spec.assignIpv6 && !ipv6) {
        ipv6 = await allocateAddress(tx, server.ref, server.regionId, 'ipv6');
        if (!ipv6) throw new HypervisorError('no_capacity', 'No free IPv6 /64 in the region’s pools');
      }
      await updateServer(tx, server.ref, { ipv4, ipv6 });
      return 'spawning_qemu_with_seed';
    }
    case 'spawning_qemu_with_seed': {
      const fresh = await syncSeed(tx, await reloadServer(tx, server.ref), host);
      // The status the definition reads is the one the server reaches.
      await syncDefinition(tx, { ...fresh, status: 'active' }, host);
      await startDomain(virshFor(host.uri), server.ref);
      return 'active';
    }
    default:
      return null;
  }
}
