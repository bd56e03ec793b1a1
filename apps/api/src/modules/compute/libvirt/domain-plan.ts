import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { HypervisorError } from '../hypervisor';
import type { LibvirtServer } from './converge';
import {
  type DomainPlan,
  domainName,
  isoVolumeName,
  macAddressFor,
  rescueSeedVolumeName,
  seedVolumeName,
  serialLogPath,
} from './domain-xml';
import type { LibvirtHost } from './hosts';
import { libvirtBaseImages } from './libvirt.tables';

/** The base image registered on the host under `image` (`os:1`, `app:3`, `rescue`). */
export async function baseImageOn(db: DbOrTx, host: LibvirtHost, image: string) {
  const [row] = await db
    .select()
    .from(libvirtBaseImages)
    .where(and(eq(libvirtBaseImages.hostId, host.id), eq(libvirtBaseImages.image, image)));
  if (!row) throw new HypervisorError('not_found', `Host ${host.name} has no base image for ${image}.`);
  return row;
}

/** The domain as the server's row wants it: its size and disk, its drive, and how it boots. */
export async function domainPlanFor(
  db: DbOrTx,
  server: LibvirtServer,
  host: LibvirtHost,
): Promise<DomainPlan> {
  const rescue = server.status === 'rescue';
  const bootImage = rescue
    ? await baseImageOn(db, host, 'rescue')
    : server.bootImage
      ? await baseImageOn(db, host, server.bootImage)
      : null;
  return {
    name: domainName(server.ref),
    vcpu: server.spec.vcpu,
    ramMb: server.spec.ramMb,
    pool: host.storagePool,
    diskVolume: server.diskVolume,
    seedVolume: rescue ? rescueSeedVolumeName(server.ref) : seedVolumeName(server.ref),
    network: host.network,
    vncListen: host.vncListen,
    macAddress: macAddressFor(server.ref),
    boot: bootImage?.kernel
      ? { kernel: bootImage.kernel, initrd: bootImage.initrd, cmdline: bootImage.cmdline }
      : null,
    cdrom: server.isoRef ? { pool: host.storagePool, volume: isoVolumeName(server.isoRef) } : null,
    bootFromCdrom: server.spec.source.kind === 'iso',
    serialLog: serialLogPath(server.ref),
  };
}
