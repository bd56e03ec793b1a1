import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { billableItems, invoiceItems, ledgerEntries } from '../../billing/billing.tables';
import { balanceOf, customerWithCredit, post } from '../../billing/billing.test-helpers';
import { convergeInstance } from '../converge';
import { fakeHypervisor } from '../fake-hypervisor.test-helpers';
import { insertInstance, instanceEvents, useInstancesApp } from '../instances.test-helpers';
import { closeDueCycles } from './network.jobs';

vi.mock('../../compute/compute', async () => {
  const { fakeHypervisor } = await import('../fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
let keys = 0;
const key = () => ({ 'idempotency-key': `network-test-${Date.now()}-${++keys}` });

describe('network', () => {
  const env = useInstancesApp();
  const get = (id: number, path: string, user = env.alice) =>
    env.call(user, 'GET', `/api/instances/${id}/${path}`);
  const itemsOf = (instanceId: number, resourceType: string) =>
    env.db
      .select()
      .from(billableItems)
      .where(
        and(eq(billableItems.instanceId, instanceId), eq(billableItems.resourceType, resourceType as never)),
      );

  it("shows the current cycle's transfer against the plan's allowance, to the owner only", async () => {
    const row = await insertInstance(env.db, env.alice.id, { startedAt: daysAgo(40), bandwidthTb: 2 });
    const res = await get(row.id, 'network-stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    expect(stats).toMatchObject({
      allowedBandwidth: 2048,
      planBandwidth: 2048,
      packageBandwidth: 0,
      exceedance: 0,
      willBeChargedInCaseOfTermination: false,
    });
    // The second 30-day cycle began ten days ago: 1000 bytes a second since then.
    expect(new Date(stats.startedAt).getTime()).toBe(row.startedAt!.getTime() + 30 * DAY);
    expect(stats.actualUsage).toBeCloseTo((10 * 86_400 * 1000) / 1024 ** 3, 1);

    const report = (await get(row.id, 'report')).json().data;
    expect(report.days).toHaveLength(11);
    expect(report.allowed).toEqual({ plan: 2048, package: 0 });
    const usage = report.days.map((d: { usage: number }) => d.usage);
    expect(usage).toEqual([...usage].sort((a, b) => a - b));

    const bulk = await env.call(env.alice, 'GET', `/api/instances/network-stats?instanceId=${row.id}`);
    expect(bulk.json().data.items).toEqual([
      expect.objectContaining({ externalId: row.id, allowedBandwidth: 2048 }),
    ]);
    expect((await get(row.id, 'network-stats', env.bob)).statusCode).toBe(404);
    const theirs = await env.call(env.bob, 'GET', `/api/instances/network-stats?instanceId=${row.id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await get(row.id, 'report?startTime=0', env.alice)).json().code).toBe('INVALID_RANGE');
  });

  it('sells transfer for the cycle once per Idempotency-Key, charged from credit, refused while suspended', async () => {
    const user = await customerWithCredit(env.app, env.db, 20_000_000);
    const row = await insertInstance(env.db, user.id, { startedAt: daysAgo(3) });
    const headers = key();
    const add = () =>
      env.call(user, 'POST', `/api/instances/${row.id}/add-bandwidth`, { amountInTB: 2 }, headers);
    const before = await balanceOf(env.db, user.id);
    const first = await add();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ detail: '2 TB of transfer was added to this cycle.' });
    expect(first.json().data).toMatchObject({ allowedBandwidth: 3072, packageBandwidth: 2048 });
    expect((await add()).statusCode).toBe(200);
    // $5 a TB in the demo catalogue, charged once.
    expect(before - (await balanceOf(env.db, user.id))).toBe(10_000_000);
    expect(await itemsOf(row.id, 'bandwidth')).toEqual([
      expect.objectContaining({ billingCycle: 'monthly', autoRenew: false, subDescription: '2 TB transfer' }),
    ]);
    expect(await instanceEvents(env.db, row.id)).toContain('instance_bandwidth_added');

    const tooMuch = await env.call(
      user,
      'POST',
      `/api/instances/${row.id}/add-bandwidth`,
      { amountInTB: 50 },
      key(),
    );
    expect(tooMuch.statusCode).toBe(460);
    const zero = await env.call(
      user,
      'POST',
      `/api/instances/${row.id}/add-bandwidth`,
      { amountInTB: 0 },
      key(),
    );
    expect(zero.statusCode).toBe(400);
    await post(env.db, user.id, -20_000_000);
    const suspended = await env.call(
      user,
      'POST',
      `/api/instances/${row.id}/add-bandwidth`,
      { amountInTB: 1 },
      key(),
    );
    expect(suspended.json().code).toBe('ACCESS_SUSPENDED');
    const theirs = await env.call(
      env.bob,
      'POST',
      `/api/instances/${row.id}/add-bandwidth`,
      { amountInTB: 1 },
      key(),
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('keeps reverse-DNS names of the main IPv4 and of addresses in the /64, checking their syntax', async () => {
    const row = await insertInstance(env.db, env.alice.id, {
      mainIpv6: '2001:db8:0:7::2',
      ipv6Range: '2001:db8:0:7::/64',
      assignIpv6: true,
    });
    const put = (body: object, user = env.alice) =>
      env.call(user, 'PUT', `/api/instances/${row.id}/ptr`, body);
    const v4 = await put({ ip: row.mainIp, ptr: 'Mail.Example.com.' });
    expect(v4.statusCode, v4.body).toBe(200);
    expect(v4.json().data.mainIpPTR).toBe('mail.example.com');
    const v6 = await put({ ip: '2001:DB8:0:7:0:0:0:10', ptr: 'v6.example.com' });
    expect(v6.json().data.mainIpv6PTRs).toEqual([{ ip: '2001:db8:0:7::10', ptr: 'v6.example.com' }]);

    for (const ptr of ['not a name', 'localhost', '-bad.example.com', '1.2.3.4', `${'a'.repeat(64)}.com`]) {
      const bad = await put({ ip: row.mainIp, ptr });
      expect(bad.statusCode, ptr).toBe(400);
    }
    expect((await put({ ip: '2001:db8:0:8::1', ptr: 'x.example.com' })).json().code).toBe(
      'IP_NOT_OF_INSTANCE',
    );
    expect((await put({ ip: '10.9.9.9', ptr: 'x.example.com' })).json().code).toBe('IP_NOT_OF_INSTANCE');
    expect((await put({ ip: row.mainIp, ptr: 'evil.example.com' }, env.bob)).statusCode).toBe(404);

    const removed = await env.call(env.alice, 'DELETE', `/api/instances/${row.id}/ptr?ip=2001:db8:0:7::10`);
    expect(removed.json().data.mainIpv6PTRs).toEqual([]);
    expect(removed.json().data.mainIpPTR).toBe('mail.example.com');
    expect(await instanceEvents(env.db, row.id)).toEqual([
      'instance_ptr_changed',
      'instance_ptr_changed',
      'instance_ptr_changed',
    ]);
  });

  it('enables IPv6 for free and IPv4 as an hourly add-on, once each', async () => {
    const row = await insertInstance(env.db, env.alice.id, {
      assignIpv4: false,
      mainIp: null,
      netmaskV4: null,
      gatewayV4: null,
    });
    fakeHypervisor.servers.get(`instance-${row.id}`)!.ipv4 = null;
    const enable = (type: string) =>
      env.call(env.alice, 'POST', `/api/instances/${row.id}/enable-ip`, { type }, key());
    const v6 = await enable('ipv6');
    expect(v6.statusCode, v6.body).toBe(200);
    expect(v6.json().detail).toBe('IPv6 was enabled. Reboot the instance to use it.');
    expect(v6.json().data).toMatchObject({ mainIpv6: '2001:db8::2', ipv6Range: '2001:db8::/64' });
    expect((await enable('ipv6')).json().code).toBe('IP_ALREADY_ENABLED');
    const v4 = await enable('ipv4');
    expect(v4.statusCode, v4.body).toBe(200);
    expect(v4.json().data.mainIp).toMatch(/^203\.0\.113\./);
    expect(await itemsOf(row.id, 'ipv4')).toEqual([
      expect.objectContaining({ billingCycle: 'hourly', monthlyPrice: 2_000_000, reason: 'ip-attached' }),
    ]);
    expect((await enable('ipv4')).json().code).toBe('IP_ALREADY_ENABLED');
    expect(await instanceEvents(env.db, row.id)).toEqual(['instance_ip_enabled', 'instance_ip_enabled']);
  });

  it('moves the main IPv4 to a protected address where the region offers it, irreversibly', async () => {
    const row = await insertInstance(env.db, env.alice.id, {
      productId: 1,
      regionId: 1,
      mainIpPtr: 'old.example.com',
    });
    const enable = (id: number) =>
      env.call(env.alice, 'POST', `/api/instances/${id}/enable-ddos`, { type: 'ipv4' }, key());
    const res = await enable(row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isDdosProtected: true, mainIpPTR: null });
    expect(res.json().data.mainIp).toMatch(/^198\.18\./);
    expect(await itemsOf(row.id, 'ddos-protection')).toEqual([
      expect.objectContaining({ monthlyPrice: 10_000_000, reason: 'ddos-activated' }),
    ]);
    expect((await enable(row.id)).json().code).toBe('DDOS_ALREADY_ENABLED');

    const newYork = await insertInstance(env.db, env.alice.id, { regionId: 3 });
    expect((await enable(newYork.id)).json().code).toBe('DDOS_NOT_SUPPORTED');
    const noIp = await insertInstance(env.db, env.alice.id, { regionId: 1, mainIp: null, assignIpv4: false });
    expect((await enable(noIp.id)).json().code).toBe('NO_MAIN_IP');
    expect(
      (await env.call(env.bob, 'POST', `/api/instances/${row.id}/enable-ddos`, { type: 'ipv4' }, key()))
        .statusCode,
    ).toBe(404);

    // Deleting the instance ends the add-on with it.
    expect((await env.call(env.alice, 'DELETE', `/api/instances/${row.id}`)).statusCode).toBe(200);
    expect((await itemsOf(row.id, 'ddos-protection'))[0]).toMatchObject({ status: 'terminated' });
  });

  it('charges transfer beyond the allowance once per closed cycle, and the last one on deletion', async () => {
    const user = await customerWithCredit(env.app, env.db, 100_000_000);
    const row = await insertInstance(env.db, user.id, { startedAt: daysAgo(31), bandwidthTb: 1 });
    fakeHypervisor.knobs.bytesPerSecond = 1_000_000;
    try {
      await closeDueCycles({ db: env.db, hypervisor: fakeHypervisor.driver });
      await closeDueCycles({ db: env.db, hypervisor: fakeHypervisor.driver });
      const charges = await env.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.customerId, user.id), eq(ledgerEntries.kind, 'usage_charge')));
      const overage = charges.filter((c) => c.idempotencyKey.startsWith(`overage:${row.id}:`));
      // 30 days at 1 MB/s is 2,413.98 GiB; 1,389.98 beyond 1 TB at $0.01 a GiB.
      expect(overage.map((c) => c.amount)).toEqual([-13_899_800]);
      const [line] = await env.db
        .select()
        .from(invoiceItems)
        .where(and(eq(invoiceItems.instanceId, row.id), eq(invoiceItems.type, 'overage')));
      expect(line).toMatchObject({ subtotal: 13_899_800, usage: 138_998, reason: 'bandwidth-overage' });

      // The current cycle (one day in) is over the allowance too: deleting charges it, once.
      const stats = (await env.call(user, 'GET', `/api/instances/network-stats?instanceId=${row.id}`)).json();
      expect(stats.data.items[0].willBeChargedInCaseOfTermination).toBe(false);
      const busy = await insertInstance(env.db, user.id, { startedAt: daysAgo(15), bandwidthTb: 1 });
      const busyStats = (await env.call(user, 'GET', `/api/instances/${busy.id}/network-stats`)).json().data;
      expect(busyStats.willBeChargedInCaseOfTermination).toBe(true);
      expect((await env.call(user, 'DELETE', `/api/instances/${busy.id}`)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++)
        await convergeInstance({ db: env.db, hypervisor: fakeHypervisor.driver }, busy.id);
      const final = await env.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'usage_charge'));
      expect(final.filter((c) => c.idempotencyKey.startsWith(`overage:${busy.id}:`))).toHaveLength(1);
      expect(await instanceEvents(env.db, busy.id)).toContain('instance_bandwidth_overage_charged');
    } finally {
      fakeHypervisor.knobs.bytesPerSecond = 1000;
    }
  });
});
