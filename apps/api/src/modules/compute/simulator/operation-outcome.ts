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
 * the server takes the status it ends in. A failed snapshot leaves no image behind; a failed resize or
 * reinstall gives the server back the size, disk and password it had. Returns what the server's row
 * takes.
 */
export async function finishOperation(
  tx: Tx,
  server: SimServer,
  outcome: { failure: string | null },
  now: Date,
): Promise<Pick<SimServer, 'status'> & Partial<Pick<SimServer, 'spec' | 'passwordHash'>>> {
  const [op] = await tx.select().from(simOperations).where(eq(simOperations.id, server.operationId!));
  if (!op) return { status: 'active' };
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
  if (!outcome.failure) return { status: op.successStatus ?? op.resumeStatus };
  return {
    status: op.resumeStatus,
    ...(op.resumeSpec ? { spec: op.resumeSpec } : {}),
    ...(op.resumePasswordHash ? { passwordHash: op.resumePasswordHash } : {}),
  };
}
