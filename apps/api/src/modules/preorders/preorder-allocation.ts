import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { findCustomerById } from '../auth/customers';
import { requestConverge } from '../instances/converge';
import { placeOrder } from '../instances/creation/creation.order';
import { assertAccountMayCreate, resolveOrder } from '../instances/creation/creation.rules';
import {
  lockPreorder,
  markPreorderAllocated,
  markPreorderCancelled,
  pendingPreordersByDueDate,
} from '../instances/preorders.repository';
import { creationParamsOf } from './preorders.service';

/** Operator side of GPU preorders: allocation turns one into a charged instance; cancellation ends it. */

type AllocationResult =
  | { outcome: 'allocated'; preorderId: number; instanceId: number; customerId: number; hostname: string }
  | { outcome: 'already_allocated'; preorderId: number; instanceId: number | null };

export class PreorderStateError extends Error {}

/**
 * Allocates a pending preorder in one transaction through the creation path: the same rules, stock and
 * credit checks, then the instance and its charge. Any refusal (460, out of stock, …) rolls everything back
 * and the preorder stays pending. A second allocation says it is already allocated.
 */
export async function allocatePreorder(
  deps: { db: Database; jobs: JobQueue },
  preorderId: number,
): Promise<AllocationResult> {
  const result = await deps.db.transaction(async (tx): Promise<AllocationResult> => {
    const preorder = await lockPreorder(tx, preorderId);
    if (!preorder) throw new PreorderStateError(`No preorder #${preorderId}.`);
    if (preorder.status === 'allocated')
      return { outcome: 'already_allocated', preorderId, instanceId: preorder.instanceId };
    if (preorder.status === 'cancelled')
      throw new PreorderStateError(`Preorder #${preorderId} is cancelled.`);
    const customer = await findCustomerById(tx, preorder.customerId);
    assertAccountMayCreate({ status: customer!.status, emailVerified: customer!.emailVerifiedAt !== null });
    const params = creationParamsOf(preorder);
    const order = await resolveOrder(tx, preorder.customerId, params, { allowGpu: true });
    const [instance] = await placeOrder(tx, preorder.customerId, order, {
      orderId: `preorder:${preorder.id}`,
      hostnames: [preorder.hostname],
      acceptPromotionLimit: true,
    });
    await markPreorderAllocated(tx, preorder.id, instance!.id);
    await logActivity(tx, {
      customerId: preorder.customerId,
      event: 'preorder_allocated',
      data: { hostname: preorder.hostname, preorderId: preorder.id },
      instanceId: instance!.id,
    });
    return {
      outcome: 'allocated',
      preorderId,
      instanceId: instance!.id,
      customerId: preorder.customerId,
      hostname: preorder.hostname,
    };
  });
  // The converge job asks the driver for the server; the customer resets the password from the panel.
  if (result.outcome === 'allocated') await requestConverge(deps.jobs, result.instanceId);
  return result;
}

/** Cancels a pending preorder; nothing was charged, so nothing is returned. */
export async function cancelPreorder(
  db: Database,
  preorderId: number,
): Promise<'cancelled' | 'already_cancelled'> {
  return db.transaction(async (tx) => {
    const preorder = await lockPreorder(tx, preorderId);
    if (!preorder) throw new PreorderStateError(`No preorder #${preorderId}.`);
    if (preorder.status === 'cancelled') return 'already_cancelled';
    if (preorder.status === 'allocated')
      throw new PreorderStateError(
        `Preorder #${preorderId} is already allocated (instance ${preorder.instanceId}); delete the instance instead.`,
      );
    await markPreorderCancelled(tx, preorderId);
    await logActivity(tx, {
      customerId: preorder.customerId,
      event: 'preorder_cancelled',
      data: { hostname: preorder.hostname, preorderId },
    });
    return 'cancelled';
  });
}

/** Every pending preorder, oldest due first, for the operator. */
export function listPendingForOperator(db: Database) {
  return pendingPreordersByDueDate(db);
}

/** A refusal of the creation rules as one line for the CLI. */
export function describeRefusal(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  if (error.status === 460) {
    const data = error.extra.data as { customerBalance: string; minimumRequiredBalance: string } | undefined;
    return `Not enough credit: the customer has ${data?.customerBalance ?? '?'} USD and needs ${data?.minimumRequiredBalance ?? '?'} USD. The preorder stays pending.`;
  }
  return `${error.detail} (${error.code}). The preorder stays pending.`;
}
