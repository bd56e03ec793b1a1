import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { jobSender } from '../../../jobs/sender';
import { relaxedLimits } from '../../auth/auth.test-helpers';
import { ledgerEntries } from '../../billing/billing.tables';
import { balanceOf } from '../../billing/billing.test-helpers';
import { createHypervisor } from '../../compute/compute';
import { plantFault } from '../../compute/compute.test-helpers';
import { serverRef } from '../../compute/hypervisor';
import { floatingIps } from '../../floating-ips/floating-ips.tables';
import { convergeInstance } from '../converge';
import {
  anOrder,
  createOk,
  expectOrderError,
  hostname,
  settleInstance,
  USD,
  verifiedCustomer,
} from './creation.test-helpers';

/** The demo catalogue's floatingIpPricePerMonth (1.50) and maxActiveFloatingIp (10). */
const PRICE = 1_500_000;

describe('floating IPs ordered with instances (floatingIPCount)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const hv = () => createHypervisor({ config: t.config, db: t.db, jobs: jobSender(t.db) });
  const settle = (id: number) => settleInstance(t, id);
  const listed = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/floating-ip', headers })).json().data;
  const ipsOf = (customerId: number) =>
    t.db
      .select()
      .from(floatingIps)
      .where(and(eq(floatingIps.customerId, customerId), isNull(floatingIps.releasedAt)));

  it('buys the count per instance with the order, charged once, and routes them when each is built', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const headers = { ...user.headers, 'idempotency-key': `order-fip-${Date.now()}` };
    const order = anOrder({ hostnames: [hostname('fa'), hostname('fb')], floatingIPCount: 2 });
    const results = await createOk(t, headers, order);
    expect(results).toHaveLength(2);
    const afterOrder = await balanceOf(t.db, user.id);
    // A retry under the same key takes no second address and charges nothing more.
    await createOk(t, headers, order);
    expect(await balanceOf(t.db, user.id)).toBe(afterOrder);

    const rows = await ipsOf(user.id);
    expect(rows).toHaveLength(4);
    for (const { instanceId } of results)
      expect(rows.filter((r) => r.instanceId === instanceId)).toHaveLength(2);
    // Four monthly subscriptions, each its first month, as ledger entries the customer sees.
    const list = await listed(user.headers);
    expect(list).toMatchObject({ activeCount: 4, createdThisMonth: 4 });
    expect(list.data.items.map((i: { instance: { id: number } | null }) => i.instance?.id).sort()).toEqual(
      [results[0]!.instanceId, results[0]!.instanceId, results[1]!.instanceId, results[1]!.instanceId].sort(),
    );

    const driver = hv();
    expect(await driver.floatingIpAttachment(rows[0]!.address)).toBeNull();
    for (const { instanceId } of results) await settle(instanceId);
    for (const row of rows)
      expect(await driver.floatingIpAttachment(row.address)).toBe(serverRef(row.instanceId!));
    // Settled runs again change nothing.
    expect(await convergeInstance({ db: t.db, hypervisor: driver }, results[0]!.instanceId)).toBe('settled');
  });

  it('counts them in the credit check and against the limits, taking nothing when refused', async () => {
    const poor = await verifiedCustomer(t, 1 * USD);
    const short = await expectOrderError(
      t,
      poor.headers,
      anOrder({ floatingIPCount: 3 }),
      460,
      'INSUFFICIENT_BALANCE',
    );
    // 7 days of the hourly plan plus three first months of 1.50.
    const withoutIps = await expectOrderError(t, poor.headers, anOrder(), 460, 'INSUFFICIENT_BALANCE');
    expect(Number(short.data.minimumRequiredBalance)).toBeCloseTo(
      Number(withoutIps.data.minimumRequiredBalance) + 4.5,
      2,
    );
    expect(await ipsOf(poor.id)).toEqual([]);

    const rich = await verifiedCustomer(t, 500 * USD);
    await expectOrderError(
      t,
      rich.headers,
      anOrder({ hostnames: [hostname('x'), hostname('y')], floatingIPCount: 6 }),
      403,
      'FLOATING_IP_MAX_ACTIVE_REACHED',
    );
    expect(await ipsOf(rich.id)).toEqual([]);
    expect(await balanceOf(t.db, rich.id)).toBe(500 * USD);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/floating-ip',
      headers: rich.headers,
      payload: { regionId: 1, count: 9 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    await expectOrderError(
      t,
      rich.headers,
      anOrder({ floatingIPCount: 2 }),
      403,
      'FLOATING_IP_MAX_ACTIVE_REACHED',
    );
    await createOk(t, rich.headers, anOrder({ floatingIPCount: 1 }));
    expect(await ipsOf(rich.id)).toHaveLength(10);
  });

  it('gives the addresses back with their charge when the instance cannot be built', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    await plantFault(t.db, {
      step: 'preparing_disk',
      regionId: 2,
      reason: 'Disk image could not be written.',
    });
    const [result] = await createOk(t, user.headers, anOrder({ region: 2, floatingIPCount: 1 }));
    const [ip] = await ipsOf(user.id);
    expect(ip).toBeDefined();
    expect(await balanceOf(t.db, user.id)).toBeLessThanOrEqual(100 * USD - PRICE);

    await settle(result!.instanceId);
    expect(await ipsOf(user.id)).toEqual([]);
    expect(await balanceOf(t.db, user.id)).toBe(100 * USD);
    const refund = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        eq(
          ledgerEntries.idempotencyKey,
          `refund:creation-failed:${result!.instanceId}:floating-ip:${ip!.billableItemId}`,
        ),
      );
    expect(refund).toEqual([expect.objectContaining({ amount: PRICE })]);
    await expect(hv().floatingIpAttachment(ip!.address)).rejects.toThrow();
    // A second run (a duplicate job) gives nothing back twice.
    await convergeInstance({ db: t.db, hypervisor: hv() }, result!.instanceId);
    expect(await balanceOf(t.db, user.id)).toBe(100 * USD);
  });

  it("never touches another customer's floating IPs", async () => {
    const alice = await verifiedCustomer(t, 100 * USD);
    const bob = await verifiedCustomer(t, 100 * USD);
    await createOk(t, alice.headers, anOrder({ floatingIPCount: 1 }));
    expect((await listed(bob.headers)).data.items).toEqual([]);
    const [aliceIp] = await ipsOf(alice.id);
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/floating-ip/${aliceIp!.id}/release`,
      headers: bob.headers,
    });
    expect(release.statusCode).toBe(404);
  });
});
