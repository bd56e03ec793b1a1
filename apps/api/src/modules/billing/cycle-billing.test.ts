import { billingErrorCodes, cycleEnd, insufficientBalanceSchema } from '@nimbus/contract';
import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { AppError } from '../../lib/errors';
import { registerErrorHandler } from '../../plugins/error-handler';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { renewNow } from './billable-items';
import { billableItems, invoiceItems, invoices, ledgerEntries } from './billing.tables';
import { balanceOf, customerWithCredit, itemNow, post, startItem } from './billing.test-helpers';
import { runCycleBilling } from './cycle-billing';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('cycle billing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const monthly = (customerId: number, startedAt: string, extra: Parameters<typeof startItem>[2] = {}) =>
    startItem(t.db, customerId, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
      startedAt: at(startedAt),
      ...extra,
    });
  /** The item's subscription lines with the month of their invoice, oldest first. */
  const linesOf = (itemId: number) =>
    t.db
      .select({
        subtotal: invoiceItems.subtotal,
        reason: invoiceItems.reason,
        cycleStart: invoiceItems.cycleStart,
        end: invoiceItems.endTimestamp,
        month: invoices.periodStart,
      })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(eq(invoiceItems.billableItemId, itemId))
      .orderBy(asc(invoiceItems.id));
  const chargesOf = async (itemId: number) =>
    (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.billableItemId, itemId))).map(
      (e) => e.amount,
    );

  it('charges a monthly, quarterly, semi-annual and annual item its cycle price at start, with a line', async () => {
    const user = await customerWithCredit(t.app, t.db, 200_000_000);
    const start = '2026-01-31T09:00:00.000Z';
    const cases = [
      { billingCycle: 'monthly', discountPercent: 0, price: 10_000_000, end: '2026-02-28T09:00:00.000Z' },
      { billingCycle: 'quarterly', discountPercent: 10, price: 27_000_000, end: '2026-04-30T09:00:00.000Z' },
      {
        billingCycle: 'semi-annually',
        discountPercent: 15,
        price: 51_000_000,
        end: '2026-07-31T09:00:00.000Z',
      },
      { billingCycle: 'annually', discountPercent: 20, price: 96_000_000, end: '2027-01-31T09:00:00.000Z' },
    ] as const;
    for (const c of cases) {
      const item = await monthly(user.id, start, {
        billingCycle: c.billingCycle,
        discountPercent: c.discountPercent,
      });
      expect(item).toMatchObject({
        unitPrice: c.price,
        status: 'active',
        cycleStart: at(start),
        cycleEnd: at(c.end),
      });
      const [entry] = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.billableItemId, item.id));
      expect(entry).toMatchObject({
        kind: 'subscription_charge',
        amount: -c.price,
        idempotencyKey: `cycle:${item.id}:${start}`,
      });
      expect(await linesOf(item.id)).toEqual([
        {
          subtotal: c.price,
          reason: 'created',
          cycleStart: at(start),
          end: at(c.end),
          month: at('2026-01-01T00:00:00Z'),
        },
      ]);
    }
    expect(await balanceOf(t.db, user.id)).toBe(200_000_000 - 184_000_000);
  });

  it('charges a discount with decimals exactly (12.5 %)', async () => {
    const user = await customerWithCredit(t.app, t.db, 50_000_000);
    const item = await monthly(user.id, '2026-01-31T09:00:00Z', {
      billingCycle: 'quarterly',
      discountPercent: 12.5,
    });
    expect(item.unitPrice).toBe(26_250_000);
    expect(await balanceOf(t.db, user.id)).toBe(23_750_000);
  });

  it('answers 460 with the figures when the credit is short, and keeps nothing', async () => {
    const user = await customerWithCredit(t.app, t.db, 9_990_000);
    const error = await monthly(user.id, '2026-02-01T00:00:00Z').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const expected = {
      customerBalance: '9.99',
      minimumRequiredBalance: '10.00',
      numberOfDaysBalanceValidatedAgainst: 0,
      paygInstancesCount: 0,
      paygInstancesPriceSum: '0.0000',
      snapshotCount: 0,
      snapshotPriceSum: '0.0000',
    };
    expect(error).toMatchObject({
      status: 460,
      code: billingErrorCodes.insufficientBalance,
      extra: { data: expected },
    });
    // The transaction rolled back: no item, no invoice, no charge.
    expect(await t.db.select().from(billableItems).where(eq(billableItems.customerId, user.id))).toEqual([]);
    expect(await t.db.select().from(invoices).where(eq(invoices.customerId, user.id))).toEqual([]);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, user.id))).toHaveLength(
      1,
    );
    expect(await balanceOf(t.db, user.id)).toBe(9_990_000);

    // What the customer receives over HTTP.
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/create', () => monthly(user.id, '2026-02-01T00:00:00Z'));
    const res = await app.inject({ method: 'POST', url: '/create' });
    expect(res.statusCode).toBe(460);
    expect(res.json()).toEqual({ code: 'INSUFFICIENT_BALANCE', detail: expect.any(String), data: expected });
    expect(insufficientBalanceSchema.parse(res.json().data)).toEqual(expected);
    await app.close();
  });

  it('renews at the cycle end with auto-renew and credit', async () => {
    const user = await customerWithCredit(t.app, t.db, 25_000_000);
    const item = await monthly(user.id, '2026-03-05T08:00:00.000Z');
    await runCycleBilling(t.db, at('2026-04-05T07:59:59Z'));
    expect(await chargesOf(item.id)).toEqual([-10_000_000]);

    await runCycleBilling(t.db, at('2026-04-05T08:00:00Z'));
    expect(await itemNow(t.db, item.id)).toMatchObject({
      status: 'active',
      reason: 'renewed',
      cycleStart: at('2026-04-05T08:00:00Z'),
      cycleEnd: at('2026-05-05T08:00:00Z'),
    });
    expect(await balanceOf(t.db, user.id)).toBe(5_000_000);
    expect(await chargesOf(item.id)).toEqual([-10_000_000, -10_000_000]);
    const lines = await linesOf(item.id);
    expect(lines[1]).toEqual({
      subtotal: 10_000_000,
      reason: 'renewed',
      cycleStart: at('2026-04-05T08:00:00Z'),
      end: at('2026-05-05T08:00:00Z'),
      month: at('2026-04-01T00:00:00Z'),
    });
  });

  it('suspends without credit, and terminates 8 days after the end date', async () => {
    const user = await customerWithCredit(t.app, t.db, 10_000_000);
    const item = await monthly(user.id, '2026-03-06T08:00:00Z');
    const end = at('2026-04-06T08:00:00Z');
    await runCycleBilling(t.db, end);
    expect(await itemNow(t.db, item.id)).toMatchObject({ status: 'suspended', cycleEnd: end, endedAt: null });
    expect((await itemNow(t.db, item.id)).suspendedAt).toBeInstanceOf(Date);
    expect(await balanceOf(t.db, user.id)).toBe(0);

    await runCycleBilling(t.db, new Date(end.getTime() + 7 * DAY));
    await runCycleBilling(t.db, new Date(end.getTime() + 8 * DAY - 1_000));
    expect((await itemNow(t.db, item.id)).status).toBe('suspended');

    const terminatedAt = new Date(end.getTime() + 8 * DAY);
    await runCycleBilling(t.db, terminatedAt);
    expect(await itemNow(t.db, item.id)).toMatchObject({
      status: 'terminated',
      reason: 'terminated',
      endedAt: terminatedAt,
    });
    expect(await chargesOf(item.id)).toEqual([-10_000_000]);
    expect(await linesOf(item.id)).toHaveLength(1);
  });

  it('ends an item without auto-renew at its cycle end', async () => {
    const user = await customerWithCredit(t.app, t.db, 50_000_000);
    const item = await monthly(user.id, '2026-03-07T08:00:00Z', { autoRenew: false });
    await runCycleBilling(t.db, at('2026-04-07T08:00:00Z'));
    expect(await itemNow(t.db, item.id)).toMatchObject({
      status: 'ended',
      reason: 'ended',
      endedAt: at('2026-04-07T08:00:00Z'),
    });
    expect(await balanceOf(t.db, user.id)).toBe(40_000_000);
  });

  it('charges once when the job runs twice, one after the other or side by side', async () => {
    const user = await customerWithCredit(t.app, t.db, 50_000_000);
    const item = await monthly(user.id, '2026-03-08T08:00:00Z');
    await runCycleBilling(t.db, at('2026-04-08T08:00:00Z'));
    await runCycleBilling(t.db, at('2026-04-08T08:00:00Z'));
    await Promise.all([
      runCycleBilling(t.db, at('2026-05-08T09:00:00Z')),
      runCycleBilling(t.db, at('2026-05-08T09:00:00Z')),
    ]);
    expect(await chargesOf(item.id)).toEqual([-10_000_000, -10_000_000, -10_000_000]);
    expect(await balanceOf(t.db, user.id)).toBe(20_000_000);
    expect((await itemNow(t.db, item.id)).cycleEnd).toEqual(at('2026-06-08T08:00:00Z'));
  });

  it('charges each missed cycle, then suspends and terminates when the credit runs out', async () => {
    const user = await customerWithCredit(t.app, t.db, 100_000_000);
    const item = await monthly(user.id, '2026-01-09T00:00:00Z');
    await runCycleBilling(t.db, at('2026-04-20T00:00:00Z'));
    expect(await chargesOf(item.id)).toEqual(Array(4).fill(-10_000_000));
    expect((await linesOf(item.id)).map((l) => l.month.toISOString().slice(0, 7))).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(await itemNow(t.db, item.id)).toMatchObject({
      status: 'active',
      cycleEnd: at('2026-05-09T00:00:00Z'),
    });
    expect(await balanceOf(t.db, user.id)).toBe(60_000_000);

    const short = await customerWithCredit(t.app, t.db, 25_000_000);
    const starved = await monthly(short.id, '2026-01-09T00:00:00Z');
    await runCycleBilling(t.db, at('2026-04-20T00:00:00Z'));
    expect(await chargesOf(starved.id)).toEqual([-10_000_000, -10_000_000]);
    // Suspended at the 9 March end; 8 days later, long before 20 April, terminated.
    expect(await itemNow(t.db, starved.id)).toMatchObject({
      status: 'terminated',
      cycleEnd: at('2026-03-09T00:00:00Z'),
    });
    expect(await balanceOf(t.db, short.id)).toBe(5_000_000);
  });

  describe('renew now', () => {
    const renew = (customerId: number, itemId: number) =>
      t.db.transaction((tx) => renewNow(tx, customerId, itemId));

    it('charges a suspended item a new cycle from now and unsuspends it; 460 when short; owner only', async () => {
      const user = await customerWithCredit(t.app, t.db, 10_000_000);
      const item = await monthly(user.id, '2026-03-11T08:00:00Z');
      await runCycleBilling(t.db, at('2026-04-11T08:00:00Z'));
      expect((await itemNow(t.db, item.id)).status).toBe('suspended');

      await post(t.db, user.id, 9_000_000);
      const short = await renew(user.id, item.id).catch((e: unknown) => e);
      expect(short).toMatchObject({
        status: 460,
        extra: { data: { customerBalance: '9.00', minimumRequiredBalance: '10.00' } },
      });
      expect((await itemNow(t.db, item.id)).status).toBe('suspended');
      expect(await balanceOf(t.db, user.id)).toBe(9_000_000);

      const other = await customerWithCredit(t.app, t.db, 100_000_000);
      expect(await renew(other.id, item.id)).toBeNull();
      expect(await balanceOf(t.db, other.id)).toBe(100_000_000);

      await post(t.db, user.id, 1_000_000);
      const before = Date.now();
      const renewed = await renew(user.id, item.id);
      expect(renewed).toMatchObject({ status: 'active', suspendedAt: null });
      expect(renewed!.cycleStart!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(renewed!.cycleEnd).toEqual(cycleEnd(renewed!.cycleStart!, 'monthly'));
      expect(await balanceOf(t.db, user.id)).toBe(0);
      expect(await chargesOf(item.id)).toEqual([-10_000_000, -10_000_000]);
      expect((await linesOf(item.id)).map((l) => [l.subtotal, l.reason])).toEqual([
        [10_000_000, 'created'],
        [10_000_000, 'renewed'],
      ]);
      // An active item is not renewed early.
      expect(await renew(user.id, item.id)).toBeNull();
      expect(await balanceOf(t.db, user.id)).toBe(0);
    });
  });
});
