import {
  fromMicros,
  type Instance,
  instanceErrorCodes,
  type SubscriptionRefund,
  subscriptionRefund,
} from '@nimbus/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import {
  endBillableItem,
  endInstanceAddOns,
  lockBillableItem,
  renewNow,
  setItemAutoRenew,
} from '../billing/billable-items';
import { creditService } from '../billing/invoice-lines';
import { findLedgerEntryByKey } from '../billing/ledger';
import type { IdempotencyScope } from '../idempotency/idempotency.service';
import { requestConverge } from './converge';
import { type InstanceRecord, type ItemSummary, toInstance } from './instance.mapper';
import { instanceNotFound } from './instance-reads.service';
import { isAccountSuspended } from './instance-suspension';
import { findInstance, listedLifecycles } from './instances.repository';
import { instances } from './instances.tables';

type Customer = Pick<AuthenticatedCustomer, 'id' | 'status'>;
type InstanceRow = typeof instances.$inferSelect;

const notSubscription = () =>
  new AppError(400, instanceErrorCodes.notSubscription, 'Hourly instances have no subscription to manage.');

/** The idempotency key of the one refund a deletion can give. */
const deletionRefundKey = (instanceId: number) => `refund:delete:${instanceId}`;

/** The refund of deleting `row` now (or, `applied`, the one its deletion gave) with its amount in micros. */
function refundOf(
  row: InstanceRow,
  item: ItemSummary | null,
  now: Date,
  applied?: number,
): SubscriptionRefund & { micros: number } {
  const figure = item
    ? subscriptionRefund({ ...item, cyclePrice: item.unitPrice }, now)
    : { refundable: false, amount: 0, unusedDays: 0 };
  const amount = applied ?? figure.amount;
  return {
    micros: amount,
    instanceId: row.id,
    hostname: row.hostname,
    billingCycle: row.billingCycle,
    refundable: amount > 0,
    refundAmount: fromMicros(amount),
    unusedDays: applied === undefined ? figure.unusedDays : 0,
    cycleEnd: item?.cycleEnd ? item.cycleEnd.toISOString() : null,
  };
}

/**
 * The subscription side of an instance: auto-renew, "Renew now", deletion and the refund it gives.
 * These stay allowed while the instance is suspended: they are how a customer pays or stops paying.
 */
