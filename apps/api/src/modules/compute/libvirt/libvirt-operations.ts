import { randomUUID } from 'node:crypto';
import type { InstanceStatus } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import {
  HypervisorError,
  type MachineSize,
  type OperationState,
  type ServerRebuild,
  type ServerSource,
} from '../hypervisor';
import { generateServerPassword } from '../server-passwords';
import { completeImage } from './build-steps';
import { baseImageOn } from './domain-plan';
import { imageVolumeName } from './domain-xml';
import { fits, hostById, hostUsage, lockRegion } from './hosts';
import type { LibvirtDeps } from './libvirt';
import { type LibvirtOperationKind, libvirtImages, libvirtOperations } from './libvirt.tables';
import { cryptPassword } from './libvirt-servers';
import { deleteVolume } from './machine';
import { type ServerContext, withServer } from './server-access';
import { updateServer } from './server-rows';
import { virshFor } from './virsh';

const SETTLED: InstanceStatus[] = ['active', 'shutdown'];

/** Resize, reinstall, rescue, snapshots and backups: operations that convergence passes carry out. */
export function laterOperations(deps: LibvirtDeps & { converge: (ref: string) => Promise<void> }) {
  const { db, converge } = deps;

  /** Records the operation and puts the server in `status` until it ends. */
  async function startOperation(
    { tx, server }: ServerContext,
    kind: LibvirtOperationKind,
    imageRef: string,
    status: InstanceStatus,
    change: { successStatus?: InstanceStatus; spec?: typeof server.spec; passwordHash?: string } = {},
  ) {
    const id = `op-${randomUUID()}`;
    await tx.insert(libvirtOperations).values({
      id,
      serverRef: server.ref,
      kind,
      imageRef,
      resumeStatus: server.status,
      successStatus: change.successStatus ?? server.status,
      resumeSpec: server.spec,
      resumePasswordHash: server.passwordHash,
    });
    await updateServer(tx, server.ref, {
      status,
      operationId: id,
      ...(change.spec ? { spec: change.spec } : {}),
      ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
    });
    return { id };
  }

  /** The operation already started for this image (a retried call), if any. */
  async function existingOperation(
    tx: Tx,
    ref: string,
    kind: LibvirtOperationKind,
    imageRef: string,
    runningOnly: boolean,
  ) {
    const [op] = await tx
      .select({ id: libvirtOperations.id, state: libvirtOperations.state })
      .from(libvirtOperations)
      .where(
        and(
          eq(libvirtOperations.serverRef, ref),
          eq(libvirtOperations.kind, kind),
          eq(libvirtOperations.imageRef, imageRef),
        ),
      );
    if (!op || (runningOnly && op.state !== 'running')) return null;
    return { id: op.id };
  }

  async function requireSourceImage(tx: Tx, source: ServerSource) {
    if (source.kind === 'snapshot') await completeImage(tx, source.snapshotRef, 'snapshot');
    if (source.kind === 'backup') await completeImage(tx, source.backupRef, 'backup');
  }

  /** Starts copying the disk to a snapshot or backup; the same handle for the same image. */
  async function takeImage(ref: string, imageRef: string, kind: 'snapshot' | 'backup') {
    const opKind = kind === 'snapshot' ? 'take_snapshot' : 'take_backup';
    const handle = await db.transaction(async (tx) => existingOperation(tx, ref, opKind, imageRef, false));
    if (handle) return handle;
    const started = await withServer(db, ref, SETTLED, `take a ${kind} of`, async (ctx) => {
      const again = await existingOperation(ctx.tx, ref, opKind, imageRef, false);
      if (again) return again;
      await ctx.tx.insert(libvirtImages).values({
        ref: imageRef,
        kind,
        hostId: ctx.host.id,
        pool: kind === 'backup' ? (ctx.host.backupPool ?? ctx.host.storagePool) : ctx.host.storagePool,
        volume: imageVolumeName(imageRef),
        serverRef: ref,
        bootImage: ctx.server.bootImage,
      });
      // A backup copies a running server without stopping it; a snapshot shows while it is taken.
      return startOperation(
        ctx,
        opKind,
        imageRef,
        kind === 'snapshot' ? 'taking_snapshot' : ctx.server.status,
      );
    });
    await converge(ref);
    return started;
  }

  async function restoreImage(ref: string, imageRef: string, kind: 'snapshot' | 'backup') {
    const opKind = kind === 'snapshot' ? 'restore_snapshot' : 'restore_backup';
    const running = await db.transaction(async (tx) => existingOperation(tx, ref, opKind, imageRef, true));
    if (running) return running;
    const started = await withServer(db, ref, SETTLED, `restore a ${kind} to`, async (ctx) => {
      const image = await completeImage(ctx.tx, imageRef, kind);
      if (image.hostId !== ctx.host.id) {
        throw new HypervisorError('invalid_state', `The ${kind} ${imageRef} is on another host than ${ref}.`);
      }
      return startOperation(
        ctx,
        opKind,
        imageRef,
        kind === 'snapshot' ? 'loading_snapshot' : 'loading_backup',
      );
    });
    await converge(ref);
    return started;
  }

  async function deleteImage(imageRef: string) {
    const [image] = await db.select().from(libvirtImages).where(eq(libvirtImages.ref, imageRef));
    if (!image) return;
    const host = await hostById(db, image.hostId);
    await deleteVolume(virshFor(host.uri), image.pool, image.volume);
    await db.delete(libvirtImages).where(eq(libvirtImages.ref, imageRef));
  }

  return {
    async resize(ref: string, to: MachineSize, rebuild?: ServerRebuild) {
      const password = rebuild ? generateServerPassword() : null;
      const operation = await withServer(db, ref, SETTLED, 'resize', async (ctx) => {
        const { tx, server } = ctx;
        if (to.diskGb < server.spec.diskGb && !rebuild) {
          throw new HypervisorError(
            'invalid_state',
            `The disk of ${ref} cannot shrink without a clean install.`,
          );
        }
        await lockRegion(tx, server.regionId);
        const usage = (await hostUsage(tx, server.regionId)).find((u) => u.host.id === server.hostId);
        if (!usage || !fits(usage, to, server.spec)) {
          throw new HypervisorError('no_capacity', `The host of ${ref} has no room for the new size.`);
        }
        if (rebuild && password) {
          await requireSourceImage(tx, rebuild.source);
          return startOperation(ctx, 'reinstall', '', 'preparing_disk', {
            successStatus: 'active',
            spec: { ...server.spec, ...to, source: rebuild.source, username: rebuild.username },
            passwordHash: cryptPassword(password),
          });
        }
        // A running server shuts down, takes its new size and starts again.
        return startOperation(
          ctx,
          'resize',
          '',
          server.status === 'active' ? 'spawning_qemu' : 'preparing_disk',
          {
            spec: { ...server.spec, ...to },
          },
        );
      });
      await converge(ref);
      return { operation, password };
    },

    /** Reinstalls from `source` (a clean install that boots); addresses stay. */
    async changeOs(ref: string, source: ServerSource, username: string) {
      const password = generateServerPassword();
      const operation = await withServer(db, ref, SETTLED, 'reinstall', async (ctx) => {
        await requireSourceImage(ctx.tx, source);
        return startOperation(ctx, 'reinstall', '', 'preparing_disk', {
          successStatus: 'active',
          spec: { ...ctx.server.spec, source, username },
          passwordHash: cryptPassword(password),
        });
      });
      await converge(ref);
      return { operation, password };
    },

    /** Boots the rescue image with the server's disk attached (from off: straight into rescue). */
    async enableRescue(ref: string, password: string) {
      await withServer(db, ref, SETTLED, 'enable rescue on', async ({ tx, host }) => {
        await baseImageOn(tx, host, 'rescue').catch(() => {
          throw new HypervisorError('invalid_state', `Host ${host.name} has no rescue image.`);
        });
        await updateServer(tx, ref, {
          status: 'rescue',
          rescuePasswordHash: cryptPassword(password),
          restartPending: true,
        });
      });
      await converge(ref);
    },

    async disableRescue(ref: string) {
      await withServer(db, ref, ['rescue'], 'leave rescue on', ({ tx }) =>
        updateServer(tx, ref, { status: 'active', rescuePasswordHash: null, restartPending: true }),
      );
      await converge(ref);
    },

    takeSnapshot: (ref: string, snapshotRef: string) => takeImage(ref, snapshotRef, 'snapshot'),
    restoreSnapshot: (ref: string, snapshotRef: string) => restoreImage(ref, snapshotRef, 'snapshot'),
    deleteSnapshot: deleteImage,
    takeBackup: (ref: string, backupRef: string) => takeImage(ref, backupRef, 'backup'),
    restoreBackup: (ref: string, backupRef: string) => restoreImage(ref, backupRef, 'backup'),
    deleteBackup: deleteImage,

    async operation(id: string): Promise<OperationState> {
      const [op] = await db.select().from(libvirtOperations).where(eq(libvirtOperations.id, id));
      if (!op) throw new HypervisorError('not_found', `No operation ${id}.`);
      if (op.state === 'running') return { state: 'running', progress: null };
      if (op.state === 'failed') return { state: 'failed', reason: op.failure ?? 'The operation failed.' };
      return { state: 'succeeded', sizeMb: op.sizeMb };
    },
  };
}
