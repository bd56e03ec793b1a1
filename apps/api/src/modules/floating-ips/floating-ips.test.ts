import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { billableItems, invoiceItems, ledgerEntries } from '../billing/billing.tables';
import { balanceOf } from '../billing/billing.test-helpers';
import { serverRef } from '../compute/hypervisor';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { firstRegionId, insertInstance } from '../instances/instances.test-helpers';
import { floatingIps } from './floating-ips.tables';
import { idemKey, PRICE, useFloatingIpsApp } from './floating-ips.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

// Demo catalogue: 1 Frankfurt (active), 5 Tokyo (hidden), 6 Helsinki (inactive); at most 10 active.
const HELSINKI = 6;

describe('floating IPs (platform.md §2, §5, §9)', () => {
  const env = useFloatingIpsApp();

  it('buys one: the first month is charged from credit once, listed, in transactions and on the invoice', async () => {
    const alice = await env.customer();
    const region = await firstRegionId(env.db);
    const headers = idemKey();
    const first = await env.call(alice, 'POST', '/floating-ip', { regionId: region, count: 1 }, headers);
    expect(first.statusCode).toBe(201);
    const [ip] = first.json().data.items;
    expect(ip).toMatchObject({
      type: 'ipv4',
      regionId: region,
      autoRenew: true,
      pricePerMonth: '1.50',
      instance: null,
    });
    expect(ip.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(new Date(ip.expiresAt).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await balanceOf(env.db, alice.id)).toBe(100_000_000 - PRICE);

    // The same Idempotency-Key again: the same answer, no second address or charge.
    const retried = await env.call(alice, 'POST', '/floating-ip', { regionId: region, count: 1 }, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.items[0].id).toBe(ip.id);
    expect(await balanceOf(env.db, alice.id)).toBe(100_000_000 - PRICE);

    const list = (await env.call(alice, 'GET', '/floating-ip')).json().data;
    expect(list.data.totalCount).toBe(1);
    expect(list.data.items[0]).toMatchObject({ id: ip.id, address: ip.address });
    expect(list).toMatchObject({ activeCount: 1, createdThisMonth: 1 });
    const afterNextMonth = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const filtered = (
      await env.call(alice, 'GET', `/floating-ip?expiresAfter=${encodeURIComponent(afterNextMonth)}`)
    ).json();
    expect(filtered.data.data.totalCount).toBe(0);

    const transactions = (await env.call(alice, 'GET', '/transactions')).json().data;
    // Charges show in Transactions as the month's invoice, like every other item.
    expect(transactions.transactions).toContainEqual(
      expect.objectContaining({ type: 'invoice', value: '-1.50' }),
    );
    const [item] = await env.db
      .select()
      .from(billableItems)
      .where(eq(billableItems.resourceType, 'floating-ip'))
      .then((rows) => rows.filter((r) => r.customerId === alice.id));
    const lines = await env.db.select().from(invoiceItems).where(eq(invoiceItems.billableItemId, item!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ category: 'floating-ip', subtotal: PRICE });
  });

  it('answers 400 for low balance, an inactive or hidden region, and a count out of range', async () => {
    const poor = await env.customer(PRICE - 1);
    const region = await firstRegionId(env.db);
    const low = await env.call(poor, 'POST', '/floating-ip', { regionId: region, count: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().code).toBe('FLOATING_IP_LOW_BALANCE');
    expect(await env.db.select().from(floatingIps).where(eq(floatingIps.customerId, poor.id))).toHaveLength(
      0,
    );
    // The address taken for the attempt went back to the driver.
    expect([...fakeHypervisor.floatingIps.values()].some((ip) => ip.key.startsWith(`fip:${poor.id}:`))).toBe(
      false,
    );

    const rich = await env.customer();
    for (const regionId of [HELSINKI, 5, 999]) {
      const res = await env.call(rich, 'POST', '/floating-ip', { regionId, count: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('FLOATING_IP_REGION_INACTIVE');
    }
    expect((await env.call(rich, 'POST', '/floating-ip', { regionId: region, count: 0 })).statusCode).toBe(
      400,
    );
  });

  it('refuses past the active limit (403) and past 30 created in the calendar month (403)', async () => {
    const user = await env.customer();
    const region = await firstRegionId(env.db);
    await env.buy(user, region, 8);
    const tooMany = await env.call(user, 'POST', '/floating-ip', { regionId: region, count: 3 });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().code).toBe('FLOATING_IP_MAX_ACTIVE_REACHED');
    await env.buy(user, region, 2);
    const full = await env.call(user, 'POST', '/floating-ip', { regionId: region, count: 1 });
    expect(full.statusCode).toBe(403);
    expect(full.json().code).toBe('FLOATING_IP_MAX_ACTIVE_REACHED');
    expect(await balanceOf(env.db, user.id)).toBe(100_000_000 - 10 * PRICE);

    // Released ones still count against the month: 10 bought, release them, buy 10 twice more → 30.
    const releaseAll = async () => {
      const { items } = (await env.call(user, 'GET', '/floating-ip')).json().data.data;
      for (const ip of items)
        expect((await env.call(user, 'POST', `/floating-ip/${ip.id}/release`)).statusCode).toBe(200);
    };
    await releaseAll();
    await env.buy(user, region, 10);
    await releaseAll();
    await env.buy(user, region, 10);
    await releaseAll();
    const month = await env.call(user, 'POST', '/floating-ip', { regionId: region, count: 1 });
    expect(month.statusCode).toBe(403);
    expect(month.json().code).toBe('FLOATING_IP_MAX_PER_MONTH_REACHED');
  });

  it('turns auto-renew off, and releases at once without a refund', async () => {
    const user = await env.customer();
    const [ip] = await env.buy(user, await firstRegionId(env.db));
    const off = await env.call(user, 'PATCH', `/floating-ip/${ip!.id}`, { autoRenew: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.autoRenew).toBe(false);
    const [row] = await env.db.select().from(floatingIps).where(eq(floatingIps.id, ip!.id));
    const [item] = await env.db.select().from(billableItems).where(eq(billableItems.id, row!.billableItemId));
    expect(item!.autoRenew).toBe(false);

    const balance = await balanceOf(env.db, user.id);
    expect((await env.call(user, 'POST', `/floating-ip/${ip!.id}/release`)).statusCode).toBe(200);
    expect(await balanceOf(env.db, user.id)).toBe(balance);
    expect(fakeHypervisor.floatingIps.has(ip!.address)).toBe(false);
    const [ended] = await env.db
      .select()
      .from(billableItems)
      .where(eq(billableItems.id, row!.billableItemId));
    expect(ended!.status).toBe('terminated');
    expect((await env.call(user, 'GET', '/floating-ip')).json().data.data.totalCount).toBe(0);
    const again = await env.call(user, 'POST', `/floating-ip/${ip!.id}/release`);
    expect(again.statusCode).toBe(404);
  });

  it('attaches to the own instance of the same region through the driver, one instance at a time, and detaches', async () => {
    const user = await env.customer();
    const region = await firstRegionId(env.db);
    const [ip] = await env.buy(user, region);
    const server = await insertInstance(env.db, user.id);
    const second = await insertInstance(env.db, user.id);
    const elsewhere = await insertInstance(env.db, user.id, { regionId: 2 });
    for (const s of [server, second, elsewhere]) fakeHypervisor.add(s.id, 'active', s.hostname);

    const attached = await env.call(user, 'POST', `/floating-ip/${ip!.id}/attach`, { instanceId: server.id });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data.instance).toEqual({ id: server.id, hostname: server.hostname });
    expect(await fakeHypervisor.driver.floatingIpAttachment(ip!.address)).toBe(serverRef(server.id));

    const busy = await env.call(user, 'POST', `/floating-ip/${ip!.id}/attach`, { instanceId: second.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('FLOATING_IP_ALREADY_ATTACHED');
    const region2 = await env.call(user, 'POST', `/floating-ip/${ip!.id}/attach`, {
      instanceId: elsewhere.id,
    });
    expect(region2.statusCode).toBe(400);
    expect(region2.json().code).toBe('FLOATING_IP_OTHER_REGION');

    const detached = await env.call(user, 'POST', `/floating-ip/${ip!.id}/detach`);
    expect(detached.statusCode).toBe(200);
    expect(detached.json().data.instance).toBeNull();
    expect(await fakeHypervisor.driver.floatingIpAttachment(ip!.address)).toBeNull();
    expect((await env.call(user, 'POST', `/floating-ip/${ip!.id}/detach`)).json().code).toBe(
      'FLOATING_IP_NOT_ATTACHED',
    );

    // Releasing an attached address detaches it in the driver first.
    await env.call(user, 'POST', `/floating-ip/${ip!.id}/attach`, { instanceId: second.id });
    await env.call(user, 'POST', `/floating-ip/${ip!.id}/release`);
    expect(fakeHypervisor.floatingIps.has(ip!.address)).toBe(false);
  });

  it("never shows or changes another customer's address, nor attaches to another customer's instance", async () => {
    const alice = await env.customer();
    const bob = await env.customer();
    const region = await firstRegionId(env.db);
    const [ip] = await env.buy(alice, region);
    const bobs = await insertInstance(env.db, bob.id);
    fakeHypervisor.add(bobs.id, 'active', bobs.hostname);
    expect((await env.call(bob, 'GET', '/floating-ip')).json().data.data.totalCount).toBe(0);
    for (const [method, url, body] of [
      ['PATCH', `/floating-ip/${ip!.id}`, { autoRenew: false }],
      ['POST', `/floating-ip/${ip!.id}/release`, undefined],
      ['POST', `/floating-ip/${ip!.id}/attach`, { instanceId: bobs.id }],
      ['POST', `/floating-ip/${ip!.id}/detach`, undefined],
    ] as const) {
      const res = await env.call(bob, method, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    const [bobsIp] = await env.buy(bob, region);
    const theft = await env.call(bob, 'POST', `/floating-ip/${bobsIp!.id}/attach`, {
      instanceId: (await insertInstance(env.db, alice.id)).id,
    });
    expect(theft.statusCode).toBe(404);
    expect((await env.call(alice, 'GET', '/floating-ip')).json().data.data.items[0].autoRenew).toBe(true);
  });

  it('lets a suspended account release and stop renewals, but not buy or attach (403)', async () => {
    const user = await env.customer();
    const region = await firstRegionId(env.db);
    const [a, b] = await env.buy(user, region, 2);
    const server = await insertInstance(env.db, user.id);
    fakeHypervisor.add(server.id, 'active', server.hostname);
    await env.suspend(user);
    const buy = await env.call(user, 'POST', '/floating-ip', { regionId: region, count: 1 });
    expect(buy.statusCode).toBe(403);
    expect(buy.json().code).toBe('FLOATING_IP_ACCOUNT_SUSPENDED');
    const attach = await env.call(user, 'POST', `/floating-ip/${a!.id}/attach`, { instanceId: server.id });
    expect(attach.statusCode).toBe(403);
    expect((await env.call(user, 'PATCH', `/floating-ip/${a!.id}`, { autoRenew: false })).statusCode).toBe(
      200,
    );
    expect((await env.call(user, 'POST', `/floating-ip/${b!.id}/release`)).statusCode).toBe(200);
    const rows = await env.db
      .select()
      .from(floatingIps)
      .where(and(eq(floatingIps.customerId, user.id)));
    expect(rows.filter((r) => r.releasedAt === null).map((r) => r.id)).toEqual([a!.id]);
  });

  it('answers 503 when the driver has no address, taking no money', async () => {
    const user = await env.customer();
    fakeHypervisor.knobs.noCapacity = true;
    try {
      const res = await env.call(user, 'POST', '/floating-ip', {
        regionId: await firstRegionId(env.db),
        count: 1,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('FLOATING_IP_INFRASTRUCTURE_ERROR');
    } finally {
      fakeHypervisor.knobs.noCapacity = false;
    }
    expect(await balanceOf(env.db, user.id)).toBe(100_000_000);
    expect(
      await env.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, user.id)),
    ).toHaveLength(1);
  });
});
