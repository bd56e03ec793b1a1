import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { completeImage, writeDisk } from './build-steps';
import { diskVolumeName, imageVolumeName } from './domain-xml';
import type { LibvirtHost } from './hosts';
import { libvirtImages, libvirtOperations } from './libvirt.tables';
import {
  askShutdown,
  backupRunningDisk,
  copyVolume,
  deleteVolume,
  domainState,
  forceOff,
  growVolume,
  isRunning,
  startDomain,
  volumeSizeMb,
} from './machine';
import { type LibvirtServer, syncDefinition, syncSeed, updateServer } from './server-rows';
import { virshFor } from './virsh';

export type LibvirtOperation = typeof libvirtOperations.$inferSelect;

/** How long a resize waits for the guest's clean shutdown before forcing it. */
export const RESIZE_SHUTDOWN_TIMEOUT_MS = 60_000;

async function settle(tx: Tx, server: LibvirtServer, op: LibvirtOperation, sizeMb: number | null) {
  await tx
    .update(libvirtOperations)
    .set({ state: 'succeeded', sizeMb, finishedAt: new Date() })
    .where(eq(libvirtOperations.id, op.id));
  await updateServer(tx, server.ref, { status: op.successStatus, operationId: null });
}

/** Boots the server at the end of an operation when it should run, with its current definition. */
async function bootIfWanted(tx: Tx, ref: string, host: LibvirtHost, wanted: boolean, server: LibvirtServer) {
  await syncDefinition(tx, server, host);
  if (wanted) await startDomain(virshFor(host.uri), ref);
}

/**
 * Writes a new generation of the server's disk from `write`, swaps the domain onto it and removes the
 * old one. A failure before the swap leaves the old disk in place (the new one is removed by the undo).
 */
async function replaceDisk(
  tx: Tx,
  server: LibvirtServer,
  host: LibvirtHost,
  write: (volume: string) => Promise<string | null>,
): Promise<LibvirtServer> {
  const virsh = virshFor(host.uri);
  await forceOff(virsh, server.ref);
  const generation = server.diskGeneration + 1;
  const volume = diskVolumeName(server.ref, generation);
  const bootImage = await write(volume);
  const next = { ...server, diskVolume: volume, diskGeneration: generation, bootImage };
  await syncDefinition(tx, { ...next, status: 'shutdown' }, host);
  await updateServer(tx, server.ref, { diskVolume: volume, diskGeneration: generation, bootImage });
  await deleteVolume(virsh, host.storagePool, server.diskVolume);
  return next;
}

/**
 * One pass of the server's operation. Returns 'waiting' while a guest is still shutting down for it;
 * throws a HypervisorError when it failed (the caller undoes it).
 */
