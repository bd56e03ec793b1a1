import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import {
  allocatePreorder,
  cancelPreorder,
  describeRefusal,
  listPendingForOperator,
  PreorderStateError,
} from '../preorders/preorder-allocation';
import type { AdminOutcome } from './admin.run';

/** `preorder list | allocate <id> | cancel <id>`: the operator's side of GPU preorders. */

const outcome = (lines: string[], exitCode: 0 | 1 = 0): AdminOutcome => ({ lines, warnings: [], exitCode });
const refused = (message: string): AdminOutcome => ({ lines: [], warnings: [message], exitCode: 1 });

export async function listPreorders(deps: { db: Database }): Promise<AdminOutcome> {
  const rows = await listPendingForOperator(deps.db);
  if (rows.length === 0) return outcome(['No pending preorders.']);
  return outcome(
    rows.map(
      (p) =>
        `#${p.id}  customer ${p.customerId}  ${p.hostname}  ${p.description}  region ${p.regionId}  ` +
        `due ${p.dueDate.toISOString()}`,
    ),
  );
}

export async function allocatePreorderCommand(
  deps: { db: Database; jobs: JobQueue },
  preorderId: number,
): Promise<AdminOutcome> {
  try {
    const r = await allocatePreorder(deps, preorderId);
    if (r.outcome === 'already_allocated')
      return outcome([
        `Preorder #${preorderId} is already allocated (instance ${r.instanceId}); nothing changed.`,
      ]);
    return outcome([
      `Preorder #${preorderId} allocated: instance ${r.instanceId} (${r.hostname}) of customer ${r.customerId} is being created and billed.`,
    ]);
  } catch (error) {
    if (error instanceof PreorderStateError) return refused(error.message);
    const refusal = describeRefusal(error);
    if (refusal) return refused(`Preorder #${preorderId} was not allocated. ${refusal}`);
    throw error;
  }
}

export async function cancelPreorderCommand(
  deps: { db: Database },
  preorderId: number,
): Promise<AdminOutcome> {
  try {
    const r = await cancelPreorder(deps.db, preorderId);
    return outcome([
      r === 'cancelled'
        ? `Preorder #${preorderId} cancelled; nothing was charged.`
        : `Preorder #${preorderId} is already cancelled; nothing changed.`,
    ]);
  } catch (error) {
    if (error instanceof PreorderStateError) return refused(error.message);
    throw error;
  }
}
