import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { HypervisorError } from '../hypervisor';
import { isoVolumeName } from './domain-xml';
import { hostById, type LibvirtHost } from './hosts';
import type { LibvirtDeps } from './libvirt';
import { libvirtHosts, libvirtIsos, libvirtServers } from './libvirt.tables';
import { changeMedia, deleteVolume, domainState, isRunning, volumeExists } from './machine';
import { withServer } from './server-access';
import { updateServer } from './server-rows';
import { virshFor } from './virsh';

/** ISO 9660's primary volume descriptor starts at byte 32768 with type 1 and "CD001". */
const ISO_SIGNATURE_OFFSET = 32_769;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

async function withTempBytes<T>(data: Uint8Array | null, fn: (path: string) => Promise<T>): Promise<T> {
  const path = join(tmpdir(), `nimbus-iso-${randomUUID()}`);
  if (data) await writeFile(path, data, { mode: 0o600 });
  try {
    return await fn(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** The ISO on the host, complete; not_found otherwise. */
export async function completeIsoOn(db: DbOrTx, isoRef: string, hostId: number) {
  const [iso] = await db
    .select()
    .from(libvirtIsos)
    .where(and(eq(libvirtIsos.ref, isoRef), eq(libvirtIsos.hostId, hostId), eq(libvirtIsos.complete, true)));
  if (!iso)
    throw new HypervisorError('not_found', `The ISO ${isoRef} is not complete on this server's host.`);
  return iso;
}

/**
 * Custom ISOs, written piece by piece into the storage pool of every host that is up when the image
 * starts (offset 0), so a server on any of them can boot from it or have it in its drive.
 */
export function isoOperations(deps: LibvirtDeps) {
  const { db } = deps;
  const copiesOf = (isoRef: string) => db.select().from(libvirtIsos).where(eq(libvirtIsos.ref, isoRef));

  async function removeCopies(isoRef: string) {
    for (const copy of await copiesOf(isoRef)) {
      const host = await hostById(db, copy.hostId);
      await deleteVolume(virshFor(host.uri), host.storagePool, copy.volume);
    }
    await db.delete(libvirtIsos).where(eq(libvirtIsos.ref, isoRef));
  }

  async function upload(host: LibvirtHost, volume: string, offset: number, data: Uint8Array) {
    const virsh = virshFor(host.uri);
    if (!(await volumeExists(virsh, host.storagePool, volume))) {
      await virsh(['vol-create-as', host.storagePool, volume, '0', '--format', 'raw']);
    }
    await withTempBytes(data, (path) =>
      virsh(
        [
          'vol-upload',
          '--pool',
          host.storagePool,
          volume,
          path,
          '--offset',
          String(offset),
          '--length',
          String(data.length),
        ],
        {
          timeoutMs: UPLOAD_TIMEOUT_MS,
        },
      ),
    );
  }

  return {
    async isoStoredBytes(isoRef: string) {
      const copies = await copiesOf(isoRef);
      return copies.length === 0 ? 0 : Math.min(...copies.map((c) => c.bytes));
    },

    async writeIso(isoRef: string, offset: number, data: Uint8Array) {
      if (offset === 0) {
        await removeCopies(isoRef);
        const hosts = await db.select().from(libvirtHosts).where(eq(libvirtHosts.state, 'up'));
        if (hosts.length === 0)
          throw new HypervisorError('no_capacity', 'No host is up to store the ISO on.');
        await db
          .insert(libvirtIsos)
          .values(hosts.map((h) => ({ ref: isoRef, hostId: h.id, volume: isoVolumeName(isoRef) })));
      }
      const copies = await copiesOf(isoRef);
      const stored = copies.length === 0 ? 0 : Math.min(...copies.map((c) => c.bytes));
      if (copies.length === 0 || offset !== stored || copies.some((c) => c.complete)) {
        throw new HypervisorError(
          'invalid_state',
          `The ISO ${isoRef} holds ${stored} bytes; a piece at ${offset} does not follow.`,
        );
      }
      for (const copy of copies) {
        await upload(await hostById(db, copy.hostId), copy.volume, offset, data);
        await db
          .update(libvirtIsos)
          .set({ bytes: offset + data.length })
          .where(and(eq(libvirtIsos.ref, isoRef), eq(libvirtIsos.hostId, copy.hostId)));
      }
      return offset + data.length;
    },

    /** Reads the ISO 9660 signature back from the first copy; not an ISO → removed. */
    async completeIso(isoRef: string) {
      const copies = await copiesOf(isoRef);
      const first = copies[0];
      if (!first) throw new HypervisorError('not_found', `No ISO ${isoRef}.`);
      const host = await hostById(db, first.hostId);
      const signature = await withTempBytes(null, async (path) => {
        if (first.bytes < ISO_SIGNATURE_OFFSET + 5) return '';
        await virshFor(host.uri)([
          'vol-download',
          '--pool',
          host.storagePool,
          first.volume,
          path,
          '--offset',
          String(ISO_SIGNATURE_OFFSET),
          '--length',
          '5',
        ]);
        return (await readFile(path)).toString('latin1');
      });
      if (signature !== 'CD001') {
        await removeCopies(isoRef);
        return { bootable: false };
      }
      await db.update(libvirtIsos).set({ complete: true }).where(eq(libvirtIsos.ref, isoRef));
      return { bootable: true };
    },

    async deleteIso(isoRef: string) {
      const [user] = await db
        .select({ ref: libvirtServers.ref })
        .from(libvirtServers)
        .where(and(eq(libvirtServers.isoRef, isoRef), isNull(libvirtServers.deletedAt)))
        .limit(1);
      if (user)
        throw new HypervisorError('invalid_state', `The ISO ${isoRef} is in the drive of ${user.ref}.`);
      await removeCopies(isoRef);
    },

    async attachIso(ref: string, isoRef: string) {
      await withServer(
        db,
        ref,
        ['active', 'shutdown', 'rescue'],
        'attach an ISO to',
        async ({ tx, host, virsh }) => {
          await completeIsoOn(tx, isoRef, host.id);
          const path = (await virsh(['vol-path', '--pool', host.storagePool, isoVolumeName(isoRef)])).trim();
          await changeMedia(virsh, ref, path, isRunning(await domainState(virsh, ref)));
          await updateServer(tx, ref, { isoRef, definition: null });
        },
      );
    },

    async ejectIso(ref: string) {
      await withServer(db, ref, 'any', 'eject the ISO of', async ({ tx, server, virsh }) => {
        if (!server.isoRef) return;
        await changeMedia(virsh, ref, null, isRunning(await domainState(virsh, ref)));
        await updateServer(tx, ref, { isoRef: null, definition: null });
      });
    },
  };
}
