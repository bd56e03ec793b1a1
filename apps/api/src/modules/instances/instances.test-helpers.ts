import type { BillingCycle, InstanceStatus } from '@nimbus/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { startBillableItem } from '../billing/billable-items';
import { regions } from '../catalogue/catalogue.tables';
import { type Hypervisor, HypervisorError, type ServerState, serverRef } from '../compute/hypervisor';
import { instances } from './instances.tables';

type NewInstance = typeof instances.$inferInsert;

let ips = 0;

/**
 * A driver for tests of the instances area: servers in a map, every operation immediate, and a failure
 * that can be armed for the next call of a method. Install it with
 * `vi.mock('../compute/compute', …)` so the API under test uses it.
 */
export function createFakeHypervisor() {
  const servers = new Map<string, ServerState>();
  const failures = new Map<string, Error>();
  const check = (method: string) => {
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      throw failure;
    }
  };
  const server = (ref: string) => {
    const s = servers.get(ref);
    if (!s) throw new HypervisorError('not_found', `No server ${ref}`);
    return s;
  };
  const driver: Partial<Hypervisor> = {
    name: 'fake',
    get: async (ref) => servers.get(ref) ?? null,
    powerOff: async (ref) => {
      check('powerOff');
      const s = server(ref);
      if (s.status !== 'active' && s.status !== 'rescue')
        throw new HypervisorError('invalid_state', 'not on');
      s.status = 'shutdown';
    },
    powerOn: async (ref) => {
      check('powerOn');
      const s = server(ref);
      if (s.status !== 'shutdown') throw new HypervisorError('invalid_state', 'not off');
      s.status = 'active';
    },
    restart: async (ref) => {
      check('restart');
      const s = server(ref);
      if (s.status !== 'active') throw new HypervisorError('invalid_state', 'not on');
    },
    changeHostname: async (ref, hostname) => {
      check('changeHostname');
      server(ref).hostname = hostname;
    },
    resetPassword: async (ref) => {
      check('resetPassword');
      server(ref);
      return 'Generated-Pass-1';
    },
    delete: async (ref) => {
      servers.delete(ref);
    },
  };
  return {
    driver: driver as Hypervisor,
    servers,
    /** The next call of `method` throws `error`. */
    failNext(method: keyof Hypervisor, error: Error) {
      failures.set(method, error);
    },
    add(instanceId: number, status: InstanceStatus, hostname: string) {
      servers.set(serverRef(instanceId), {
        ref: serverRef(instanceId),
        status,
        hostname,
        ipv4: null,
        ipv6: null,
        failure: null,
        host: 'fake-host-1',
      });
    },
  };
}
export type FakeHypervisor = ReturnType<typeof createFakeHypervisor>;

/** The one fake every test file of the area shares through its `vi.mock`. */
export const fakeHypervisor = createFakeHypervisor();

export async function firstRegionId(db: Database): Promise<number> {
  const [row] = await db.select({ id: regions.id }).from(regions).orderBy(asc(regions.id)).limit(1);
  return row!.id;
}

export interface TestInstanceOptions extends Partial<NewInstance> {
  monthlyPrice?: number;
  billingCycle?: BillingCycle;
  billingStartedAt?: Date;
  /** No billable item (an instance billing knows nothing about). */
  unbilled?: boolean;
}

/**
 * Inserts a built instance of a customer (ready and active with IPs unless told otherwise) and starts its
 * billable item as creation does; a cycle item pays its first cycle from the customer's credit. The fake
 * driver gets a server in the same state.
 */
export async function insertInstance(db: Database, customerId: number, o: TestInstanceOptions = {}) {
  const { monthlyPrice = 7_300_000, billingCycle = 'hourly', billingStartedAt, unbilled, ...row } = o;
  const n = ++ips;
  const regionId = row.regionId ?? (await firstRegionId(db));
  const instance = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(instances)
      .values({
        customerId,
        orderId: `test-order-${n}`,
        hostname: `test-${n}`,
        lifecycle: 'ready',
        status: 'active',
        networkStatus: 'active',
        planClass: 'default',
        productId: null,
        planName: 'Test plan',
        regionId,
        osId: null,
        osFamily: 'ubuntu',
        osName: 'Ubuntu 24.04',
        vcpuCount: 1,
        ramMb: 1024,
        diskGb: 25,
        bandwidthTb: 1,
        extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 },
        assignIpv4: true,
        assignIpv6: false,
        mainIp: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        netmaskV4: '255.255.255.0',
        gatewayV4: '10.0.0.1',
        billingCycle,
        startedAt: new Date(),
        ...row,
      })
      .returning();
    if (!inserted) throw new Error('instance not inserted');
    if (unbilled) return inserted;
    const item = await startBillableItem(tx, {
      customerId,
      resourceType: 'instance',
      resourceId: String(inserted.id),
      instanceId: inserted.id,
      description: `VPS ${inserted.hostname}`,
      billingCycle,
      monthlyPrice,
      oneMonthInHours: 730,
      startedAt: billingStartedAt,
      autoRenew: inserted.isSubscriptionAutoRenewEnabled,
    });
    const [updated] = await tx
      .update(instances)
      .set({ billableItemId: item.id })
      .where(eq(instances.id, inserted.id))
      .returning();
    return updated!;
  });
  fakeHypervisor.add(instance.id, instance.status, instance.hostname);
  return instance;
}
