import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { JobDefinition } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { activityLogs } from '../activity-log/activity-log.tables';
import { lastMail, mailCount, relaxedLimits } from '../auth/auth.test-helpers';
import { ledgerEntries } from '../billing/billing.tables';
import { customerWithCredit, itemNow, post } from '../billing/billing.test-helpers';
import { runCycleBilling } from '../billing/cycle-billing';
import { billHour, startOfHour } from '../billing/hourly-billing';
import { instanceBillingJobs } from './billing-terminations.jobs';
import { instances } from './instances.tables';
import { insertInstance } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const WARNING = 'termination-warning';

describe('termination of VPS suspended for low balance (instances.md §4 "Auto-renew")', () => {
  let env: TestApp;
  let job: JobDefinition<never>;
  beforeAll(async () => {
    env = await createTestApp(relaxedLimits);
    job = instanceBillingJobs({ config: env.config, db: env.db, jobs: jobSender(env.db) })[0]!;
  });
  afterAll(() => env.close());

  /** The every-minute billing-ties job, as pg-boss runs it (real clock: suspensions are moved back). */
  const runJob = () => job.handler({} as never, { id: 'test', retryCount: 0 });
  const lifecycleOf = async (id: number) =>
    (await env.db.select().from(instances).where(eq(instances.id, id)))[0]!.lifecycle;
  /** Puts an item's suspension `hours` back (a warning already sent moves with it), as if time had passed. */
  const suspendedAgo = (itemId: number, hours: number) =>
    env.db.execute(sql`UPDATE billable_items SET
      suspended_at = now() - make_interval(secs => ${hours * 3600}),
      termination_warned_at = termination_warned_at - (suspended_at - (now() - make_interval(secs => ${hours * 3600})))
      WHERE id = ${itemId}`);
  const detailOf = async (user: { headers: Record<string, string> }, id: number) =>
    (await env.app.inject({ method: 'GET', url: `/api/instances/${id}`, headers: user.headers })).json().data;

  it('warns an hourly VPS suspended by negative credit at day 7 once, and deletes it at day 8', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000);
    const server = await insertInstance(env.db, user.id);
    const itemId = server.billableItemId!;
    await post(env.db, user.id, -2_000_000);
    expect((await itemNow(env.db, itemId)).status).toBe('suspended');
    expect(await detailOf(user, server.id)).toMatchObject({
      status: 'suspended',
      billingDetail: { status: 'suspended', daysUntilTermination: 8 },
    });

    // Still billed while suspended: the server keeps running and holding its resources.
    const hour = startOfHour(new Date());
    await billHour(env.db, hour);
    const [charge] = await env.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.billableItemId, itemId), eq(ledgerEntries.kind, 'usage_charge')));
    expect(charge?.amount).toBeLessThan(0);

    await suspendedAgo(itemId, 6 * 24 + 22);
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(0);
    await suspendedAgo(itemId, 7 * 24 + 1);
    await runJob();
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);
    const mail = await lastMail(env.db, user.email, WARNING);
    expect(mail.text).toContain(server.hostname);
    expect(mail.text).toContain(`/instances/${server.id}/billing`);
    expect(await detailOf(user, server.id)).toMatchObject({ billingDetail: { daysUntilTermination: 1 } });
    expect(await lifecycleOf(server.id)).toBe('ready');

    await suspendedAgo(itemId, 8 * 24 + 1);
    await runJob();
    expect(await itemNow(env.db, itemId)).toMatchObject({ status: 'terminated', reason: 'terminated' });
    expect(await lifecycleOf(server.id)).toBe('deleting');
    await runJob();
    const events = await env.db
      .select({ event: activityLogs.event })
      .from(activityLogs)
      .where(and(eq(activityLogs.customerId, user.id), eq(activityLogs.instanceId, server.id)));
    expect(events.filter((e) => e.event === 'instance_terminated_by_billing')).toHaveLength(1);
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);
  });

  it('keeps an hourly VPS whose credit comes back first, and warns again on a later suspension', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000);
    const server = await insertInstance(env.db, user.id);
    const itemId = server.billableItemId!;
    await post(env.db, user.id, -2_000_000);
    await suspendedAgo(itemId, 7 * 24 + 12);
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);

    await post(env.db, user.id, 5_000_000);
    expect(await itemNow(env.db, itemId)).toMatchObject({ status: 'active', suspendedAt: null });
    await runJob();
    expect(await lifecycleOf(server.id)).toBe('ready');
    expect((await detailOf(user, server.id)).billingDetail.daysUntilTermination).toBeNull();

    await post(env.db, user.id, -10_000_000);
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);
    await suspendedAgo(itemId, 7 * 24 + 1);
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(2);
    expect(await lifecycleOf(server.id)).toBe('ready');
  });

  it('warns a subscription a day before its 8 days after the end date run out, then deletes it', async () => {
    const user = await customerWithCredit(env.app, env.db, 10_000_000);
    const server = await insertInstance(env.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
    });
    const itemId = server.billableItemId!;
    const endedAgo = (hours: number) =>
      env.db.execute(
        sql`UPDATE billable_items SET cycle_end = now() - make_interval(secs => ${hours * 3600}) WHERE id = ${itemId}`,
      );
    await endedAgo(6 * 24 + 22);
    await runCycleBilling(env.db);
    expect((await itemNow(env.db, itemId)).status).toBe('suspended');
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(0);

    await endedAgo(7 * 24 + 1);
    await runJob();
    await runJob();
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);
    expect(await detailOf(user, server.id)).toMatchObject({ billingDetail: { daysUntilTermination: 1 } });

    await endedAgo(8 * 24 + 1);
    await runCycleBilling(env.db);
    await runJob();
    expect((await itemNow(env.db, itemId)).status).toBe('terminated');
    expect(await lifecycleOf(server.id)).toBe('deleting');
    expect(await mailCount(env.db, user.email, WARNING)).toBe(1);
  });
});
