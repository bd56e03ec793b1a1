import type { BillingCycle } from '@nimbus/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Database } from '../../db/client';
import { activityLogs } from '../activity-log/activity-log.tables';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { startBillableItem } from '../billing/billable-items';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { regions } from '../catalogue/catalogue.tables';
import type { Hypervisor } from '../compute/hypervisor';
import { fakeHypervisor } from './fake-hypervisor.test-helpers';
import { followInstanceOperation } from './instance-operations';
import { instances } from './instances.tables';

type NewInstance = typeof instances.$inferInsert;

let ips = 0;
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

export type TestCustomer = Awaited<ReturnType<typeof customerWithCredit>>;

/**
 * The set-up of the instances API tests: this file's app and two customers with 1,000 USD each, alice
 * (who acts) and bob (who must never see her instances). Fields are filled in `beforeAll`.
 */
export function useInstancesApp() {
  let t: TestApp;
  const env = {
    app: undefined as unknown as TestApp['app'],
    db: undefined as unknown as Database,
    jobs: undefined as unknown as TestApp['jobs'],
    alice: undefined as unknown as TestCustomer,
    bob: undefined as unknown as TestCustomer,
    call: (
      user: TestCustomer,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) =>
      env.app.inject({
        method,
        url,
        headers: { ...user.headers, ...headers },
        ...(payload ? { payload } : {}),
      }),
  };
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    Object.assign(env, {
      app: t.app,
      db: t.db,
      jobs: t.jobs,
      alice: await customerWithCredit(t.app, t.db, 1_000_000_000),
      bob: await customerWithCredit(t.app, t.db, 1_000_000_000),
    });
  });
  afterAll(() => t.close());
  return env;
}

/**
 * Runs the follow job of an instance's resize or OS change until its outcome is recorded, as the worker
 * would (each read of the fake's operation moves it one step).
 */
export async function followOperation(
  env: { db: Database; jobs: TestApp['jobs'] },
  instanceId: number,
  hypervisor: Hypervisor = fakeHypervisor.driver,
) {
  for (let attempt = 0; attempt < 5; attempt++)
    if ((await followInstanceOperation({ ...env, hypervisor }, instanceId)) === 'settled') return;
  throw new Error(`The operation of instance ${instanceId} did not end`);
}

/** The activity log events of an instance, oldest first, as its Logs tab lists them (for assertions). */
export async function instanceEvents(db: Database, instanceId: number): Promise<string[]> {
  const rows = await db
    .select({ event: activityLogs.event })
    .from(activityLogs)
    .where(eq(activityLogs.instanceId, instanceId))
    .orderBy(asc(activityLogs.createdAt));
  return rows.map((r) => r.event);
}
