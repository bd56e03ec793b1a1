import { randomUUID } from 'node:crypto';
import type { InstanceStatus } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import { HypervisorError, type OperationHandle, type OperationState } from '../hypervisor';
import { findImageOwner, type SimImage, withImage } from './images';
import { expectStatus, type SimulatorDeps, withServer } from './servers';
import { scheduleStep } from './simulator.jobs';
import { simOperations, simServers } from './simulator.tables';
import { dueAfter } from './transitions';

type OperationKind = (typeof simOperations.$inferSelect)['kind'];
const SETTLED: InstanceStatus[] = ['active', 'shutdown'];

/** Snapshots as operations: each one puts the server in a transitional status its step jobs settle. */
export function snapshotOperations(deps: SimulatorDeps) {
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
      expectStatus(server, SETTLED, kind === 'take_snapshot' ? 'snapshot' : 'restore a snapshot on');
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

    async operation(id: string): Promise<OperationState> {
      const [op] = await db.select().from(simOperations).where(eq(simOperations.id, id));
      if (!op) throw new HypervisorError('not_found', `No operation ${id}.`);
      if (op.state === 'succeeded') return { state: 'succeeded', sizeMb: op.sizeMb };
      if (op.state === 'failed') return { state: 'failed', reason: op.failure ?? 'The operation failed.' };
      const elapsed = (Date.now() - op.startedAt.getTime()) / 1000;
      return { state: 'running', progress: stepSeconds > 0 ? Math.min(0.99, elapsed / stepSeconds) : null };
    },
  };
}
