import type { InstanceStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simFaults } from './simulator.tables';

/** Steps a server can fail at: the ones the simulator completes by itself. */
export const FAULTABLE_STEPS = [
  'initializing',
  'preparing_disk',
  'preparing_network',
  'spawning_qemu',
  'spawning_qemu_with_seed',
  'taking_snapshot',
  'loading_snapshot',
  'loading_backup',
] as const satisfies readonly InstanceStatus[];
export type FaultableStep = (typeof FAULTABLE_STEPS)[number];

const DEFAULT_FAULT_REASON = 'Simulated infrastructure failure';

/** Makes the next `times` servers (in `regionId`, or anywhere) that finish `step` fail there. */
export async function plantFault(
  db: DbOrTx,
  fault: { step: InstanceStatus; regionId?: number | null; times?: number; reason?: string },
) {
  const [row] = await db
    .insert(simFaults)
    .values({
      step: fault.step,
      regionId: fault.regionId ?? null,
      remaining: fault.times ?? 1,
      reason: fault.reason ?? DEFAULT_FAULT_REASON,
    })
    .returning();
  return row!;
}

/**
 * Uses up one planted fault for this step and region, if any: returns its reason. The row lock and the
 * re-checked `remaining > 0` make two servers racing for the last use see one winner.
 * A fault for the region wins over one for every region.
 */
export async function takeFault(tx: DbOrTx, step: InstanceStatus, regionId: number): Promise<string | null> {
  const result = await tx.execute<{ reason: string }>(sql`
    UPDATE ${simFaults} SET remaining = remaining - 1
    WHERE id = (
      SELECT id FROM ${simFaults}
      WHERE step = ${step} AND (region_id IS NULL OR region_id = ${regionId}) AND remaining > 0
      ORDER BY region_id NULLS LAST, id
      LIMIT 1
      FOR UPDATE
    ) AND remaining > 0
    RETURNING reason`);
  return result.rows[0]?.reason ?? null;
}