export async function operationStep(
  tx: Tx,
  server: LibvirtServer,
  op: LibvirtOperation,
  host: LibvirtHost,
  now: Date,
): Promise<'progressed' | 'waiting'> {
  const virsh = virshFor(host.uri);
  const backupPool = host.backupPool ?? host.storagePool;
  switch (op.kind) {
    case 'take_snapshot':
    case 'take_backup': {
      const pool = op.kind === 'take_backup' ? backupPool : host.storagePool;
      const volume = imageVolumeName(op.imageRef);
      if (isRunning(await domainState(virsh, server.ref)))
        await backupRunningDisk(virsh, server.ref, pool, volume);
      else await copyVolume(virsh, { pool: host.storagePool, volume: server.diskVolume }, { pool, volume });
      const sizeMb = await volumeSizeMb(virsh, pool, volume);
      await tx
        .update(libvirtImages)
        .set({ complete: true, sizeMb })
        .where(eq(libvirtImages.ref, op.imageRef));
      await settle(tx, server, op, sizeMb);
      return 'progressed';
    }
    case 'restore_snapshot':
    case 'restore_backup': {
      const image = await completeImage(
        tx,
        op.imageRef,
        op.kind === 'restore_backup' ? 'backup' : 'snapshot',
      );
      const restored = await replaceDisk(tx, server, host, async (volume) => {
        await copyVolume(
          virsh,
          { pool: image.pool, volume: image.volume },
          { pool: host.storagePool, volume },
        );
        await growVolume(virsh, host.storagePool, volume, server.spec.diskGb);
        return image.bootImage;
      });
      await bootIfWanted(tx, server.ref, host, op.successStatus === 'active', {
        ...restored,
        status: op.successStatus,
      });
      await settle(tx, server, op, null);
      return 'progressed';
    }
    case 'resize': {
      const state = await domainState(virsh, server.ref);
      if (isRunning(state)) {
        if (!server.shutdownAskedAt) {
          await askShutdown(virsh, server.ref);
          await updateServer(tx, server.ref, { shutdownAskedAt: now });
          return 'waiting';
        }
        if (now.getTime() - server.shutdownAskedAt.getTime() < RESIZE_SHUTDOWN_TIMEOUT_MS) {
          // Pressed again: a guest still booting has no one listening to the button yet.
          await askShutdown(virsh, server.ref);
          return 'waiting';
        }
        await forceOff(virsh, server.ref);
      }
      await updateServer(tx, server.ref, { shutdownAskedAt: null });
      await growVolume(virsh, host.storagePool, server.diskVolume, server.spec.diskGb);
      await bootIfWanted(tx, server.ref, host, op.successStatus === 'active', {
        ...server,
        status: op.successStatus,
      });
      await settle(tx, server, op, null);
      return 'progressed';
    }
    case 'reinstall':
      return reinstall(tx, server, op, host);
  }
}

async function reinstall(tx: Tx, server: LibvirtServer, op: LibvirtOperation, host: LibvirtHost) {
  const rebuilt = await replaceDisk(tx, server, host, (volume) =>
    writeDisk(tx, host, server.spec.source, volume, server.spec.diskGb),
  );
  const seeded = await syncSeed(tx, rebuilt, host);
  await bootIfWanted(tx, server.ref, host, true, { ...seeded, status: 'active' });
  await settle(tx, server, op, null);
  return 'progressed' as const;
}

/**
 * Puts the server back as it was before a failed operation: its size, image and password, its old disk
 * (a half-written new generation is removed), its status; a snapshot or backup half-written is removed.
 */
export async function undoOperation(
  tx: Tx,
  server: LibvirtServer,
  op: LibvirtOperation,
  host: LibvirtHost,
  reason: string,
) {
  const virsh = virshFor(host.uri);
  if (op.kind === 'take_snapshot' || op.kind === 'take_backup') {
    const pool = op.kind === 'take_backup' ? (host.backupPool ?? host.storagePool) : host.storagePool;
    await deleteVolume(virsh, pool, imageVolumeName(op.imageRef));
    await tx.delete(libvirtImages).where(eq(libvirtImages.ref, op.imageRef));
  }
  const next = diskVolumeName(server.ref, server.diskGeneration + 1);
  await deleteVolume(virsh, host.storagePool, next);
  const restored: LibvirtServer = {
    ...server,
    spec: op.resumeSpec,
    passwordHash: op.resumePasswordHash,
    status: op.resumeStatus,
    operationId: null,
    shutdownAskedAt: null,
  };
  await updateServer(tx, server.ref, {
    spec: restored.spec,
    passwordHash: restored.passwordHash,
    status: restored.status,
    operationId: null,
    shutdownAskedAt: null,
  });
  await bootIfWanted(
    tx,
    server.ref,
    host,
    op.resumeStatus === 'active' || op.resumeStatus === 'rescue',
    restored,
  );
  await tx
    .update(libvirtOperations)
    .set({ state: 'failed', failure: reason, finishedAt: new Date() })
    .where(eq(libvirtOperations.id, op.id));
}
