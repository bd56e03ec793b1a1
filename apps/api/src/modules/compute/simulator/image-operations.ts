import { randomUUID } from 'node:crypto';
import type { InstanceStatus } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { HypervisorError, type OperationHandle, type OperationState } from '../hypervisor';
import { findImageOwner, type SimImage, withImage } from './images';
import { expectStatus, type SimulatorDeps, withServer } from './servers';
import { scheduleStep } from './simulator.jobs';
import { simOperations, simServers } from './simulator.tables';
import { metricSample } from './telemetry';
import { dueAfter } from './transitions';

type OperationKind = Exclude<(typeof simOperations.$inferSelect)['kind'], 'resize' | 'reinstall'>;
const SETTLED: InstanceStatus[] = ['active', 'shutdown'];
const verbs: Record<OperationKind, string> = {
  take_snapshot: 'snapshot',
  restore_snapshot: 'restore a snapshot on',
  take_backup: 'back up',
  restore_backup: 'restore a backup on',
};

/**
 * Snapshots and backups as operations. A snapshot, a snapshot restore and a backup restore put the server
 * in a transitional status its step jobs settle; a backup is taken while the server runs, so it ends by
 * itself one step after it started (settled when it is read).
 */
export function imageOperations(deps: SimulatorDeps) {
  const { db, stepSeconds, queue } = deps;

  async function start(ref: string, kind: OperationKind, imageRef: string, status: InstanceStatus) {
    const { handle, step } = await withServer(db, ref, async (tx, server) => {
      // A retried call while the operation runs (or, for a snapshot, after it wrote its image) gets it back.
      const [existing] = await tx
        .select()
        .from(simOperations)
        .where(and(eq(simOperations.imageRef, imageRef), eq(simOperations.kind, kind)));
      if (existing && (existing.state === 'running' || kind === 'take_snapshot')) {
        return { handle: { id: existing.id }, step: null };
      }
      expectStatus(server, SETTLED, verbs[kind]);
      const id = `op-${randomUUID()}`;
      await tx
        .insert(simOperations)
        .values({ id, serverRef: ref, kind, imageRef, resumeStatus: server.status });
      const now = new Date();
      const stepDueAt = dueAfter(now, stepSeconds);
      const image: SimImage = {
        ref: imageRef,
        kind: 'snapshot',
        diskGb: server.spec.diskGb,
        takenAt: now.toISOString(),
      };
      await tx
        .update(simServers)
        .set({
          status,
          stepDueAt,
          operationId: id,
          updatedAt: now,
          ...(kind === 'take_snapshot' ? { spec: withImage(server.spec, image) } : {}),
        })
        .where(eq(simServers.ref, ref));
      return { handle: { id }, step: { ref, status, stepDueAt } };
    });
    if (step && queue) await scheduleStep(queue, step);
    return handle;
  }

  return {
    takeSnapshot: (ref: string, snapshotRef: string): Promise<OperationHandle> =>
      start(ref, 'take_snapshot', snapshotRef, 'taking_snapshot'),

    async restoreSnapshot(ref: string, snapshotRef: string): Promise<OperationHandle> {
      if (!(await findImageOwner(db, snapshotRef, 'snapshot')))
        throw new HypervisorError('not_found', `The snapshot ${snapshotRef} does not exist.`);
      return start(ref, 'restore_snapshot', snapshotRef, 'loading_snapshot');
    },

    /** Starts a backup: recorded as an operation, the server untouched until it ends. */
    takeBackup: (ref: string, backupRef: string): Promise<OperationHandle> =>
      withServer(db, ref, async (tx, server) => {
        const [existing] = await tx
          .select()
          .from(simOperations)
          .where(and(eq(simOperations.imageRef, backupRef), eq(simOperations.kind, 'take_backup')));
        if (existing) return { id: existing.id };
        expectStatus(server, [...SETTLED, 'rescue'], verbs.take_backup);
        const id = `op-${randomUUID()}`;
        await tx.insert(simOperations).values({
          id,
          serverRef: ref,
          kind: 'take_backup',
          imageRef: backupRef,
          resumeStatus: server.status,
        });
        return { id };
      }),

    async restoreBackup(ref: string, backupRef: string): Promise<OperationHandle> {
      if (!(await findImageOwner(db, backupRef, 'backup')))
        throw new HypervisorError('not_found', `The backup ${backupRef} does not exist.`);
      return start(ref, 'restore_backup', backupRef, 'loading_backup');
    },

    async operation(id: string): Promise<OperationState> {
      let [op] = await db.select().from(simOperations).where(eq(simOperations.id, id));
      if (!op) throw new HypervisorError('not_found', `No operation ${id}.`);
      const elapsed = (Date.now() - op.startedAt.getTime()) / 1000;
      if (op.kind === 'take_backup' && op.state === 'running' && elapsed >= stepSeconds) {
        await settleBackup(db, op.id);
        [op] = await db.select().from(simOperations).where(eq(simOperations.id, id));
      }
      if (!op) throw new HypervisorError('not_found', `No operation ${id}.`);
      if (op.state === 'running' && op.kind !== 'take_backup') await failOrphaned(db, op.id, op.serverRef);
      [op] = await db.select().from(simOperations).where(eq(simOperations.id, id));
      if (!op) throw new HypervisorError('not_found', `No operation ${id}.`);
      if (op.state === 'succeeded') return { state: 'succeeded', sizeMb: op.sizeMb };
      if (op.state === 'failed') return { state: 'failed', reason: op.failure ?? 'The operation failed.' };
      return { state: 'running', progress: stepSeconds > 0 ? Math.min(0.99, elapsed / stepSeconds) : null };
    },
  };
}

