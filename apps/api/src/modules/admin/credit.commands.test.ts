import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { activityLogs } from '../activity-log/activity-log.tables';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { AUTO_RECHARGE_CHECK_JOB } from '../auto-recharge/auto-recharge.trigger';
import { ledgerEntries } from '../billing/billing.tables';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { ledgerBalance } from '../billing/ledger';
import { UsageError } from './admin.errors';
import { activateAutoRecharge, balanceOf, lastActivity, recordingJobs } from './admin.test-helpers';
import { adjustCredit } from './credit.commands';

describe('credit add / remove', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  it('adds credit as one adjustment entry with its activity, found by email', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    const jobs = recordingJobs();
    const result = await adjustCredit(
      { db: t.db, jobs },
      { direction: 'add', customer: user.email.toUpperCase(), amount: 12_500_000, reason: 'Goodwill' },
    );
    expect(result).toMatchObject({
      applied: true,
      customerId: user.id,
      balance: 12_500_000,
      status: 'active',
    });
    expect(result.idempotencyKey).toMatch(/^admin:[0-9a-f-]{36}$/);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, user.id));
    expect(entries).toMatchObject([
      {
        kind: 'adjustment',
        amount: 12_500_000,
        description: 'Goodwill',
        idempotencyKey: result.idempotencyKey,
      },
    ]);
    expect(await lastActivity(t.db, user.id)).toMatchObject({
      event: 'credit_adjusted',
      data: { amount: '12.50', reason: 'Goodwill' },
    });
    expect(jobs.sent).toEqual([]);
  });

  it('does nothing the second time with the same key, and refuses the key for another adjustment', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    const deps = { db: t.db, jobs: recordingJobs() };
    const input = {
      direction: 'add' as const,
      customer: String(user.id),
      amount: 5_000_000,
      reason: 'Promo',
      key: 'promo-1',
    };
    const first = await adjustCredit(deps, input);
    const again = await adjustCredit(deps, input);
    expect(first).toMatchObject({ applied: true, idempotencyKey: 'admin:promo-1', balance: 5_000_000 });
    expect(again).toMatchObject({ applied: false, entryId: null, balance: 5_000_000 });
    // The printed key works as --key too.
    expect((await adjustCredit(deps, { ...input, key: 'admin:promo-1' })).applied).toBe(false);
    await expect(adjustCredit(deps, { ...input, amount: 6_000_000 })).rejects.toThrow(UsageError);
    await expect(adjustCredit(deps, { ...input, direction: 'remove' })).rejects.toThrow(/already used/);
    expect(await ledgerBalance(t.db, user.id)).toBe(5_000_000);
  });

  it('removes credit, suspending by billing below zero', async () => {
    const user = await customerWithCredit(t.app, t.db, 3_000_000);
    const result = await adjustCredit(
      { db: t.db, jobs: recordingJobs() },
      { direction: 'remove', customer: user.email, amount: 4_250_000, reason: 'Chargeback' },
    );
    expect(result).toMatchObject({ applied: true, balance: -1_250_000, status: 'suspended_by_billing' });
    expect(await balanceOf(t.db, user.id)).toBe(-1_250_000);
    const events = await t.db
      .select({ event: activityLogs.event, data: activityLogs.data })
      .from(activityLogs)
      .where(eq(activityLogs.customerId, user.id));
    expect(events.map((r) => r.event)).toEqual(
      expect.arrayContaining(['suspended_by_billing', 'credit_adjusted']),
    );
    expect(events.find((r) => r.event === 'credit_adjusted')!.data).toEqual({
      amount: '-4.25',
      reason: 'Chargeback',
    });
  });

  it('queues an auto-recharge check when a removal leaves the balance below the threshold', async () => {
    const user = await customerWithCredit(t.app, t.db, 30_000_000);
    await activateAutoRecharge(t.db, user.id, 10_000_000);
    const jobs = recordingJobs();
    const deps = { db: t.db, jobs };
    const above = await adjustCredit(deps, {
      direction: 'remove',
      customer: user.email,
      amount: 15_000_000,
      reason: 'a',
    });
    expect(above.autoRechargeCheckQueued).toBe(false);
    const below = await adjustCredit(deps, {
      direction: 'remove',
      customer: user.email,
      amount: 10_000_000,
      reason: 'b',
    });
    expect(below).toMatchObject({ autoRechargeCheckQueued: true, balance: 5_000_000 });
    expect(jobs.sent).toEqual([
      {
        name: AUTO_RECHARGE_CHECK_JOB,
        data: { customerId: user.id },
        singletonKey: `auto-recharge:${user.id}`,
      },
    ]);
  });

  it('keeps the adjustment and warns when the check cannot be queued', async () => {
    const user = await customerWithCredit(t.app, t.db, 30_000_000);
    await activateAutoRecharge(t.db, user.id, 50_000_000);
    const result = await adjustCredit(
      { db: t.db, jobs: recordingJobs({ fail: true }) },
      { direction: 'remove', customer: user.email, amount: 1_000_000, reason: 'c' },
    );
    expect(result).toMatchObject({ applied: true, balance: 29_000_000, autoRechargeCheckQueued: false });
    expect(result.warning).toMatch(/could not be queued/);
  });

  it('names an unknown customer', async () => {
    const deps = { db: t.db, jobs: recordingJobs() };
    const input = { direction: 'add' as const, amount: 1, reason: 'x' };
    await expect(adjustCredit(deps, { ...input, customer: '999999' })).rejects.toThrow(
      'No customer has the id 999999.',
    );
    await expect(adjustCredit(deps, { ...input, customer: 'nobody@example.com' })).rejects.toThrow(
      'No customer has the email nobody@example.com.',
    );
    await expect(adjustCredit(deps, { ...input, customer: 'bob' })).rejects.toThrow(/neither a customer id/);
    await expect(adjustCredit(deps, { ...input, customer: '99999999999' })).rejects.toThrow(UsageError);
  });
});
