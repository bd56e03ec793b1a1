import { CENT, fromMicros } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityLogs } from '../activity-log/activity-log.tables';
import { ledgerEntries } from '../billing/billing.tables';
import { balanceOf, customerWithCredit, itemNow, post } from '../billing/billing.test-helpers';
import { runCycleBilling } from '../billing/cycle-billing';
import { deleteEndedSubscriptions } from './ended-subscriptions';
import { instances } from './instances.tables';
import { insertInstance, type TestCustomer, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('instance subscriptions, deletion and refunds', () => {
  const env = useInstancesApp();
  const { call } = env;

  const rowOf = async (id: number) => (await env.db.select().from(instances).where(eq(instances.id, id)))[0]!;

  it('turns auto-renew of a subscription on and off; hourly is not a subscription', async () => {
    const monthly = await insertInstance(env.db, env.alice.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
    });
    const off = await call(env.alice, 'PUT', `/api/instances/${monthly.id}/manage-auto-renew`, {
      autoRenew: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ code: true, isSubscriptionAutoRenewEnabled: false });
    expect((await itemNow(env.db, monthly.billableItemId!)).autoRenew).toBe(false);
    expect(
      (await call(env.alice, 'GET', `/api/instances/${monthly.id}`)).json().data
        .isSubscriptionAutoRenewEnabled,
    ).toBe(false);
    await call(env.alice, 'PUT', `/api/instances/${monthly.id}/manage-auto-renew`, { autoRenew: true });
    expect((await itemNow(env.db, monthly.billableItemId!)).autoRenew).toBe(true);
    const hourly = await insertInstance(env.db, env.alice.id);
    const res = await call(env.alice, 'PUT', `/api/instances/${hourly.id}/manage-auto-renew`, {
      autoRenew: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NOT_A_SUBSCRIPTION');
    expect(
      (await call(env.alice, 'PUT', `/api/instances/${monthly.id}/manage-auto-renew`, {})).statusCode,
    ).toBe(400);

    // The spec's other call for the same switch.
    const viaCycle = await call(env.alice, 'POST', `/api/instances/${monthly.id}/change-billing-cycle`, {
      isAutoRenewEnabled: false,
    });
    expect(viaCycle.json().data).toEqual({ code: true, isSubscriptionAutoRenewEnabled: false });
    expect((await itemNow(env.db, monthly.billableItemId!)).autoRenew).toBe(false);
    const hourlyViaCycle = await call(env.alice, 'POST', `/api/instances/${hourly.id}/change-billing-cycle`, {
      isAutoRenewEnabled: true,
    });
    expect(hourlyViaCycle.json().code).toBe('NOT_A_SUBSCRIPTION');
  });

  it('refunds the unused whole days of a paid cycle once on deletion, and starts the teardown', async () => {
    const user = await customerWithCredit(env.app, env.db, 100_000_000);
    const started = new Date(Date.now() - 10 * DAY - HOUR);
    const row = await insertInstance(env.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
      billingStartedAt: started,
    });
    const item = await itemNow(env.db, row.billableItemId!);
    const cycleDays = Math.round((item.cycleEnd!.getTime() - item.cycleStart!.getTime()) / DAY);
    const unused = cycleDays - 11; // 10 days and an hour used
    const expected = Math.floor((10_000_000 * unused) / cycleDays / CENT) * CENT;
    const preview = await call(user, 'GET', `/api/instances/${row.id}/subscription-refund`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      instanceId: row.id,
      refundable: true,
      refundAmount: fromMicros(expected),
      unusedDays: unused,
      cycleEnd: item.cycleEnd!.toISOString(),
    });
    const before = await balanceOf(env.db, user.id);

    const res = await call(user, 'DELETE', `/api/instances/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refundAmount).toBe(fromMicros(expected));
    expect(await balanceOf(env.db, user.id)).toBe(before + expected);
    const stored = await rowOf(row.id);
    expect(stored.lifecycle).toBe('deleting');
    expect(stored.status).toBe('active');
    expect(stored.deletionRequestedAt).not.toBeNull();
    expect(await itemNow(env.db, row.billableItemId!)).toMatchObject({
      status: 'terminated',
      reason: 'terminated',
    });
    const [entry] = await env.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `refund:delete:${row.id}`));
    expect(entry).toMatchObject({ kind: 'refund', amount: expected, billableItemId: row.billableItemId });

    // Again: the same answer, no second refund.
    const again = await call(user, 'DELETE', `/api/instances/${row.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.refundAmount).toBe(fromMicros(expected));
    expect(await balanceOf(env.db, user.id)).toBe(before + expected);
    const logged = await env.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.instanceId, row.id), eq(activityLogs.event, 'instance_delete_requested')));
    expect(logged).toHaveLength(1);
    // Being torn down: still listed (status unchanged) until the converge job deletes it.
    const listed = (await call(user, 'GET', '/api/instances'))
      .json()
      .data.instances.map((i: { id: number }) => i.id);
    expect(listed).toContain(row.id);
  });

  it('refunds nothing for hourly or suspended (unpaid) subscriptions, and deletion is allowed while suspended', async () => {
    const user = await customerWithCredit(env.app, env.db, 20_000_000);
    const hourly = await insertInstance(env.db, user.id);
    const monthly = await insertInstance(env.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
    });
    await env.db.execute(
      sql`UPDATE billable_items SET status = 'suspended' WHERE id = ${monthly.billableItemId}`,
    );
    await post(env.db, user.id, -15_000_000); // balance −5: the account is suspended by billing
    const bulk = await call(user, 'POST', '/api/instances/bulk-subscription-refund', {
      ids: [hourly.id, monthly.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.totalRefund).toBe('0.00');
    const before = await balanceOf(env.db, user.id);
    for (const id of [hourly.id, monthly.id]) {
      const res = await call(user, 'DELETE', `/api/instances/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ refundable: false, refundAmount: '0.00' });
    }
    expect(await balanceOf(env.db, user.id)).toBe(before);
  });

  it('sums the refunds of several instances', async () => {
    const user = await customerWithCredit(env.app, env.db, 100_000_000);
    const a = await insertInstance(env.db, user.id, { billingCycle: 'monthly', monthlyPrice: 10_000_000 });
    const b = await insertInstance(env.db, user.id, { billingCycle: 'quarterly', monthlyPrice: 10_000_000 });
    const res = await call(user, 'POST', '/api/instances/bulk-subscription-refund', {
      ids: [a.id, b.id, a.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { refunds, totalRefund } = res.json().data;
    expect(refunds).toHaveLength(2);
    const sum = refunds.reduce(
      (s: number, r: { refundAmount: string }) => s + Math.round(Number(r.refundAmount) * 100),
      0,
    );
    expect(totalRefund).toBe(fromMicros(sum * CENT));
    expect(sum).toBeGreaterThan(0);
  });

  it('renews a subscription suspended at renewal: 409 when not suspended, 460 when short, then unsuspended', async () => {
    const user = await customerWithCredit(env.app, env.db, 10_000_000);
    const row = await insertInstance(env.db, user.id, { billingCycle: 'monthly', monthlyPrice: 10_000_000 });
    const notSuspended = await call(user, 'POST', `/api/instances/${row.id}/renew`);
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().code).toBe('NOT_SUSPENDED');
    const item = await itemNow(env.db, row.billableItemId!);
    await runCycleBilling(env.db, new Date(item.cycleEnd!.getTime() + HOUR));
    expect((await itemNow(env.db, item.id)).status).toBe('suspended');
    const detail = (await call(user, 'GET', `/api/instances/${row.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'suspended', networkStatus: 'suspended', isSuspended: true });
    expect(detail.billingDetail).toMatchObject({ status: 'suspended' });
    expect(detail.billingDetail.daysUntilTermination).toBeGreaterThanOrEqual(0);
    expect((await call(user, 'POST', `/api/instances/${row.id}/poweroff`, {})).statusCode).toBe(403);

    const short = await call(user, 'POST', `/api/instances/${row.id}/renew`);
    expect(short.statusCode).toBe(460);
    expect(short.json().data.minimumRequiredBalance).toBe('10.00');
    await post(env.db, user.id, 10_000_000);
    const renewed = await call(user, 'POST', `/api/instances/${row.id}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data).toMatchObject({ status: 'active', isSuspended: false });
    expect(await balanceOf(env.db, user.id)).toBe(0);
    expect((await call(user, 'POST', `/api/instances/${row.id}/poweroff`, {})).statusCode).toBe(200);
  });

  it('deletes instances whose subscription the cycle job terminated (8-day rule) or ended', async () => {
    const user = await customerWithCredit(env.app, env.db, 20_000_000);
    const unpaid = await insertInstance(env.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
    });
    const notRenewed = await insertInstance(env.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
      isSubscriptionAutoRenewEnabled: false,
    });
    const hourly = await insertInstance(env.db, user.id);
    const end = (await itemNow(env.db, unpaid.billableItemId!)).cycleEnd!;
    // The cycle runs are global: other tests' instances may end too; only this customer's are looked at.
    const mine = (ids: number[]) => ids.filter((id) => [unpaid.id, notRenewed.id, hourly.id].includes(id));
    await runCycleBilling(env.db, new Date(end.getTime() + HOUR));
    expect(mine(await deleteEndedSubscriptions(env.db, env.jobs))).toEqual([notRenewed.id]);
    expect((await rowOf(unpaid.id)).lifecycle).toBe('ready');
    await runCycleBilling(env.db, new Date(end.getTime() + 8 * DAY + HOUR));
    expect((await itemNow(env.db, unpaid.billableItemId!)).status).toBe('terminated');
    expect(mine(await deleteEndedSubscriptions(env.db, env.jobs))).toEqual([unpaid.id]);
    expect(mine(await deleteEndedSubscriptions(env.db, env.jobs))).toEqual([]);
    expect((await rowOf(unpaid.id)).lifecycle).toBe('deleting');
    expect((await rowOf(hourly.id)).lifecycle).toBe('ready');
    const events = await env.db
      .select({ event: activityLogs.event, iid: activityLogs.instanceId })
      .from(activityLogs)
      .where(eq(activityLogs.customerId, user.id));
    expect(events).toEqual(
      expect.arrayContaining([
        { event: 'instance_terminated_by_billing', iid: unpaid.id },
        { event: 'instance_subscription_ended', iid: notRenewed.id },
      ]),
    );
  });

  it("answers every subscription call on another customer's instance exactly like a missing one", async () => {
    const row = await insertInstance(env.db, env.alice.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
    });
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined][] = [
      ['GET', 'subscription-refund', undefined],
      ['PUT', 'manage-auto-renew', { autoRenew: false }],
      ['POST', 'change-billing-cycle', { isAutoRenewEnabled: false }],
      ['POST', 'renew', undefined],
      ['DELETE', '', undefined],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await call(env.bob, method, `/api/instances/${row.id}${path ? `/${path}` : ''}`, body);
      const missing = await call(env.bob, method, `/api/instances/2000000000${path ? `/${path}` : ''}`, body);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
    // A bulk preview that slips one of alice's ids among bob's own is refused whole, like a missing id.
    const own = await insertInstance(env.db, env.bob.id, { billingCycle: 'monthly' });
    const bulk = (ids: number[]) => call(env.bob, 'POST', '/api/instances/bulk-subscription-refund', { ids });
    expect((await bulk([own.id])).statusCode).toBe(200);
    for (const ids of [[row.id], [own.id, row.id], [row.id, own.id]]) {
      const res = await bulk(ids);
      expect(res.statusCode, String(ids)).toBe(404);
      expect(res.json()).toEqual((await bulk([own.id, 2_000_000_000])).json());
    }
    // Her instance's activity and invoice lines stay hers, filtered by its id or not.
    const logs = (user: TestCustomer) => call(user, 'GET', `/api/logs?instanceId=${row.id}`);
    const lines = (user: TestCustomer) => call(user, 'GET', `/api/invoice-items?instanceId=${row.id}`);
    await call(env.alice, 'PUT', `/api/instances/${row.id}/manage-auto-renew`, { autoRenew: true });
    expect((await logs(env.alice)).json().data.logs.length).toBeGreaterThan(0);
    expect((await logs(env.bob)).json().data.logs).toEqual([]);
    expect((await lines(env.alice)).json().data.items.length).toBeGreaterThan(0);
    expect((await lines(env.bob)).json().data).toMatchObject({ items: [], totalCount: 0 });
    const stored = await rowOf(row.id);
    expect(stored.lifecycle).toBe('ready');
    expect((await itemNow(env.db, row.billableItemId!)).autoRenew).toBe(true);
  });
});
