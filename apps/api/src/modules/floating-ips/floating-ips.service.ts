import { randomUUID } from 'node:crypto';
import {
  type CreateFloatingIpRequest,
  floatingIpErrorCodes as codes,
  type FloatingIp,
  type FloatingIpList,
  fromMicros,
  startOfMonthUtc,
  toMicros,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { endBillableItem, setItemAutoRenew, startBillableItem } from '../billing/billable-items';
import { lockCreditAccount } from '../billing/ledger';
import { loadAppConfig } from '../catalogue/app-config';
import { listRegions } from '../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError, type Ipv4Address, serverRef } from '../compute/hypervisor';
import type { IdempotencyScope } from '../idempotency/idempotency.service';
import { isAccountSuspended } from '../instances/instance-suspension';
import { instancePlacement } from '../instances/instances.repository';
import { driverCall, infrastructure } from './floating-ip-errors';
import { assertFloatingIpSlots } from './floating-ip-limits';
import {
  countsOf,
  type FloatingIpRow,
  listActive,
  lockOwned,
  viewOf,
  viewsByIds,
} from './floating-ips.repository';
import { floatingIps } from './floating-ips.tables';

type Customer = Pick<AuthenticatedCustomer, 'id' | 'status'>;

const missing = () => notFound('Floating IP not found.', codes.notFound);
const suspended = () =>
  forbidden(
    codes.accountSuspended,
    'A suspended account can release floating IPs or stop renewals, not buy or attach.',
  );
/** Stops routing the address to its instance, if attached; a server already gone holds nothing. */
export async function detachInDriver(
  hypervisor: Hypervisor,
  row: Pick<FloatingIpRow, 'instanceId' | 'address'>,
) {
  if (row.instanceId === null) return;
  try {
    await hypervisor.detachFloatingIp(serverRef(row.instanceId), row.address);
  } catch (error) {
    if (!(error instanceof HypervisorError && error.kind === 'not_found')) throw error;
  }
}

/**
 * Ends a floating IP in the caller's transaction (row locked): detached and given back to the driver,
 * billing stopped with no refund. The driver acts before the commit, so a failure leaves it active.
 */
export async function releaseRow(tx: DbOrTx, hypervisor: Hypervisor, row: FloatingIpRow, now = new Date()) {
  await detachInDriver(hypervisor, row);
  await hypervisor.releaseFloatingIp(row.address);
  await endBillableItem(tx, row.billableItemId, 'terminated', now);
  await tx
    .update(floatingIps)
    .set({ releasedAt: now, instanceId: null, updatedAt: now })
    .where(eq(floatingIps.id, row.id));
}

/** Floating IPs (platform.md §2, §5, §9): bought per month from credit, attached to one instance at a time. */
export function createFloatingIpService(deps: { db: Database; hypervisor: Hypervisor }) {
  const { db, hypervisor } = deps;

  async function owned<T>(
    customer: Customer,
    id: number,
    work: (tx: DbOrTx, row: FloatingIpRow) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const row = await lockOwned(tx, customer.id, id);
      if (!row) throw missing();
      return work(tx, row);
    });
  }

  async function view(customer: Customer, id: number): Promise<FloatingIp> {
    const found = await viewOf(db, customer.id, id);
    if (!found) throw missing();
    return found;
  }

  return {
    async list(customer: Customer, expiresAfter?: Date, now = new Date()): Promise<FloatingIpList> {
      const items = await listActive(db, customer.id, expiresAfter);
      const counts = await countsOf(db, customer.id, startOfMonthUtc(now));
      return {
        data: { items, totalCount: items.length },
        activeCount: counts.active,
        createdThisMonth: counts.createdThisMonth,
      };
    },

    /**
     * Buys `count` addresses in the region, each its own monthly subscription whose first month is charged
     * now from credit. The driver's allocation is keyed (by the Idempotency-Key when there is one), so a
     * retry takes no second address; the charges commit with the idempotency record.
     */
    async create(
      customer: Customer,
      request: CreateFloatingIpRequest,
      idempotency: IdempotencyScope | null = null,
      now = new Date(),
    ): Promise<FloatingIp[]> {
      const done = idempotency?.committed?.ids;
      if (Array.isArray(done)) return viewsByIds(db, customer.id, done as number[]);
      if (isAccountSuspended(customer.status)) throw suspended();
      const region = (await listRegions(db)).find((r) => r.id === request.regionId);
      if (!region?.overallActiveness || region.isHidden)
        throw badRequest(codes.regionInactive, 'Floating IPs are not offered in this region.');
      const config = await loadAppConfig(db);
      const price = toMicros(config.floatingIpPricePerMonth);
      const check = async (tx: DbOrTx) => {
        const balance = await lockCreditAccount(tx, customer.id);
        assertFloatingIpSlots(await countsOf(tx, customer.id, startOfMonthUtc(now)), config, request.count);
        if (balance < price * request.count)
          throw badRequest(
            codes.lowBalance,
            `Your credit does not cover the first month (${fromMicros(price * request.count)} USD).`,
          );
      };
      // Answered before any address is taken; checked again under the account's lock below.
      await db.transaction(check);

      const keyBase = `fip:${customer.id}:${idempotency ? `key-${idempotency.id}` : randomUUID()}`;
      const taken: (Ipv4Address & { key: string })[] = [];
      let ids: number[];
      try {
        for (let i = 0; i < request.count; i++) {
          const key = `${keyBase}:${i}`;
          taken.push({ key, ...(await driverCall(() => hypervisor.allocateFloatingIp(region.id, key))) });
        }
        ids = await db.transaction(async (tx) => {
          await check(tx);
          const created: number[] = [];
          for (const ip of taken) {
            const item = await startBillableItem(tx, {
              customerId: customer.id,
              resourceType: 'floating-ip',
              resourceId: ip.key,
              description: `Floating IP ${ip.address}`,
              subDescription: region.name,
              billingCycle: 'monthly',
              monthlyPrice: price,
              autoRenew: true,
              startedAt: now,
              oneMonthInHours: config.oneMonthInHours,
            });
            const [row] = await tx
              .insert(floatingIps)
              .values({
                customerId: customer.id,
                driverKey: ip.key,
                address: ip.address,
                netmask: ip.netmask,
                gateway: ip.gateway,
                regionId: region.id,
                billableItemId: item.id,
                createdAt: now,
              })
              .returning({ id: floatingIps.id });
            created.push(row!.id);
          }
          await idempotency?.commit(tx, { ids: created });
          return created;
        });
      } catch (error) {
        // Nothing was bought: the addresses go back (allocation is keyed, so a retry would find them anyway).
        for (const ip of taken) await hypervisor.releaseFloatingIp(ip.address).catch(() => undefined);
        throw error;
      }
      return viewsByIds(db, customer.id, ids);
    },

    /** Allowed while suspended: turning renewal off is how a customer stops paying. */
    async setAutoRenew(customer: Customer, id: number, autoRenew: boolean): Promise<FloatingIp> {
      await owned(customer, id, async (tx, row) => {
        await setItemAutoRenew(tx, row.billableItemId, autoRenew);
        await tx.update(floatingIps).set({ updatedAt: new Date() }).where(eq(floatingIps.id, id));
      });
      return view(customer, id);
    },

    /** Ends it at once, no refund; allowed while suspended. */
    async release(customer: Customer, id: number): Promise<void> {
      await owned(customer, id, (tx, row) => driverCall(() => releaseRow(tx, hypervisor, row)));
    },

    /** Attaches to the customer's own live instance of the same region; one instance per address. */
    async attach(customer: Customer, id: number, instanceId: number): Promise<FloatingIp> {
      if (isAccountSuspended(customer.status)) throw suspended();
      await owned(customer, id, async (tx, row) => {
        const instance = await instancePlacement(tx, customer.id, instanceId);
        if (!instance || !['provisioning', 'ready'].includes(instance.lifecycle))
          throw notFound('Instance not found.');
        if (instance.regionId !== row.regionId)
          throw badRequest(codes.otherRegion, 'The instance is in another region than the floating IP.');
        if (row.instanceId === instanceId) return;
        if (row.instanceId !== null)
          throw conflict(
            codes.alreadyAttached,
            'The floating IP is attached to another instance; detach it first.',
          );
        if (instance.lifecycle !== 'ready')
          throw conflict(codes.instanceNotReady, 'The instance cannot take a floating IP right now.');
        try {
          await hypervisor.attachFloatingIp(serverRef(instanceId), row.address);
        } catch (error) {
          if (error instanceof HypervisorError && error.kind !== 'infrastructure')
            throw conflict(codes.instanceNotReady, 'The instance cannot take a floating IP right now.');
          throw infrastructure(error);
        }
        await tx.update(floatingIps).set({ instanceId, updatedAt: new Date() }).where(eq(floatingIps.id, id));
      });
      return view(customer, id);
    },

    async detach(customer: Customer, id: number): Promise<FloatingIp> {
      await owned(customer, id, async (tx, row) => {
        if (row.instanceId === null) throw conflict(codes.notAttached, 'The floating IP is not attached.');
        await driverCall(() => detachInDriver(hypervisor, row));
        await tx
          .update(floatingIps)
          .set({ instanceId: null, updatedAt: new Date() })
          .where(eq(floatingIps.id, id));
      });
      return view(customer, id);
    },
  };
}
export type FloatingIpService = ReturnType<typeof createFloatingIpService>;
