import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { creditAccounts, invoiceItems, ledgerEntries } from './billing.tables';
import { customerWithCredit, startItem } from './billing.test-helpers';
import { billHour, runHourlyBilling } from './hourly-billing';
import { ledgerBalance } from './ledger';

const balanceOf = async (t: TestApp, customerId: number) =>
  (await t.db.select().from(creditAccounts).where(eq(creditAccounts.customerId, customerId)))[0]!.balance;

describe('hourly billing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  it('bills each closed hour once at monthly / oneMonthInHours', async () => {
    const user = await customerWithCredit(t.app, t.db, 10_000_000);
    const item = await startItem(t.db, user.id, { startedAt: new Date('2026-03-02T10:20:00Z') });
    expect(item.unitPrice).toBe(10_000); // 7.30 / 730 = 0.0100
    const runs = await runHourlyBilling(t.db, new Date('2026-03-02T13:05:00Z'));
    expect(runs.map((r) => r.hour.toISOString())).toEqual([
      '2026-03-02T10:00:00.000Z',
      '2026-03-02T11:00:00.000Z',
      '2026-03-02T12:00:00.000Z',
    ]);
    expect(await balanceOf(t, user.id)).toBe(10_000_000 - 30_000);
    // Same hour again, and a later run for the same time: nothing more.
    await billHour(t.db, new Date('2026-03-02T12:00:00Z'));
    expect(await runHourlyBilling(t.db, new Date('2026-03-02T13:59:00Z'))).toEqual([]);
    expect(await balanceOf(t, user.id)).toBe(10_000_000 - 30_000);
    expect(await ledgerBalance(t.db, user.id)).toBe(10_000_000 - 30_000);
    const [line] = await t.db.select().from(invoiceItems).where(eq(invoiceItems.billableItemId, item.id));
    expect(line).toMatchObject({ usage: 3, subtotal: 30_000, type: 'hourly' });
  });

  it('charges once after a crash between charge and commit', async () => {
    const user = await customerWithCredit(t.app, t.db, 5_000_000);
    const item = await startItem(t.db, user.id, { startedAt: new Date('2026-04-01T00:00:00Z') });
    await expect(
      billHour(t.db, new Date('2026-04-01T00:00:00Z'), {
        beforeCommit: async () => {
          throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    expect(await balanceOf(t, user.id)).toBe(5_000_000);
    await billHour(t.db, new Date('2026-04-01T00:00:00Z'));
    await billHour(t.db, new Date('2026-04-01T00:00:00Z'));
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.billableItemId, item.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.idempotencyKey).toBe(`usage:${item.id}:2026-04-01T00`);
    expect(await balanceOf(t, user.id)).toBe(5_000_000 - 10_000);
  });

  it('never charges more than the monthly price in a calendar month', async () => {
    const user = await customerWithCredit(t.app, t.db, 100_000_000);
    // 31-day month: 744 hours × 0.0100 would be 7.44 > 7.30.
    await startItem(t.db, user.id, { startedAt: new Date('2026-05-01T00:00:00Z') });
    await runHourlyBilling(t.db, new Date('2026-06-01T00:30:00Z'));
    const charged = 100_000_000 - (await balanceOf(t, user.id));
    expect(charged).toBe(7_300_000);
  }, 120_000);
});
