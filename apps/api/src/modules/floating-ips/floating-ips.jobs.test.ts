import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobSender } from '../../jobs/sender';
import { mailCount } from '../auth/auth.test-helpers';
import { billableItems, ledgerEntries } from '../billing/billing.tables';
import { balanceOf, post } from '../billing/billing.test-helpers';
import { runCycleBilling } from '../billing/cycle-billing';
import { serverRef } from '../compute/hypervisor';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { instances } from '../instances/instances.tables';
import { firstRegionId, insertInstance } from '../instances/instances.test-helpers';
import { floatingIpJobs } from './floating-ips.jobs';
import { floatingIps } from './floating-ips.tables';
import { PRICE, useFloatingIpsApp } from './floating-ips.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const REMINDER = 'floating-ip-renewal';
const WARNING = 'floating-ip-expiring';

describe('floating IP renewals, reminders and expiry (platform.md §5, §8)', () => {
  const env = useFloatingIpsApp();
  /** The every-minute job as pg-boss runs it, at the real clock (expiries are moved instead). */
  const runJob = () =>
    floatingIpJobs({
      config: env.config,
      db: env.db,
      jobs: jobSender(env.db),
      hypervisor: fakeHypervisor.driver,
    })[0]!.handler({} as never, { id: 'test', retryCount: 0 });
  const itemOf = async (id: number) => {
    const [row] = await env.db.select().from(floatingIps).where(eq(floatingIps.id, id));
    const [item] = await env.db.select().from(billableItems).where(eq(billableItems.id, row!.billableItemId));
    return { row: row!, item: item! };
  };
  /** Moves the paid month so that it ends `hours` from now. */
  const expireIn = async (id: number, hours: number) => {
    const { item } = await itemOf(id);
    await env.db.execute(sql`UPDATE billable_items SET cycle_end = now() + make_interval(secs => ${hours * 3600}),
      cycle_start = now() + make_interval(secs => ${hours * 3600}) - interval '1 month' WHERE id = ${item.id}`);
  };

  it('renews at expiry from credit while auto-renew is on, charging once however often billing runs', async () => {
    const user = await env.customer();
    const [ip] = await env.buy(user, await firstRegionId(env.db));
    await expireIn(ip!.id, -1);
    const { item } = await itemOf(ip!.id);
    await runCycleBilling(env.db);
    await runCycleBilling(env.db);
    await runJob();
    const renewed = await itemOf(ip!.id);
    expect(renewed.item.status).toBe('active');
    expect(renewed.item.cycleEnd!.getTime()).toBeGreaterThan(item.cycleEnd!.getTime());
    expect(renewed.row.releasedAt).toBeNull();
    const charges = await env.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.billableItemId, item.id));
    expect(charges.map((c) => c.amount)).toEqual([-PRICE, -PRICE]);
    expect(await balanceOf(env.db, user.id)).toBe(100_000_000 - 2 * PRICE);
    const listed = (await env.call(user, 'GET', '/floating-ip')).json().data.data.items[0];
    expect(listed.expiresAt).toBe(renewed.item.cycleEnd!.toISOString());
  });

  it('releases at expiry when auto-renew is off, and when the credit is short, detaching it first', async () => {
    const user = await env.customer();
    const region = await firstRegionId(env.db);
    const [off, short] = await env.buy(user, region, 2);
    const server = await insertInstance(env.db, user.id);
    fakeHypervisor.add(server.id, 'active', server.hostname);
    await env.call(user, 'POST', `/floating-ip/${off!.id}/attach`, { instanceId: server.id });
    await env.call(user, 'PATCH', `/floating-ip/${off!.id}`, { autoRenew: false });
    await expireIn(off!.id, -1);
    await expireIn(short!.id, -1);
    await post(env.db, user.id, -(await balanceOf(env.db, user.id)) + PRICE - 1);
    await runCycleBilling(env.db);
    await runJob();
    await runJob();
    for (const ip of [off!, short!]) {
      const { row } = await itemOf(ip.id);
      expect(row.releasedAt).not.toBeNull();
      expect(fakeHypervisor.floatingIps.has(ip.address)).toBe(false);
    }
    expect((await itemOf(off!.id)).row.instanceId).toBeNull();
    expect(await balanceOf(env.db, user.id)).toBe(PRICE - 1);
    expect((await env.call(user, 'GET', '/floating-ip')).json().data.data.totalCount).toBe(0);
  });

  it('mails the renewal reminder 48 hours ahead once, and the 24-hour warning once only when it will not renew', async () => {
    const user = await env.customer();
    const region = await firstRegionId(env.db);
    const [renewing, stopping] = await env.buy(user, region, 2);
    await env.call(user, 'PATCH', `/floating-ip/${stopping!.id}`, { autoRenew: false });
    await expireIn(renewing!.id, 47);
    await expireIn(stopping!.id, 47);
    await runJob();
    await runJob();
    expect(await mailCount(env.db, user.email, REMINDER)).toBe(1);
    expect(await mailCount(env.db, user.email, WARNING)).toBe(0);

    await expireIn(renewing!.id, 23);
    await expireIn(stopping!.id, 23);
    await runJob();
    await runJob();
    // Credit covers the renewing one: no warning for it; the one with auto-renew off is warned once.
    expect(await mailCount(env.db, user.email, REMINDER)).toBe(1);
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);

    // Credit gone: the renewing one will not renew either, and is warned once too.
    await post(env.db, user.id, -(await balanceOf(env.db, user.id)));
    await runJob();
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(2);
    expect((await itemOf(renewing!.id)).row.warnedFor).not.toBeNull();
  });

  it('detaches the address of an instance being deleted; the address stays the customer’s', async () => {
    const user = await env.customer();
    const [ip] = await env.buy(user, await firstRegionId(env.db));
    const server = await insertInstance(env.db, user.id);
    fakeHypervisor.add(server.id, 'active', server.hostname);
    await env.call(user, 'POST', `/floating-ip/${ip!.id}/attach`, { instanceId: server.id });
    expect(await fakeHypervisor.driver.floatingIpAttachment(ip!.address)).toBe(serverRef(server.id));
    await env.db
      .update(instances)
      .set({ lifecycle: 'deleting', deletionRequestedAt: new Date() })
      .where(eq(instances.id, server.id));
    expect((await env.call(user, 'GET', '/floating-ip')).json().data.data.items[0].instance).toBeNull();
    await runJob();
    expect((await itemOf(ip!.id)).row.instanceId).toBeNull();
    expect(await fakeHypervisor.driver.floatingIpAttachment(ip!.address)).toBeNull();
    expect((await itemOf(ip!.id)).row.releasedAt).toBeNull();
  });
});
