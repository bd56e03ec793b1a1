import type { InstanceStatus } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { deleteImage } from './images';
import { simOperations, type simServers } from './simulator.tables';
import { unitHash } from './telemetry';

type SimServer = typeof simServers.$inferSelect;

/** What a snapshot of the server weighs: its used share of the disk (15–65 %), steady per server. */
const usedDiskMb = (server: SimServer) =>
  Math.max(1, Math.round(server.spec.diskGb * 1024 * (0.15 + 0.5 * unitHash(`${server.ref}|disk-used`))));

/**
 * Ends the server's operation when its step completes (or fails): the operation records the outcome and
 * the server returns to the status it had. A failed snapshot leaves no image behind.
 */
export async function finishOperation(
  tx: Tx,
  server: SimServer,
  outcome: { failure: string | null },
  now: Date,
): Promise<InstanceStatus> {
  const [op] = await tx.select().from(simOperations).where(eq(simOperations.id, server.operationId!));
  const resume = op?.resumeStatus ?? 'active';
  if (op) {
    await tx
      .update(simOperations)
      .set({
        state: outcome.failure ? 'failed' : 'succeeded',
        failure: outcome.failure,
        sizeMb: op.kind === 'take_snapshot' && !outcome.failure ? usedDiskMb(server) : null,
        finishedAt: now,
      })
      .where(eq(simOperations.id, op.id));
    if (op.kind === 'take_snapshot' && outcome.failure) await deleteImage(tx, op.imageRef, 'snapshot');
  }
  return resume;
}
