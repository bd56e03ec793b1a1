import { creditRunsOutAt } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import {
  hoursAgo,
  insertBillableItem,
  insertLedgerEntry,
  monthStart,
  setCreditAccount,
  signedUpCustomer,
} from './billing-read.test-helpers';

describe('billing info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const billingInfo = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/profile/billing-info', headers });

  it('shows an empty account for a customer who never had credit', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const res = await billingInfo(user.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: user.id,
      balance: '0.00',
      suspendTimestamp: null,
      usageRate: '0.0000',
      spentThisMonth: '0.00',
      kycStatus: 'none',
      isSuspendedByBilling: false,
    });
  });

  it('sums the running hourly items and predicts when the balance runs out', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const other = await signedUpCustomer(t.app, t.db);
    await setCreditAccount(t.db, { customerId: user.id, balance: 10_000_000, kycStatus: 'approved' });
    await insertBillableItem(t.db, user.id, { unitPrice: 6_900 });
    await insertBillableItem(t.db, user.id, { unitPrice: 13_800, status: 'suspended' });
    // Not counted: ended hourly items, cycle items, and anybody else's items.
    await insertBillableItem(t.db, user.id, { unitPrice: 99_999, status: 'ended' });
    await insertBillableItem(t.db, user.id, { unitPrice: 99_999, status: 'terminated' });
    await insertBillableItem(t.db, user.id, { unitPrice: 12_500_000, billingCycle: 'monthly' });
    await insertBillableItem(t.db, other.id, { unitPrice: 99_999 });

    const before = Date.now();
    const res = await billingInfo(user.headers);
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data;
    expect(info).toMatchObject({
      balance: '10.00',
      usageRate: '0.0207',
      kycStatus: 'approved',
      isSuspendedByBilling: false,
    });
    // 10.00 / 0.0207 per hour = 483.09… hours = 1,739,130,434 ms.
    const runsOut = new Date(info.suspendTimestamp).getTime();
    expect(runsOut).toBeGreaterThanOrEqual(before + 1_739_130_434);
    expect(runsOut).toBeLessThanOrEqual(after + 1_739_130_434);
  });

  it("counts this month's usage and subscription charges as spent", async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const other = await signedUpCustomer(t.app, t.db);
    await setCreditAccount(t.db, { customerId: user.id, balance: 37_000_000 });
    await insertLedgerEntry(t.db, user.id, { kind: 'top_up', amount: 50_000_000 });
    await insertLedgerEntry(t.db, user.id, { kind: 'usage_charge', amount: -34_500 });
    await insertLedgerEntry(t.db, user.id, { kind: 'usage_charge', amount: -6_900 });
    await insertLedgerEntry(t.db, user.id, { kind: 'subscription_charge', amount: -12_500_000 });
    await insertLedgerEntry(t.db, user.id, { kind: 'adjustment', amount: -1_000_000 });
    await insertLedgerEntry(t.db, user.id, {
      kind: 'usage_charge',
      amount: -7_000_000,
      createdAt: new Date(monthStart(0).getTime() - 1),
    });
    await insertLedgerEntry(t.db, other.id, { kind: 'usage_charge', amount: -3_000_000 });

    const info = (await billingInfo(user.headers)).json().data;
    // 0.0345 + 0.0069 + 12.50 = 12.5414
    expect(info.spentThisMonth).toBe('12.54');
    expect(info.balance).toBe('37.00');
    // A balance without hourly usage never runs out.
    expect(info.suspendTimestamp).toBeNull();
  });

  it('gives the moment of the billing suspension once suspended', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const suspendedAt = hoursAgo(5);
    await setCreditAccount(t.db, {
      customerId: user.id,
      balance: -1_504_000,
      kycStatus: 'pending',
      suspendedByBillingAt: suspendedAt,
    });
    await insertBillableItem(t.db, user.id, { unitPrice: 6_900, status: 'suspended' });
    const info = (await billingInfo(user.headers)).json().data;
    expect(info).toEqual({
      id: user.id,
      balance: '-1.50',
      suspendTimestamp: suspendedAt.toISOString(),
      usageRate: '0.0069',
      spentThisMonth: '0.00',
      kycStatus: 'pending',
      isSuspendedByBilling: true,
    });
  });

  it('has no suspension moment for a balance already used up but not yet suspended', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    await setCreditAccount(t.db, { customerId: user.id, balance: 0 });
    await insertBillableItem(t.db, user.id);
    const info = (await billingInfo(user.headers)).json().data;
    expect(info).toMatchObject({ balance: '0.00', usageRate: '0.0069', suspendTimestamp: null });
  });

  it('brings the run-out moment forward by the renewals that fall before it (auto-renew on)', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    await setCreditAccount(t.db, { customerId: user.id, balance: 10_000_000 });
    await insertBillableItem(t.db, user.id, { unitPrice: 10_000 });
    const renewsAt = new Date(Date.now() + 100 * 3_600_000);
    const monthly = { billingCycle: 'monthly', cycleStart: hoursAgo(24), cycleEnd: renewsAt } as const;
    await insertBillableItem(t.db, user.id, { ...monthly, unitPrice: 7_000_000 });
    // Not renewing: auto-renew off, or already suspended.
    await insertBillableItem(t.db, user.id, { ...monthly, unitPrice: 1_000_000, autoRenew: false });
    await insertBillableItem(t.db, user.id, { ...monthly, unitPrice: 1_000_000, status: 'suspended' });
    const info = (await billingInfo(user.headers)).json().data;
    // $10.00 at $0.01 an hour would last 1,000 hours; after 100 hours ($1.00) the $7.00 renewal leaves
    // $2.00: 200 hours more.
    // (The server's now is a few milliseconds after the test's.)
    const off = new Date(info.suspendTimestamp).getTime() - (renewsAt.getTime() + 200 * 3_600_000);
    expect(off).toBeGreaterThanOrEqual(0);
    expect(off).toBeLessThan(5_000);
  });

  it('requires sign-in', async () => {
    const res = await billingInfo({});
    expect(res.statusCode).toBe(401);
  });

  it('works out the run-out time exactly for large balances, and never past year 9999', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const runsOutAt = (balance: number, hourlyRate: number) =>
      creditRunsOutAt({ balance, hourlyRate, renewing: [], now });
    // 5,000.000001 × 3,600,000 ms passes 2^53; ÷ 0.0069 an hour = 2,608,695,652,695.6… ms.
    expect(runsOutAt(5_000_000_001, 6_900)).toEqual(new Date(now.getTime() + 2_608_695_652_695));
    expect(runsOutAt(1_000_000_000_000_000, 100)?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(runsOutAt(10_000_000, 0)).toBeNull();
    expect(runsOutAt(-10_000_000, 6_900)).toBeNull();
  });
});
