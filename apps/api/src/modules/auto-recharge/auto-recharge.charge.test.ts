import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { activityEvents, relaxedLimits } from '../auth/auth.test-helpers';
import { ledgerEntries } from '../billing/billing.tables';
import { balanceOf, post } from '../billing/billing.test-helpers';
import type {
  OffSessionChargeInput,
  OffSessionChargeResult,
  PaymentGatewayAdapter,
} from '../payments/gateways/gateway';
import type { GatewayRegistry } from '../payments/gateways/registry';
import { payments, savedCards } from '../payments/payments.tables';
import {
  applyEvent,
  type Customer,
  insertPayment,
  listPayments,
  newCustomer,
  registryOf,
  sandboxPay,
} from '../payments/payments.test-helpers';
import { cardRowToGatewayCard } from '../payments/saved-cards';
import { runAutoRechargeCheck } from './auto-recharge.charge';
import { autoRechargeSettings } from './auto-recharge.tables';
import {
  activateWithNewCard,
  autoRechargeInfo,
  cardsOf,
  sandboxGatewayId,
} from './auto-recharge.test-helpers';
import { customersBelowThreshold } from './auto-recharge.trigger';

/** runAutoRechargeCheck: one off-session charge when the balance falls below the threshold. */
describe('auto-recharge charge', () => {
  let t: TestApp;
  let gatewayId: number;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    gatewayId = await sandboxGatewayId(t);
  });
  afterAll(() => t.close());

  const check = (customerId: number, gateways: GatewayRegistry = registryOf(t)) =>
    runAutoRechargeCheck({ db: t.db, gateways }, customerId);
  const autoPayments = (customerId: number) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, customerId), eq(payments.isAutoRecharge, true)))
      .orderBy(payments.id);
  /** The $10 automatic top-up a crash left written but not yet charged. */
  const crashedAutoPayment = (user: Customer) =>
    insertPayment(t, user.id, {
      credit: 10_000_000,
      isAutoRecharge: true,
      description: 'Automatic top-up (auto-recharge)',
    });
  /** Sets the balance to `micros` with one adjustment. */
  const setBalance = async (user: Customer, micros: number) => {
    const delta = micros - (await balanceOf(t.db, user.id));
    if (delta !== 0) await post(t.db, user.id, delta);
  };

  /** The sandbox registry, with every off-session charge recorded (or answered by `answer`). */
  function recordingGateways(answer?: (input: OffSessionChargeInput) => Promise<OffSessionChargeResult>) {
    const base = registryOf(t);
    const sandbox = base.get('sandbox')!;
    const calls: OffSessionChargeInput[] = [];
    const adapter: PaymentGatewayAdapter = {
      ...sandbox,
      async chargeSavedCard(input) {
        calls.push(input);
        return answer ? answer(input) : sandbox.chargeSavedCard!(input);
      },
    };
    const registry: GatewayRegistry = {
      enabled: () => base.enabled(),
      get: (name) => (name === 'sandbox' ? adapter : base.get(name)),
    };
    return { registry, calls };
  }

  /** A customer with auto-recharge $10 below $5 on a saved sandbox card, and `balance` micros. */
  async function activeCustomer(balance: number, card = '4242') {
    const user = await newCustomer(t);
    await activateWithNewCard(t, user, card);
    await setBalance(user, balance);
    return user;
  }

  it('does nothing while the balance is at or above the threshold', async () => {
    const user = await activeCustomer(6_000_000);
    expect(await check(user.id)).toBe('not-needed');
    await setBalance(user, 5_000_000);
    expect(await check(user.id)).toBe('not-needed');
    expect(await autoPayments(user.id)).toEqual([]);
    expect(await customersBelowThreshold(t.db, [user.id])).toEqual([]);
  });

  it('charges at most once an hour when one charge does not lift the balance above the threshold', async () => {
    const user = await activeCustomer(-100_000_000);
    expect(await check(user.id)).toBe('succeeded');
    expect(await check(user.id)).toBe('not-needed');
    expect(await autoPayments(user.id)).toHaveLength(1);
    expect(await balanceOf(t.db, user.id)).toBe(-90_000_000);
  });

  it('below the threshold: one payment, PAID, the amount credited, activity logged', async () => {
    const user = await activeCustomer(4_990_000);
    expect(await customersBelowThreshold(t.db, [user.id])).toEqual([user.id]);
    expect(await check(user.id)).toBe('succeeded');
    const [payment, ...more] = await autoPayments(user.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      status: 'PAID',
      credit: 10_000_000,
      price: 10_000_000,
      received: 10_000_000,
      credited: 10_000_000,
      gateway: 'sandbox',
    });
    expect(await balanceOf(t.db, user.id)).toBe(14_990_000);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id));
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([['auto_recharge', 10_000_000]]);
    expect(await activityEvents(t.app, user.headers)).toContain('auto_recharge_processed');
    expect((await listPayments(t, user)).payments[0]).toMatchObject({
      isAutoRecharge: true,
      status: 'PAID',
      creditedAmount: '10.00',
      printToken: expect.any(String),
    });
    // Back above the threshold: nothing more.
    expect(await check(user.id)).toBe('not-needed');
    expect(await autoPayments(user.id)).toHaveLength(1);
    expect((await autoRechargeInfo(t, user)).gateways[0]?.status).toBe('ACTIVE');
  });

  it('does nothing when auto-recharge is off', async () => {
    const user = await activeCustomer(0);
    await t.db
      .update(autoRechargeSettings)
      .set({ isActive: false })
      .where(eq(autoRechargeSettings.customerId, user.id));
    expect(await check(user.id)).toBe('not-needed');
    expect(await customersBelowThreshold(t.db, [user.id])).toEqual([]);
    const stranger = await newCustomer(t);
    expect(await check(stranger.id)).toBe('not-needed');
  });

  it.each([
    ['0341', 'Your card was declined.'],
    ['9995', 'Insufficient funds.'],
  ])(
    'a declining card (%s): REJECTED, CARD_DECLINED with the failure, and charges pause',
    async (card, reason) => {
      const user = await activeCustomer(0, card);
      expect(await check(user.id)).toBe('declined');
      const [payment] = await autoPayments(user.id);
      expect(payment).toMatchObject({ status: 'REJECTED', credited: 0, failureReason: reason });
      expect(await balanceOf(t.db, user.id)).toBe(0);
      const info = await autoRechargeInfo(t, user);
      expect(info.isActive).toBe(true);
      expect(info.gateways[0]).toMatchObject({
        status: 'CARD_DECLINED',
        metadata: { lastFailure: { reason, at: expect.any(String) } },
      });
      expect(await activityEvents(t.app, user.headers)).toContain('auto_recharge_failed');

      // No further charges with the same card.
      expect(await check(user.id)).toBe('not-needed');
      expect(await check(user.id)).toBe('not-needed');
      expect(await autoPayments(user.id)).toHaveLength(1);
      expect(await customersBelowThreshold(t.db, [user.id])).toEqual([]);
    },
  );

  it('charges again once the default card changes', async () => {
    const user = await newCustomer(t);
    await activateWithNewCard(t, user, '4242');
    // A top-up that saves a second, declining card makes it the default.
    await sandboxPay(t, user, '20', 'pay', '0341', {
      enableAutoRecharge: true,
      autoRecharge: { amount: '10.00', minimumCreditThreshold: '5.00' },
    });
    await setBalance(user, 1_000_000);
    expect(await check(user.id)).toBe('declined');
    expect(await check(user.id)).toBe('not-needed');

    const good = (await cardsOf(t, user, gatewayId)).find((c) => c.last4 === '4242');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auto-recharge/gateways/${gatewayId}/change-default-card`,
      headers: user.headers,
      payload: { cardId: good!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await autoRechargeInfo(t, user)).gateways[0]?.status).toBe('ACTIVE');
    expect(await customersBelowThreshold(t.db, [user.id])).toEqual([user.id]);
    expect(await check(user.id)).toBe('succeeded');
    expect((await autoPayments(user.id)).map((p) => p.status)).toEqual(['REJECTED', 'PAID']);
    expect(await balanceOf(t.db, user.id)).toBe(11_000_000);
  });

  it('many parallel checks for one customer: one payment, one charge, one credit', async () => {
    const user = await activeCustomer(0);
    const { registry, calls } = recordingGateways();
    const results = await Promise.all(Array.from({ length: 12 }, () => check(user.id, registry)));
    expect(results.filter((r) => r === 'succeeded').length).toBeGreaterThanOrEqual(1);
    const made = await autoPayments(user.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'PAID', credited: 10_000_000 });
    expect(await balanceOf(t.db, user.id)).toBe(10_000_000);
    // Any repeated call names the same charge, so the gateway charges once.
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`auto-recharge-${made[0]!.id}`]));
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, user.id));
    expect(entries.filter((e) => e.kind === 'auto_recharge')).toHaveLength(1);
  });

  it('after a crash that left the payment written but not charged, the next check charges it once', async () => {
    const user = await activeCustomer(0);
    const crashed = await crashedAutoPayment(user);
    const { registry, calls } = recordingGateways();
    expect(await check(user.id, registry)).toBe('succeeded');
    expect(calls).toEqual([
      expect.objectContaining({
        paymentId: crashed.id,
        amount: 10_000_000,
        idempotencyKey: `auto-recharge-${crashed.id}`,
      }),
    ]);
    expect(await autoPayments(user.id)).toEqual([
      expect.objectContaining({ id: crashed.id, status: 'PAID' }),
    ]);
    expect(await balanceOf(t.db, user.id)).toBe(10_000_000);
    expect(await check(user.id, registry)).toBe('not-needed');
    expect(calls).toHaveLength(1);
  });

  it('after a crash between the charge and its result, charging again returns the same charge', async () => {
    const user = await activeCustomer(0);
    const crashed = await crashedAutoPayment(user);
    const [card] = await t.db.select().from(savedCards).where(eq(savedCards.customerId, user.id));
    const sandbox = registryOf(t).get('sandbox')!;
    const first = await sandbox.chargeSavedCard!({
      paymentId: crashed.id,
      amount: crashed.price,
      currency: 'USD',
      description: crashed.description,
      card: cardRowToGatewayCard(card!),
      idempotencyKey: `auto-recharge-${crashed.id}`,
    });
    expect(await check(user.id)).toBe('succeeded');
    const [after] = await autoPayments(user.id);
    expect(first.outcome).toBe('succeeded');
    expect(after).toMatchObject({ id: crashed.id, status: 'PAID', externalId: first.externalId });
    expect(await balanceOf(t.db, user.id)).toBe(10_000_000);
  });

  it('a pending charge stays the one in flight until the gateway reports it', async () => {
    const user = await activeCustomer(0);
    const { registry, calls } = recordingGateways(async (input) => ({
      outcome: 'pending',
      externalId: `sbx_pending_${input.paymentId}`,
    }));
    expect(await check(user.id, registry)).toBe('pending');
    const [payment] = await autoPayments(user.id);
    expect(payment).toMatchObject({ status: 'PENDING', credited: 0 });
    // While it is pending nothing else is charged.
    expect(await check(user.id, registry)).toBe('in-flight');
    expect(calls).toHaveLength(1);
    await applyEvent(t, payment!.id, 'PAID');
    expect(await balanceOf(t.db, user.id)).toBe(10_000_000);
    expect(await activityEvents(t.app, user.headers)).toContain('auto_recharge_processed');
  });

  it('charges the price with the gateway fee and credits the amount', async () => {
    const user = await newCustomer(t);
    // A card saved at Stripe (2.9 %), charged through a stand-in adapter.
    await t.db.insert(savedCards).values({
      customerId: user.id,
      gateway: 'stripe',
      externalId: `pm_test_${user.id}`,
      brand: 'visa',
      last4: '4242',
      isDefault: true,
    });
    await t.db.insert(autoRechargeSettings).values({
      customerId: user.id,
      isActive: true,
      amount: 10_000_000,
      threshold: 5_000_000,
      gateway: 'stripe',
    });
    const charged: OffSessionChargeInput[] = [];
    const stripe: PaymentGatewayAdapter = {
      name: 'stripe',
      supportsSavedCards: true,
      createCheckout: () => Promise.reject(new Error('unused')),
      parseWebhook: () => Promise.reject(new Error('unused')),
      interpretWebhook: () => Promise.reject(new Error('unused')),
      async chargeSavedCard(input) {
        charged.push(input);
        return {
          outcome: 'succeeded',
          externalId: `pi_${input.paymentId}`,
          received: input.amount,
          trackingId: null,
        };
      },
    };
    const registry: GatewayRegistry = {
      enabled: () => ['stripe'],
      get: (n) => (n === 'stripe' ? stripe : undefined),
    };
    expect(await check(user.id, registry)).toBe('succeeded');
    expect(charged[0]?.amount).toBe(10_290_000);
    expect(await autoPayments(user.id)).toEqual([
      expect.objectContaining({ price: 10_290_000, fee: 290_000, credited: 10_000_000, status: 'PAID' }),
    ]);
    expect(await balanceOf(t.db, user.id)).toBe(10_000_000);
  });
});