export function createInstanceSubscriptions(deps: { db: Database; jobs: JobQueue }) {
  const { db, jobs } = deps;

  async function owned(customer: Customer, id: number): Promise<InstanceRecord> {
    const record = await findInstance(db, customer.id, id, isAccountSuspended(customer.status));
    if (!record) throw instanceNotFound();
    return record;
  }

  async function live(customer: Customer, id: number): Promise<InstanceRecord> {
    const record = await owned(customer, id);
    if (record.instance.lifecycle === 'deleting')
      throw conflict(instanceErrorCodes.instanceChanging, 'The instance is being deleted.');
    return record;
  }

  /** What deleting gives back now; for an instance already being deleted, what its deletion gave. */
  async function previewOf(record: InstanceRecord, now: Date) {
    if (record.instance.lifecycle !== 'deleting') return refundOf(record.instance, record.item, now);
    const entry = await findLedgerEntryByKey(db, deletionRefundKey(record.instance.id));
    return refundOf(record.instance, record.item, now, entry?.amount ?? 0);
  }

  return {
    async setAutoRenew(customer: Customer, id: number, autoRenew: boolean) {
      const record = await live(customer, id);
      const row = record.instance;
      if (row.billingCycle === 'hourly') throw notSubscription();
      await db.transaction(async (tx) => {
        if (row.billableItemId !== null) await setItemAutoRenew(tx, row.billableItemId, autoRenew);
        await tx
          .update(instances)
          .set({ isSubscriptionAutoRenewEnabled: autoRenew, updatedAt: new Date() })
          .where(eq(instances.id, id));
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_auto_renew_changed',
          data: { hostname: row.hostname, autoRenew },
          instanceId: id,
          mainIp: row.mainIp,
        });
      });
      return { code: true, isSubscriptionAutoRenewEnabled: autoRenew };
    },

    /** Pays a new cycle of a subscription suspended at renewal; 460 when the credit is short. */
    async renew(
      customer: Customer,
      id: number,
      idempotency: IdempotencyScope | null = null,
    ): Promise<Instance> {
      // Renewed by an earlier run under the same Idempotency-Key that died before answering.
      if (idempotency?.committed) return toInstance(await owned(customer, id));
      const record = await live(customer, id);
      const row = record.instance;
      if (row.billingCycle === 'hourly') throw notSubscription();
      await db.transaction(async (tx) => {
        const renewed =
          row.billableItemId === null ? null : await renewNow(tx, customer.id, row.billableItemId);
        if (!renewed) throw conflict(instanceErrorCodes.notSuspended, 'The subscription is not suspended.');
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_renewed',
          data: { hostname: row.hostname, amount: fromMicros(renewed.unitPrice) },
          instanceId: id,
          mainIp: row.mainIp,
        });
        await idempotency?.commit(tx);
      });
      return toInstance(await owned(customer, id));
    },

    async refund(customer: Customer, id: number, now = new Date()): Promise<SubscriptionRefund> {
      const { micros: _, ...refund } = await previewOf(await owned(customer, id), now);
      return refund;
    },

    /** Refund previews of several instances; any id that is not the customer's answers 404. */
    async bulkRefund(customer: Customer, ids: number[], now = new Date()) {
      const refunds: SubscriptionRefund[] = [];
      let total = 0;
      for (const id of [...new Set(ids)]) {
        const { micros, ...refund } = await previewOf(await owned(customer, id), now);
        refunds.push(refund);
        total += micros;
      }
      return { refunds, totalRefund: fromMicros(total) };
    },

    /**
     * Starts deletion: the instance leaves billing now (its item ends, the unused whole days of a paid
     * cycle come back once, keyed by the instance), and the converge job tears the server down. Allowed
     * while suspended: deleting is how a customer stops the charges. Deleting an instance already being
     * deleted changes nothing and answers the same.
     */
    async delete(customer: Customer, id: number, now = new Date()): Promise<SubscriptionRefund> {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(instances)
          .where(
            and(
              eq(instances.id, id),
              eq(instances.customerId, customer.id),
              inArray(instances.lifecycle, [...listedLifecycles]),
            ),
          )
          .for('update');
        if (!row) throw instanceNotFound();
        const item = row.billableItemId === null ? null : await lockBillableItem(tx, row.billableItemId);
        if (row.lifecycle === 'deleting') {
          const entry = await findLedgerEntryByKey(tx, deletionRefundKey(id));
          return { refund: refundOf(row, item ?? null, now, entry?.amount ?? 0), started: false };
        }
        const refund = refundOf(row, item ?? null, now);
        await tx
          .update(instances)
          .set({ lifecycle: 'deleting', deletionRequestedAt: now, updatedAt: now })
          .where(eq(instances.id, id));
        if (item) await endBillableItem(tx, item.id, 'terminated', now);
        // Add-ons billed beside the instance (IPv4 or DDoS protection enabled later) end with it.
        await endInstanceAddOns(tx, id, now);
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_delete_requested',
          data: { hostname: row.hostname, refundAmount: refund.refundAmount },
          instanceId: id,
          mainIp: row.mainIp,
        });
        if (refund.micros > 0 && item) {
          // On the month's invoice as a credit line, in Transactions and in the activity log.
          const posted = await creditService(tx, item, {
            amount: refund.micros,
            idempotencyKey: deletionRefundKey(id),
            description: `Refund of ${refund.unusedDays} unused days: ${row.hostname}`,
            at: now,
          });
          if (posted.applied)
            await logActivity(tx, {
              customerId: customer.id,
              event: 'instance_refunded',
              data: { hostname: row.hostname, amount: refund.refundAmount, unusedDays: refund.unusedDays },
              instanceId: id,
              mainIp: row.mainIp,
            });
        }
        return { refund, started: true };
      });
      if (result.started) await requestConverge(jobs, id);
      const { micros: _, ...refund } = result.refund;
      return refund;
    },
  };
}
