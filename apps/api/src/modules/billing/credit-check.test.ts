import { billingErrorCodes, type InsufficientBalance, toMicros } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { billableItems } from './billing.tables';
import { customerWithCredit, startItem } from './billing.test-helpers';
import { assertCanAfford } from './credit-check';

describe('credit check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const refusal = async (customerId: number, balance: number, price: number, days: number) => {
    const error = await assertCanAfford(t.db, customerId, balance, price, days).then(
      () => null,
      (e: { status: number; code: string; extra: { data: InsufficientBalance } }) => e,
    );
    expect(error, 'the credit check passed').not.toBeNull();
    expect(error).toMatchObject({ status: 460, code: billingErrorCodes.insufficientBalance });
    return error!.extra.data;
  };

  /**
   * Running: an instance at 0.0100/h, a suspended one at 0.0200/h and a snapshot at 0.0010/h.
   * Not counted: ended or terminated items, cycle items, other hourly resources, other customers.
   */
  async function customerWithRunningItems() {
    const user = await customerWithCredit(t.app, t.db, 1_000_000_000);
    await startItem(t.db, user.id, { monthlyPrice: 7_300_000 });
    const suspended = await startItem(t.db, user.id, { monthlyPrice: 14_600_000 });
    await t.db.update(billableItems).set({ status: 'suspended' }).where(eq(billableItems.id, suspended.id));
    await startItem(t.db, user.id, { resourceType: 'snapshot', monthlyPrice: 730_000 });
    for (const status of ['ended', 'terminated'] as const) {
      const gone = await startItem(t.db, user.id, { monthlyPrice: 73_000_000 });
      await t.db
        .update(billableItems)
        .set({ status, endedAt: new Date() })
        .where(eq(billableItems.id, gone.id));
    }
    await startItem(t.db, user.id, { billingCycle: 'monthly', monthlyPrice: 10_000_000 });
    await startItem(t.db, user.id, { resourceType: 'ipv4', monthlyPrice: 73_000_000 });
    const other = await customerWithCredit(t.app, t.db, 0);
    await startItem(t.db, other.id, { monthlyPrice: 73_000_000 });
    return user;
  }

  it('requires the plan price plus the running hourly instances and snapshots for the days', async () => {
    const user = await customerWithRunningItems();
    // 5.00 + (0.0100 + 0.0200 + 0.0010) × 24 × 5 = 5.00 + 3.72 = 8.72
    const required = 8_720_000;
    expect(await refusal(user.id, 8_710_000, 5_000_000, 5)).toEqual({
      customerBalance: '8.71',
      minimumRequiredBalance: '8.72',
      numberOfDaysBalanceValidatedAgainst: 5,
      paygInstancesCount: 2,
      paygInstancesPriceSum: '0.0300',
      snapshotCount: 1,
      snapshotPriceSum: '0.0010',
    });
    await refusal(user.id, required - 1, 5_000_000, 5);
    await expect(assertCanAfford(t.db, user.id, required, 5_000_000, 5)).resolves.toBeUndefined();
    await expect(assertCanAfford(t.db, user.id, required + 1, 5_000_000, 5)).resolves.toBeUndefined();
  });

  it('requires only the price for renewals (0 days), still reporting what runs', async () => {
    const user = await customerWithRunningItems();
    await expect(assertCanAfford(t.db, user.id, 10_000_000, 10_000_000)).resolves.toBeUndefined();
    expect(await refusal(user.id, 9_999_999, 10_000_000, 0)).toMatchObject({
      minimumRequiredBalance: '10.00',
      numberOfDaysBalanceValidatedAgainst: 0,
      paygInstancesCount: 2,
      snapshotCount: 1,
    });
  });

  it('requires the price alone from a customer with nothing running, and refuses a negative balance', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    await expect(assertCanAfford(t.db, user.id, 5_000_000, 5_000_000, 30)).resolves.toBeUndefined();
    expect(await refusal(user.id, -1_500_000, 5_000_000, 30)).toEqual({
      customerBalance: '-1.50',
      minimumRequiredBalance: '5.00',
      numberOfDaysBalanceValidatedAgainst: 30,
      paygInstancesCount: 0,
      paygInstancesPriceSum: '0.0000',
      snapshotCount: 0,
      snapshotPriceSum: '0.0000',
    });
  });

  it('states a minimum that is enough when the customer tops up to exactly it', async () => {
    const user = await customerWithRunningItems();
    const data = await refusal(user.id, 7_000_000, 5_000_000, 3); // needs 7.232
    const shown = toMicros(data.minimumRequiredBalance);
    // Rounding 7.232 to "7.23" would send the customer to top up to an amount that is refused again.
    await expect(assertCanAfford(t.db, user.id, shown, 5_000_000, 3)).resolves.toBeUndefined();
  });
});
