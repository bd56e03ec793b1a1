import { fromMicros } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { logActivity } from '../../activity-log/activity-log.service';
import { billItemAtLeastUntil, endBillableItem, lockBillableItem } from '../../billing/billable-items';
import { startOfHour } from '../../billing/hourly-billing';
import { creditService } from '../../billing/invoice-lines';
import { ledgerSumOfItem, lockCreditAccount } from '../../billing/ledger';
import type { Hypervisor } from '../../compute/hypervisor';
import { releaseAssignedFloatingIps } from '../../floating-ips/ordered-floating-ips';
import { instances } from '../instances.tables';

const HOUR_MS = 3_600_000;

/** The ledger key of the money a failed creation gives back: one per instance, so it is returned once. */
const creationRefundKey = (instanceId: number) => `refund:creation-failed:${instanceId}`;

/**
 * An instance that could not be built: lifecycle 'failed', its billable item ended at its start and every
 * charge it made returned in one credit entry. Idempotent: an instance no longer provisioning is left alone,
 * and the refund's key makes a second refund impossible even if two runners race.
 * Returns false when there was nothing to do.
 */
export async function failInstanceCreation(
  tx: DbOrTx,
  hypervisor: Hypervisor,
  instanceId: number,
  reason: string,
): Promise<boolean> {
  const [peek] = await tx
    .select({ customerId: instances.customerId })
    .from(instances)
    .where(eq(instances.id, instanceId));
  if (!peek) return false;
  // Credit account first, like every other writer of credit, so this never deadlocks with billing.
  await lockCreditAccount(tx, peek.customerId);
  const [instance] = await tx.select().from(instances).where(eq(instances.id, instanceId)).for('update');
  if (instance?.lifecycle !== 'provisioning') return false;

  await tx
    .update(instances)
    .set({ lifecycle: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(eq(instances.id, instanceId));

  const now = new Date();
  let refunded = 0;
  if (instance.billableItemId !== null)
    refunded += await returnCharges(tx, instance.billableItemId, {
      idempotencyKey: creationRefundKey(instanceId),
      description: `${instance.hostname}: creation failed, charge returned`,
      at: now,
    });
  // The floating IPs ordered with it were for this server: they go, and their first month comes back.
  for (const itemId of await releaseAssignedFloatingIps(tx, hypervisor, instanceId, now))
    refunded += await returnCharges(tx, itemId, {
      idempotencyKey: `refund:creation-failed:${instanceId}:floating-ip:${itemId}`,
      description: `${instance.hostname}: creation failed, floating IP charge returned`,
      at: now,
    });
  await logActivity(tx, {
    customerId: instance.customerId,
    event: 'instance_creation_failed',
    // What came back, so the log says the charge was returned (the Transactions row says it too).
    data: {
      hostname: instance.hostname,
      reason,
      ...(refunded > 0 && { refundAmount: fromMicros(refunded) }),
    },
    instanceId,
    mainIp: instance.mainIp,
  });
  return true;
}

/**
 * Ends a billable item at its start and gives back every charge it made, in one credit entry under `key`
 * (so it is given back once). Returns the amount given back.
 */
async function returnCharges(
  tx: DbOrTx,
  itemId: number,
  credit: { idempotencyKey: string; description: string; at: Date },
): Promise<number> {
  const item = await lockBillableItem(tx, itemId);
  if (!item) return 0;
  // Ended at its start: no hour of an hourly item is due (billedUntil past its first hour too,
  // because an item ending inside an hour would otherwise still owe that hour).
  await endBillableItem(tx, item.id, 'terminated', item.startedAt);
  if (item.billingCycle === 'hourly') {
    const firstHourEnd = new Date(startOfHour(item.startedAt).getTime() + HOUR_MS);
    await billItemAtLeastUntil(tx, item.id, firstHourEnd);
  }
  const refund = -(await ledgerSumOfItem(tx, item.customerId, item.id));
  if (refund <= 0) return 0;
  // A credit line on the month's invoice too, so the invoice that carries the charge shows it returned.
  const posted = await creditService(tx, item, { amount: refund, ...credit });
  return posted.applied ? refund : 0;
}
