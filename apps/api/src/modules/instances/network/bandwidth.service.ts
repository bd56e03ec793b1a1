import {
  bytesToGib,
  GIB_PER_TB,
  NETWORK_REPORT_MAX_DAYS,
  type NetworkReport,
  type NetworkStats,
  toMicros,
} from '@nimbus/contract';
import type { Database } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { logActivity } from '../../activity-log/activity-log.service';
import { startBillableItem } from '../../billing/billable-items';
import { loadAppConfig } from '../../catalogue/app-config';
import { type Hypervisor, serverRef } from '../../compute/hypervisor';
import type { IdempotencyScope } from '../../idempotency/idempotency.service';
import { type Customer, infrastructureError } from '../instance-action-support';
import { instanceNotFound } from '../instance-reads.service';
import { accessSuspended, isAccountSuspended } from '../instance-suspension';
import { findInstance } from '../instances.repository';
import { currentStats, cycleOfInstance, packagesTb } from './bandwidth';
import { bandwidthPackages } from './network.tables';

const DAY_MS = 86_400_000;
const startOfUtcDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

/**
 * Transfer of an instance (instances.md §2 Network page, §3 "Network stats", §9): the current 30-day
 * cycle against the allowance, the daily cumulative report, transfer packages, and the deletion page's
 * figures for several instances. Usage is what the driver counts.
 */
export function createBandwidthService(deps: { db: Database; hypervisor: Hypervisor }) {
  const { db, hypervisor } = deps;

  async function owned(customer: Customer, id: number) {
    const record = await findInstance(db, customer.id, id, isAccountSuspended(customer.status));
    if (!record) throw instanceNotFound();
    return record;
  }

  /** Reads from the driver; a driver that does not answer is the infrastructure error of §8. */
  const fromDriver = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch {
      throw infrastructureError();
    }
  };

  async function stats(customer: Customer, id: number): Promise<NetworkStats> {
    const { instance: row } = await owned(customer, id);
    const { overageMicros: _, ...figures } = await fromDriver(() => currentStats(db, hypervisor, row));
    return figures;
  }

  return {
    stats,

    /** The deletion page's figures; any id that is not the customer's answers 404. */
    async bulkStats(customer: Customer, ids: number[]) {
      const items = [];
      for (const id of [...new Set(ids)]) items.push({ externalId: id, ...(await stats(customer, id)) });
      return { items };
    },

    /** Cumulative GiB at the end of each UTC day from `startTime` (default: the cycle's start) to `endTime`. */
    async report(
      customer: Customer,
      id: number,
      q: { startTime?: number; endTime?: number },
    ): Promise<NetworkReport> {
      const { instance: row } = await owned(customer, id);
      const now = Date.now();
      const cycle = cycleOfInstance(row, new Date(now));
      const start = q.startTime ?? cycle.start.getTime();
      const end = Math.min(q.endTime ?? now, now);
      if (end < start) throw badRequest('INVALID_RANGE', 'The report must end after it starts.');
      if (end - start > NETWORK_REPORT_MAX_DAYS * DAY_MS)
        throw badRequest('INVALID_RANGE', `A report covers at most ${NETWORK_REPORT_MAX_DAYS} days.`);
      const ref = serverRef(row.id);
      const days: NetworkReport['days'] = [];
      for (let day = startOfUtcDay(start); day <= end; day += DAY_MS) {
        const until = Math.min(day + DAY_MS, end);
        const { bytes } = await fromDriver(() =>
          hypervisor.bandwidthUsage(ref, new Date(start), new Date(until)),
        );
        days.push({ date: new Date(day).toISOString().slice(0, 10), usage: bytesToGib(bytes) });
      }
      const packageGib = (await packagesTb(db, row.id, cycle.start)) * GIB_PER_TB;
      const planGib = row.bandwidthTb * GIB_PER_TB;
      const used = days.at(-1)?.usage ?? 0;
      return {
        days,
        allowed: { plan: planGib, package: packageGib },
        exceedance: Math.max(0, Math.round((used - planGib - packageGib) * 100) / 100),
        startedAt: new Date(start).toISOString(),
        endsAt: cycle.end.toISOString(),
      };
    },

    /**
     * Buys `amountTb` of transfer for the current cycle: charged now through a one-month item that does
     * not renew (460 when the credit is short), counted in this cycle's allowance. Refused while suspended.
     */
    async addBandwidth(
      customer: Customer,
      id: number,
      amountTb: number,
      idempotency: IdempotencyScope | null,
    ) {
      if (idempotency?.committed) return stats(customer, id);
      const record = await owned(customer, id);
      if (record.suspended) throw accessSuspended();
      const row = record.instance;
      if (row.lifecycle !== 'ready') throw instanceNotFound();
      const appConfig = await loadAppConfig(db);
      const cycle = cycleOfInstance(row, new Date());
      const monthly = amountTb * toMicros(appConfig.extraTrafficPricePerTb);
      await db.transaction(async (tx) => {
        const item = await startBillableItem(tx, {
          customerId: customer.id,
          resourceType: 'bandwidth',
          resourceId: String(row.id),
          instanceId: row.id,
          description: row.hostname,
          subDescription: `${amountTb} TB transfer`,
          billingCycle: 'monthly',
          monthlyPrice: monthly,
          autoRenew: false,
          reason: 'created',
          oneMonthInHours: appConfig.oneMonthInHours,
        });
        await tx.insert(bandwidthPackages).values({
          customerId: customer.id,
          instanceId: row.id,
          amountTb,
          cycleStart: cycle.start,
          billableItemId: item.id,
        });
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_bandwidth_added',
          data: { hostname: row.hostname, tb: String(amountTb) },
          instanceId: row.id,
          mainIp: row.mainIp,
        });
        await idempotency?.commit(tx);
      });
      return stats(customer, id);
    },
  };
}