/** Fails an operation whose server was deleted or broke meanwhile: no step job will end it. */
async function failOrphaned(db: Database, operationId: string, ref: string) {
  const [server] = await db
    .select({
      operationId: simServers.operationId,
      deletedAt: simServers.deletedAt,
      failure: simServers.failure,
    })
    .from(simServers)
    .where(eq(simServers.ref, ref));
  if (server && !server.deletedAt && !server.failure && server.operationId === operationId) return;
  await db
    .update(simOperations)
    .set({ state: 'failed', failure: 'The server is gone.', finishedAt: new Date() })
    .where(and(eq(simOperations.id, operationId), eq(simOperations.state, 'running')));
}

/**
 * Ends a backup one step after it began: the image joins the server (its used blocks, the share of the
 * disk its telemetry reports); a server deleted or broken meanwhile fails it.
 */
async function settleBackup(db: Database, operationId: string) {
  await db.transaction(async (tx) => {
    const [op] = await tx.select().from(simOperations).where(eq(simOperations.id, operationId)).for('update');
    if (op?.state !== 'running') return;
    const [server] = await tx.select().from(simServers).where(eq(simServers.ref, op.serverRef)).for('update');
    const now = new Date();
    if (!server || server.deletedAt || server.failure) {
      await tx
        .update(simOperations)
        .set({ state: 'failed', failure: 'The server is gone.', finishedAt: now })
        .where(eq(simOperations.id, op.id));
      return;
    }
    const image: SimImage = {
      ref: op.imageRef,
      kind: 'backup',
      diskGb: server.spec.diskGb,
      takenAt: now.toISOString(),
    };
    await tx
      .update(simServers)
      .set({ spec: withImage(server.spec, image), updatedAt: now })
      .where(eq(simServers.ref, server.ref));
    const used = metricSample(server.ref, now.getTime())['disk:usage:%'] / 100;
    await tx
      .update(simOperations)
      .set({
        state: 'succeeded',
        sizeMb: Math.max(1, Math.round(server.spec.diskGb * 1024 * used)),
        finishedAt: now,
      })
      .where(eq(simOperations.id, op.id));
  });
}
