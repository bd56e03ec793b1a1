import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import {
  insertBillableItem,
  insertLedgerEntry,
  insertPayment,
  monthStart,
  setCreditAccount,
  signedUpCustomer,
} from './billing-read.test-helpers';

/** "Spent this month" of the credit card (platform.md §2 Dashboard; docs/decisions.md "Spent this month"). */
describe('spent this month', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const spentOf = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/billing-info', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.spentThisMonth as string;
  };

  it("nets this month's charges against the refunds of services, and leaves money paid in or out aside", async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const other = await signedUpCustomer(t.app, t.db);
    await setCreditAccount(t.db, { customerId: user.id, balance: 40_000_000 });
    const vps = await insertBillableItem(t.db, user.id, { billingCycle: 'monthly', unitPrice: 12_500_000 });
    const payment = await insertPayment(t.db, user.id, { credit: 50_000_000 });
    const on = (values: Parameters<typeof insertLedgerEntry>[2]) => insertLedgerEntry(t.db, user.id, values);

    await on({ kind: 'top_up', amount: 50_000_000, paymentId: payment.id });
    await on({ kind: 'subscription_charge', amount: -12_500_000, billableItemId: vps.id });
    await on({ kind: 'usage_charge', amount: -34_567, billableItemId: vps.id });
    // A transfer overage may have no billable item: still a charge.
    await on({ kind: 'usage_charge', amount: -1_000_000 });
    // The unused days of the deleted monthly server come back.
    await on({ kind: 'refund', amount: 10_000_000, billableItemId: vps.id });
    // Not spending: the gateway refunding part of a top-up, a lost dispute, an operator's correction.
    await on({ kind: 'refund', amount: -5_000_000, paymentId: payment.id });
    await on({ kind: 'dispute', amount: -1_000_000, paymentId: payment.id });
    await on({ kind: 'adjustment', amount: -2_000_000 });
    // Counted from the first moment of the UTC month on.
    await on({ kind: 'usage_charge', amount: -6_900, createdAt: monthStart(0) });
    await on({ kind: 'usage_charge', amount: -7_000_000, createdAt: new Date(monthStart(0).getTime() - 1) });
    // Somebody else's charge is theirs.
    await insertLedgerEntry(t.db, other.id, { kind: 'usage_charge', amount: -3_000_000 });

    // 12.50 + 0.034567 + 1.00 + 0.0069 − 10.00 = 3.541467
    expect(await spentOf(user.headers)).toBe('3.54');
    expect(await spentOf(other.headers)).toBe('3.00');
  });

  it('takes a corrected charge back out, and a corrected top-up leaves it alone', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const charge = await insertLedgerEntry(t.db, user.id, { kind: 'usage_charge', amount: -2_250_000 });
    await insertLedgerEntry(t.db, user.id, { kind: 'usage_charge', amount: -750_000 });
    const topUp = await insertLedgerEntry(t.db, user.id, { kind: 'top_up', amount: 20_000_000 });
    await insertLedgerEntry(t.db, user.id, {
      kind: 'reversal',
      amount: 2_250_000,
      reversesEntryId: charge.id,
    });
    await insertLedgerEntry(t.db, user.id, {
      kind: 'reversal',
      amount: -20_000_000,
      reversesEntryId: topUp.id,
    });
    expect(await spentOf(user.headers)).toBe('0.75');
  });

  it('never reads below zero when a refund gives back an earlier month', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const yearly = await insertBillableItem(t.db, user.id, {
      billingCycle: 'annually',
      unitPrice: 120_000_000,
    });
    await insertLedgerEntry(t.db, user.id, {
      kind: 'subscription_charge',
      amount: -120_000_000,
      billableItemId: yearly.id,
      createdAt: monthStart(-1),
    });
    await insertLedgerEntry(t.db, user.id, { kind: 'usage_charge', amount: -3_000_000 });
    await insertLedgerEntry(t.db, user.id, {
      kind: 'refund',
      amount: 100_000_000,
      billableItemId: yearly.id,
    });
    expect(await spentOf(user.headers)).toBe('0.00');
  });
});
