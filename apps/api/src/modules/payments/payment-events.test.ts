import type { PaymentStatus } from '@nimbus/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { ledgerEntries } from '../billing/billing.tables';
import { post } from '../billing/billing.test-helpers';
import { reconcileBalances } from '../billing/reconciliation';
import { applyGatewayEvent } from './payment-events';
import {
  applyEvent,
  balanceText,
  type Customer,
  cardSetup,
  eventsOf,
  insertPayment,
  newCustomer,
  openSandboxCheckout,
  paymentRow,
  paymentView,
} from './payments.test-helpers';

/**
 * applyGatewayEvent directly, for the statuses the sandbox page cannot produce (refunds, disputes,
 * late and illegal moves): the balance follows the credit each state deserves, once.
 */
describe('applying gateway events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  /** A customer with a fresh sandbox checkout of `credit` dollars. */
  async function checkout(credit = '40') {
    const user = await newCustomer(t);
    const { paymentId } = await openSandboxCheckout(t, user, credit);
    return { user, paymentId };
  }

  const ledgerOf = (paymentId: number) =>
    t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId))
      .orderBy(asc(ledgerEntries.id));

  /** The status, balance and credited amount the customer sees. */
  async function seen(user: Customer, paymentId: number) {
    const view = await paymentView(t, user, paymentId);
    return {
      status: view.status,
      overall: view.overallStatus,
      credited: view.creditedAmount,
      receipt: view.printToken !== null,
      balance: await balanceText(t, user),
    };
  }

  it('REFUNDED debits what a PAID payment credited', async () => {
    const { user, paymentId } = await checkout('40');
    expect(await applyEvent(t, paymentId, 'PAID')).toBe('applied');
    expect(await seen(user, paymentId)).toEqual({
      status: 'PAID',
      overall: 'success',
      credited: '40.00',
      receipt: true,
      balance: '40.00',
    });
    expect(await applyEvent(t, paymentId, 'REFUNDED')).toBe('applied');
    expect(await seen(user, paymentId)).toEqual({
      status: 'REFUNDED',
      overall: 'reversed',
      credited: '0.00',
      receipt: true,
      balance: '0.00',
    });
    expect((await ledgerOf(paymentId)).map(({ kind, amount }) => [kind, amount])).toEqual([
      ['top_up', 40_000_000],
      ['refund', -40_000_000],
    ]);
  });

  it.each([
    ['UNDERPAID', 15_000_000, '15.00'],
    ['OVERPAID', 44_000_000, '44.00'],
  ] as const)('REFUNDED debits what an %s payment credited', async (status, received, credited) => {
    const { user, paymentId } = await checkout('40');
    await applyEvent(t, paymentId, status, received);
    expect(await seen(user, paymentId)).toMatchObject({ status, credited, balance: credited });
    await applyEvent(t, paymentId, 'REFUNDED');
    expect(await seen(user, paymentId)).toMatchObject({
      status: 'REFUNDED',
      credited: '0.00',
      balance: '0.00',
    });
  });

  it('a refund may take the balance below zero', async () => {
    const { user, paymentId } = await checkout('40');
    await applyEvent(t, paymentId, 'PAID');
    // The customer spends part of it before the refund arrives.
    await post(t.db, user.id, -10_000_000);
    await applyEvent(t, paymentId, 'REFUNDED');
    expect(await balanceText(t, user)).toBe('-10.00');
  });

  it('DISPUTE_SUBMITTED keeps the credit; DISPUTE_LOST debits it', async () => {
    const { user, paymentId } = await checkout('40');
    await applyEvent(t, paymentId, 'PAID');
    expect(await applyEvent(t, paymentId, 'DISPUTE_SUBMITTED')).toBe('applied');
    expect(await seen(user, paymentId)).toEqual({
      status: 'DISPUTE_SUBMITTED',
      overall: 'pending',
      credited: '40.00',
      receipt: false,
      balance: '40.00',
    });
    expect(await applyEvent(t, paymentId, 'DISPUTE_LOST')).toBe('applied');
    expect(await seen(user, paymentId)).toEqual({
      status: 'DISPUTE_LOST',
      overall: 'reversed',
      credited: '0.00',
      receipt: false,
      balance: '0.00',
    });
    expect((await ledgerOf(paymentId)).map((e) => e.kind)).toEqual(['top_up', 'dispute']);
    // A lost dispute is final.
    for (const status of ['DISPUTE_WON', 'PAID', 'REFUNDED', 'DISPUTE_SUBMITTED'] as const) {
      expect(await applyEvent(t, paymentId, status)).toBe('ignored');
    }
    expect(await balanceText(t, user)).toBe('0.00');
  });

  it('DISPUTE_WON keeps the credit, through a second dispute, until a refund', async () => {
    const { user, paymentId } = await checkout('40');
    await applyEvent(t, paymentId, 'UNDERPAID', 30_000_000);
    await applyEvent(t, paymentId, 'DISPUTE_SUBMITTED');
    expect(await applyEvent(t, paymentId, 'DISPUTE_WON')).toBe('applied');
    expect(await seen(user, paymentId)).toEqual({
      status: 'DISPUTE_WON',
      overall: 'success',
      credited: '30.00',
      receipt: false,
      balance: '30.00',
    });
    await applyEvent(t, paymentId, 'DISPUTE_SUBMITTED');
    await applyEvent(t, paymentId, 'DISPUTE_WON');
    expect(await seen(user, paymentId)).toMatchObject({ credited: '30.00', balance: '30.00' });
    await applyEvent(t, paymentId, 'REFUNDED');
    expect(await seen(user, paymentId)).toMatchObject({
      status: 'REFUNDED',
      credited: '0.00',
      balance: '0.00',
    });
    expect((await ledgerOf(paymentId)).map(({ kind, amount }) => [kind, amount])).toEqual([
      ['top_up', 30_000_000],
      ['refund', -30_000_000],
    ]);
  });

  it('a late PAID after REJECTED credits (money received is never dropped)', async () => {
    const { user, paymentId } = await checkout('40');
    await applyEvent(t, paymentId, 'REJECTED', null, 'sandbox', { failureReason: 'expired' });
    expect(await seen(user, paymentId)).toMatchObject({ status: 'REJECTED', balance: '0.00' });
    expect(await applyEvent(t, paymentId, 'PAID')).toBe('applied');
    expect(await seen(user, paymentId)).toMatchObject({
      status: 'PAID',
      credited: '40.00',
      balance: '40.00',
      receipt: true,
    });
  });

  it('a late UNDERPAID after REJECTED credits what arrived, and a top-up to PAID the rest', async () => {
    const { user, paymentId } = await checkout('40');
    await applyEvent(t, paymentId, 'REJECTED');
    await applyEvent(t, paymentId, 'UNDERPAID', 10_000_000);
    expect(await seen(user, paymentId)).toMatchObject({ credited: '10.00', balance: '10.00' });
    // A second instalment of a crypto payment: the gateway reports the total received.
    expect(await applyEvent(t, paymentId, 'UNDERPAID', 25_000_000)).toBe('applied');
    expect(await seen(user, paymentId)).toMatchObject({ credited: '25.00', balance: '25.00' });
    expect(await applyEvent(t, paymentId, 'PAID', 40_000_000)).toBe('applied');
    expect(await seen(user, paymentId)).toMatchObject({
      status: 'PAID',
      credited: '40.00',
      balance: '40.00',
    });
    expect((await ledgerOf(paymentId)).map((e) => e.amount)).toEqual([10_000_000, 15_000_000, 15_000_000]);
  });

  it.each([
    ['PAID after REFUNDED', ['PAID', 'REFUNDED'], 'PAID', 'REFUNDED', '0.00'],
    ['NEW after PAID', ['PAID'], 'NEW', 'PAID', '40.00'],
    ['PAID twice', ['PAID'], 'PAID', 'PAID', '40.00'],
    ['REJECTED after PAID', ['PAID'], 'REJECTED', 'PAID', '40.00'],
    ['DISPUTE_LOST without a dispute', ['PAID'], 'DISPUTE_LOST', 'PAID', '40.00'],
    ['REFUNDED before payment', [], 'REFUNDED', 'NEW', '0.00'],
    ['PENDING after PAID', ['PAID'], 'PENDING', 'PAID', '40.00'],
  ] as const)('records and ignores an illegal move: %s', async (_name, before, illegal, stays, balance) => {
    const { user, paymentId } = await checkout('40');
    for (const status of before) await applyEvent(t, paymentId, status as PaymentStatus);
    const rowBefore = await paymentRow(t, paymentId);
    const ledgerBefore = await ledgerOf(paymentId);

    expect(await applyEvent(t, paymentId, illegal, 40_000_000)).toBe('ignored');

    expect(await paymentRow(t, paymentId)).toEqual(rowBefore);
    expect(await ledgerOf(paymentId)).toEqual(ledgerBefore);
    expect(await seen(user, paymentId)).toMatchObject({ status: stays, balance });
    const events = await eventsOf(t, paymentId);
    expect(events.at(-1)).toMatchObject({ fromStatus: stays, toStatus: illegal, applied: false });
    expect(events.filter((e) => e.applied).map((e) => e.toStatus)).toEqual(before);
  });

  it('credits in proportion to the price (credit + fee) when the payer pays more or less', async () => {
    const user = await newCustomer(t);
    // A card payment of 100.00 with a 2.9 % fee: price 102.90.
    const card = { gateway: 'stripe', credit: 100_000_000, fee: 2_900_000 } as const;
    const { id } = await insertPayment(t, user.id, { ...card, externalId: 'cs_test_proportional' });
    // Half the price: half the credit.
    await applyEvent(t, id, 'UNDERPAID', 51_450_000, 'stripe');
    expect(await seen(user, id)).toMatchObject({ credited: '50.00', balance: '50.00' });
    // 10 % over the price: 10 % over the credit.
    await applyEvent(t, id, 'OVERPAID', 113_190_000, 'stripe');
    expect(await seen(user, id)).toMatchObject({ credited: '110.00', balance: '110.00' });
    // Rounded down to the micro: 1.00 of 102.90 is 0.971817… of credit.
    const small = await insertPayment(t, user.id, card);
    await applyEvent(t, small.id, 'UNDERPAID', 1_000_000, 'stripe');
    expect((await paymentRow(t, small.id)).credited).toBe(971_817);
    // Paying the price exactly credits exactly the credit, never the fee.
    await applyEvent(t, small.id, 'PAID', 102_900_000, 'stripe');
    expect((await paymentRow(t, small.id)).credited).toBe(100_000_000);
    expect(await balanceText(t, user)).toBe('210.00');
  });

  it('finds the payment by its external id, only at its own gateway', async () => {
    const { user, paymentId } = await checkout('40');
    const { externalId } = await paymentRow(t, paymentId);
    expect(externalId).toMatch(/^sbx_/);
    const byExternal = () =>
      t.db.transaction((tx) =>
        applyGatewayEvent(
          tx,
          'sandbox',
          { paymentId: null, externalId, status: 'PAID', received: null },
          null,
        ),
      );
    expect(await applyEvent(t, paymentId, 'PAID', null, 'stripe')).toBe('unknown-payment');
    expect(await applyEvent(t, 999_999, 'PAID')).toBe('unknown-payment');
    expect(await balanceText(t, user)).toBe('0.00');
    expect(await byExternal()).toBe('applied');
    expect(await balanceText(t, user)).toBe('40.00');
  });

  it('a card-saving checkout never credits', async () => {
    const user = await newCustomer(t);
    const row = await insertPayment(t, user.id, cardSetup);
    expect(await applyEvent(t, row.id, 'PAID', 0)).toBe('applied');
    expect(await applyEvent(t, row.id, 'OVERPAID', 5_000_000)).toBe('applied');
    expect((await paymentRow(t, row.id)).credited).toBe(0);
    expect(await balanceText(t, user)).toBe('0.00');
  });

  it('keeps the ledger and the balances in step, each entry under its own key', async () => {
    expect(await reconcileBalances(t.db)).toEqual([]);
    const keys = (await t.db.select({ key: ledgerEntries.idempotencyKey }).from(ledgerEntries)).map(
      (e) => e.key,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
