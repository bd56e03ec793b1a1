import {
  canonicalIpv6,
  type Instance,
  inIpv6Range,
  MAX_IPV6_PTRS,
  monthlyToHourlyMicros,
  networkErrorCodes,
  toMicros,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import { logActivity } from '../../activity-log/activity-log.service';
import { startBillableItem } from '../../billing/billable-items';
import { assertCanAfford } from '../../billing/credit-check';
import { lockCreditAccount } from '../../billing/ledger';
import { loadAppConfig } from '../../catalogue/app-config';
import { listRegions, lockOffer } from '../../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError, serverRef } from '../../compute/hypervisor';
import type { IdempotencyScope } from '../../idempotency/idempotency.service';
import { toInstance } from '../instance.mapper';
import {
  type Customer,
  changing,
  failureKind,
  infrastructureError,
  instanceActionSupport,
  notAvailable,
} from '../instance-action-support';
import { instanceNotFound } from '../instance-reads.service';
import { isAccountSuspended } from '../instance-suspension';
import { findInstance } from '../instances.repository';
import { instances } from '../instances.tables';

type InstanceRow = typeof instances.$inferSelect;

const notOfInstance = () =>
  badRequest(
    networkErrorCodes.ipNotOfInstance,
    'This address is not the main IPv4 or inside the IPv6 range of the instance.',
  );

/**
 * The addresses of an instance (instances.md §2 Network page, §4, §6): reverse DNS, IPv4 or IPv6 enabled
 * later, DDoS protection. Enabling IPv4 and DDoS protection adds an hourly add-on item to the instance's
 * billing (docs/decisions.md, "Addresses enabled later"); IPv6 is free.
 */
export function createNetworkAddresses(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor } = deps;
  const { actionable, logFor, mirror } = instanceActionSupport(deps);

  async function owned(customer: Customer, id: number) {
    const record = await findInstance(db, customer.id, id, isAccountSuspended(customer.status));
    if (!record) throw instanceNotFound();
    if (record.instance.lifecycle !== 'ready') throw changing();
    return record;
  }

  async function setPtrs(customer: Customer, row: InstanceRow, ip: string, ptr: string | null) {
    let update: Partial<InstanceRow>;
    if (row.mainIp !== null && ip === row.mainIp) update = { mainIpPtr: ptr };
    else {
      const address = canonicalIpv6(ip);
      if (!address || !row.ipv6Range || !inIpv6Range(address, row.ipv6Range)) throw notOfInstance();
      const others = row.ipv6Ptrs.filter((p) => p.ip !== address);
      if (ptr !== null && others.length >= MAX_IPV6_PTRS)
        throw badRequest(
          networkErrorCodes.tooManyPtrs,
          `At most ${MAX_IPV6_PTRS} IPv6 addresses can have a reverse-DNS name.`,
        );
      update = { ipv6Ptrs: ptr === null ? others : [...others, { ip: address, ptr }] };
    }
    await db.transaction(async (tx) => {
      await tx
        .update(instances)
        .set({ ...update, updatedAt: new Date() })
        .where(eq(instances.id, row.id));
      await logActivity(tx, {
        customerId: customer.id,
        event: 'instance_ptr_changed',
        data: { hostname: row.hostname, ip, ptr },
        instanceId: row.id,
        mainIp: row.mainIp,
      });
    });
  }

  /** Starts an hourly add-on item of the instance, after the credit check creation makes. */
  async function startAddOn(
    tx: Tx,
    customer: Customer,
    row: InstanceRow,
    addOn: {
      resourceType: 'ipv4' | 'ddos-protection';
      monthly: number;
      reason: 'ip-attached' | 'ddos-activated';
      name: string;
    },
    oneMonthInHours: number,
  ) {
    await startBillableItem(tx, {
      customerId: customer.id,
      resourceType: addOn.resourceType,
      resourceId: String(row.id),
      instanceId: row.id,
      description: row.hostname,
      subDescription: addOn.name,
      billingCycle: 'hourly',
      monthlyPrice: addOn.monthly,
      reason: addOn.reason,
      oneMonthInHours,
    });
  }

  async function creditCheck(
    tx: Tx,
    customerId: number,
    monthly: number,
    appConfig: { oneMonthInHours: number; numberOfDaysForCreditCheck: number },
  ) {
    const balance = await lockCreditAccount(tx, customerId);
    const days = appConfig.numberOfDaysForCreditCheck;
    const hourly = monthlyToHourlyMicros(monthly, appConfig.oneMonthInHours);
    await assertCanAfford(tx, customerId, balance, hourly * 24 * Math.max(1, days), days);
  }

  const driverRefusal = (error: unknown, what: string) => {
    if (error instanceof HypervisorError && error.kind === 'no_capacity')
      return conflict(
        networkErrorCodes.noFreeAddress,
        `No free ${what} is left in this region. Please try again later.`,
      );
    if (error instanceof HypervisorError && error.kind === 'invalid_state') return changing();
    return infrastructureError();
  };

  return {
    async setPtr(customer: Customer, id: number, ip: string, ptr: string): Promise<Instance> {
      const record = await owned(customer, id);
      await setPtrs(customer, record.instance, ip.trim(), ptr);
      return toInstance(await owned(customer, id));
    },

    async deletePtr(customer: Customer, id: number, ip: string): Promise<Instance> {
      const record = await owned(customer, id);
      await setPtrs(customer, record.instance, ip.trim(), null);
      return toInstance(await owned(customer, id));
    },

    /** IPv4 (paid, hourly add-on) or IPv6 (free; the guest picks it up at its next reboot). */
    async enableIp(
      customer: Customer,
      id: number,
      family: 'ipv4' | 'ipv6',
      idempotency: IdempotencyScope | null,
    ) {
      if (idempotency?.committed) return toInstance(await owned(customer, id));
      const record = await actionable(customer, id);
      const row = record.instance;
      const has = family === 'ipv4' ? row.mainIp !== null : row.mainIpv6 !== null;
      if (has)
        throw conflict(
          networkErrorCodes.ipAlreadyEnabled,
          `${family === 'ipv4' ? 'IPv4' : 'IPv6'} is already enabled.`,
        );
      const appConfig = await loadAppConfig(db);
      const monthly = family === 'ipv4' ? toMicros(appConfig.IPV4PricePerMonth) : 0;
      const name = family === 'ipv4' ? 'IPv4' : 'IPv6';
      await db.transaction(async (tx) => {
        if (monthly > 0) await creditCheck(tx, customer.id, monthly, appConfig);
        try {
          await hypervisor.enableIp(serverRef(id), family);
        } catch (error) {
          await logFor(record, 'instance_ip_enable_failed', { family: name, reason: failureKind(error) });
          throw driverRefusal(error, `${name} address`);
        }
        const state = await hypervisor.get(serverRef(id)).catch(() => null);
        const set: Partial<InstanceRow> =
          family === 'ipv4'
            ? {
                assignIpv4: true,
                mainIp: state?.ipv4?.address ?? null,
                netmaskV4: state?.ipv4?.netmask ?? null,
                gatewayV4: state?.ipv4?.gateway ?? null,
              }
            : {
                assignIpv6: true,
                mainIpv6: state?.ipv6?.address ?? null,
                ipv6Range: state?.ipv6?.range ?? null,
                netmaskV6: state?.ipv6?.netmask ?? null,
                gatewayV6: state?.ipv6?.gateway ?? null,
              };
        await tx
          .update(instances)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(instances.id, id));
        if (monthly > 0)
          await startAddOn(
            tx,
            customer,
            row,
            { resourceType: 'ipv4', monthly, reason: 'ip-attached', name },
            appConfig.oneMonthInHours,
          );
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_ip_enabled',
          data: { hostname: row.hostname, family: name },
          instanceId: id,
          mainIp: set.mainIp ?? row.mainIp,
        });
        await idempotency?.commit(tx);
      });
      return mirror(customer, record);
    },

    /**
     * Moves the main IPv4 to a protected address (irreversible; undone only through support, instances.md
     * §4): the region must offer it and have protected addresses left; DDoS protection is an hourly add-on.
     */
    async enableDdos(customer: Customer, id: number, idempotency: IdempotencyScope | null) {
      if (idempotency?.committed) return toInstance(await owned(customer, id));
      const record = await actionable(customer, id);
      const row = record.instance;
      if (row.isDdosProtected)
        throw conflict(networkErrorCodes.ddosAlreadyEnabled, 'DDoS protection is already enabled.');
      const region = (await listRegions(db)).find((r) => r.id === row.regionId);
      if (!region?.supportDdosIpv4 || !region.ddosActiveness)
        throw conflict(networkErrorCodes.ddosNotSupported, 'DDoS protection is not offered in this region.');
      if (row.mainIp === null)
        throw conflict(
          networkErrorCodes.noMainIp,
          'Enable IPv4 first: DDoS protection covers the main IPv4.',
        );
      if (row.status === 'rescue') throw notAvailable('Leave rescue mode before enabling DDoS protection.');
      const appConfig = await loadAppConfig(db);
      const monthly = toMicros(appConfig.ddosIpv4MonthlyPrice);
      await db.transaction(async (tx) => {
        if (row.productId !== null) {
          const offer = await lockOffer(tx, row.productId, row.regionId);
          if (offer && offer.remainingDdosIpv4 < 1)
            throw new AppError(
              409,
              'DDOS_OUT_OF_STOCK',
              `No DDoS-protected IPv4 addresses are left in ${region.name}.`,
            );
        }
        await creditCheck(tx, customer.id, monthly, appConfig);
        let address: Awaited<ReturnType<Hypervisor['enableDdosProtection']>>;
        try {
          address = await hypervisor.enableDdosProtection(serverRef(id));
        } catch (error) {
          await logFor(record, 'instance_ddos_enable_failed', { reason: failureKind(error) });
          throw driverRefusal(error, 'DDoS-protected IPv4 address');
        }
        await tx
          .update(instances)
          .set({
            isDdosProtected: true,
            mainIp: address.address,
            netmaskV4: address.netmask,
            gatewayV4: address.gateway,
            // The old address's reverse DNS does not follow it.
            mainIpPtr: null,
            updatedAt: new Date(),
          })
          .where(eq(instances.id, id));
        await startAddOn(
          tx,
          customer,
          row,
          { resourceType: 'ddos-protection', monthly, reason: 'ddos-activated', name: 'DDoS protection' },
          appConfig.oneMonthInHours,
        );
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_ddos_enabled',
          data: { hostname: row.hostname, ip: address.address, previousIp: row.mainIp },
          instanceId: id,
          mainIp: address.address,
        });
        await idempotency?.commit(tx);
      });
      return mirror(customer, record);
    },
  };
}
