import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers } from '../auth/auth.tables';
import { activityEvents, relaxedLimits } from '../auth/auth.test-helpers';
import { startItem } from '../billing/billing.test-helpers';
import { payments } from '../payments/payments.tables';
import {
  balanceText,
  listPayments,
  newCustomer,
  openSandboxCheckout,
  processInbox,
  sandboxPay,
  submitCheckout,
} from '../payments/payments.test-helpers';
import {
  activate,
  activateWithNewCard,
  autoRechargeInfo,
  cardsOf,
  choice,
  deactivate,
  sandboxGatewayId,
} from './auto-recharge.test-helpers';

/** Auto-recharge options, activation and saved cards (GET/POST /auto-recharge, cards). */
describe('auto-recharge', () => {
  let t: TestApp;
  let gatewayId: number;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    gatewayId = await sandboxGatewayId(t);
  });
  afterAll(() => t.close());

  const changeDefault = (headers: Record<string, string>, cardId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auto-recharge/gateways/${gatewayId}/change-default-card`,
      headers,
      payload: { cardId },
    });

  describe('options', () => {
    it('offers $10/20/30 and $5/10/15 without usage, and nothing is set up yet', async () => {
      const user = await newCustomer(t);
      expect(await autoRechargeInfo(t, user)).toEqual({
        isActive: false,
        amount: null,
        minimumCreditThreshold: null,
        gatewayId: null,
        gateways: [
          {
            gatewayId,
            isActive: false,
            isVerified: false,
            status: 'NO_CARD',
            createdAt: expect.any(String),
            metadata: { defaultCard: null, lastFailure: null },
          },
        ],
        amountOptions: ['10.00', '20.00', '30.00'],
        thresholdOptions: ['5.00', '10.00', '15.00'],
        usageRate: '0.0000',
      });
    });

    it('computes the options from the hourly usage rate', async () => {
      const user = await newCustomer(t);
      // $73/month over 730 hours: 0.10 an hour; × 720 = 72 → 75; × 144 = 14.40 → 15.
      await startItem(t.db, user.id, { monthlyPrice: 73_000_000 });
      expect(await autoRechargeInfo(t, user)).toMatchObject({
        usageRate: '0.1000',
        amountOptions: ['75.00', '150.00', '225.00'],
        thresholdOptions: ['15.00', '30.00', '45.00'],
      });
      // Plus $7.30/month: 0.11 an hour; × 720 = 79.20 → 80; × 144 = 15.84 → 20.
      await startItem(t.db, user.id, { monthlyPrice: 7_300_000 });
      expect(await autoRechargeInfo(t, user)).toMatchObject({
        usageRate: '0.1100',
        amountOptions: ['80.00', '160.00', '240.00'],
        thresholdOptions: ['20.00', '40.00', '60.00'],
      });
      // The options without usage are no longer offered.
      const refused = await activate(t, user, { ...choice, gatewayId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('INVALID_AUTO_RECHARGE_OPTION');
      const checkout = await activate(t, user, { amount: '160', minimumCreditThreshold: '20.00', gatewayId });
      expect(checkout.statusCode, checkout.body).toBe(200);
    });

    it('refuses a gateway that cannot save cards or is not enabled', async () => {
      const user = await newCustomer(t);
      for (const id of [1, 2, 3, 4, 999]) {
        if (id === gatewayId) continue;
        const res = await activate(t, user, { ...choice, gatewayId: id });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe('AUTO_RECHARGE_NOT_SUPPORTED');
      }
    });
  });

  describe('activation', () => {
    it('without a card: a card-saving checkout, then active with that card as default', async () => {
      const user = await newCustomer(t);
      const res = await activate(t, user, { ...choice, gatewayId });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().data;
      expect(result).toMatchObject({ isGatewayVerified: false, isProfileActive: false });
      const path = new URL(result.redirectURI).pathname;
      expect(result.redirectURI).toBe(`${t.config.publicUrl}${path}`);
      expect(path).toMatch(/^\/sandbox\/checkout\/sbx_/);
      // Nothing is active until the card arrives.
      expect((await autoRechargeInfo(t, user)).isActive).toBe(false);

      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Save a test card for automatic top-ups.');
      expect(page.body).toContain('name="card" value="4242"');
      expect(page.body).not.toContain('name="outcome"');
      const saved = await submitCheckout(t, path, { card: '4242', cardholder: 'Ada Lovelace' });
      expect(saved.statusCode, saved.body).toBe(303);
      expect(saved.headers.location).toBe('/auto-recharge');
      await processInbox(t);

      const info = await autoRechargeInfo(t, user);
      expect(info).toMatchObject({
        isActive: true,
        amount: '10.00',
        minimumCreditThreshold: '5.00',
        gatewayId,
        gateways: [
          {
            gatewayId,
            isActive: true,
            isVerified: true,
            status: 'ACTIVE',
            metadata: {
              defaultCard: {
                brand: 'visa',
                last4: '4242',
                name: 'Ada Lovelace',
                expYear: new Date().getUTCFullYear() + 3,
              },
              lastFailure: null,
            },
          },
        ],
      });
      expect(await cardsOf(t, user, gatewayId)).toEqual([
        expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true, expMonth: 12 }),
      ]);
      expect(await activityEvents(t.app, user.headers)).toContain('auto_recharge_activated');
      // Saving a card is not a top-up: no payment in the list, no credit.
      expect((await listPayments(t, user)).totalCount).toBe(0);
      expect(await balanceText(t, user)).toBe('0.00');
      const closed = await t.app.inject({ method: 'GET', url: path });
      expect(closed.body).toContain('already');
    });

    it('with a card: verified and active at once, with the new choice', async () => {
      const user = await newCustomer(t);
      await activateWithNewCard(t, user);
      const res = await activate(t, user, { amount: '30.00', minimumCreditThreshold: '15.00', gatewayId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ isGatewayVerified: true, isProfileActive: true, redirectURI: null });
      expect(await autoRechargeInfo(t, user)).toMatchObject({
        isActive: true,
        amount: '30.00',
        minimumCreditThreshold: '15.00',
      });
      const events = await activityEvents(t.app, user.headers);
      expect(events.filter((e) => e === 'auto_recharge_activated')).toHaveLength(2);
    });

    it('an account suspended by an administrator has a verified card but no active profile', async () => {
      const user = await newCustomer(t);
      await activateWithNewCard(t, user);
      await deactivate(t, user.headers, user.id, { reason: 'Pause' });
      await t.db.update(customers).set({ status: 'suspended_by_admin' }).where(eq(customers.id, user.id));
      const res = await activate(t, user, { ...choice, gatewayId });
      expect(res.json().data).toEqual({ isGatewayVerified: true, isProfileActive: false, redirectURI: null });
      expect((await autoRechargeInfo(t, user)).isActive).toBe(false);
    });

    it('an account suspended by an administrator cannot turn it on through a checkout either', async () => {
      const user = await newCustomer(t);
      await t.db.update(customers).set({ status: 'suspended_by_admin' }).where(eq(customers.id, user.id));
      // The card-saving checkout of POST /auto-recharge keeps the card, not the choice.
      await activateWithNewCard(t, user, '4242');
      expect(await autoRechargeInfo(t, user)).toMatchObject({ isActive: false, amount: null });
      // Nor does a top-up with auto-recharge, though the top-up itself is credited.
      await sandboxPay(t, user, '20', 'pay', '4444', { enableAutoRecharge: true, autoRecharge: choice });
      expect(await balanceText(t, user)).toBe('20.00');
      expect((await cardsOf(t, user, gatewayId)).map((c) => c.last4)).toEqual(['4242', '4444']);
      expect(await autoRechargeInfo(t, user)).toMatchObject({ isActive: false, amount: null });
      expect(await activityEvents(t.app, user.headers)).not.toContain('auto_recharge_activated');
    });

    it('a top-up with auto-recharge saves the card and activates the choice', async () => {
      const user = await newCustomer(t);
      const { paymentId, path } = await openSandboxCheckout(t, user, '20', {
        enableAutoRecharge: true,
        autoRecharge: { amount: '20.00', minimumCreditThreshold: '10.00' },
      });
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.body).toContain('$20.00');
      expect(page.body).toContain('Pay by test card, saved for auto-recharge');
      // A card must be chosen to pay.
      expect((await submitCheckout(t, path, { outcome: 'pay' })).statusCode).toBe(400);
      const paid = await submitCheckout(t, path, { outcome: 'pay', card: '4444' });
      expect(paid.headers.location).toBe(`/paymentssuccess?paymentId=${paymentId}`);
      await processInbox(t);
      expect(await balanceText(t, user)).toBe('20.00');
      expect(await autoRechargeInfo(t, user)).toMatchObject({
        isActive: true,
        amount: '20.00',
        minimumCreditThreshold: '10.00',
        gateways: [
          {
            isVerified: true,
            status: 'ACTIVE',
            metadata: { defaultCard: { brand: 'mastercard', last4: '4444' } },
          },
        ],
      });
      expect(await activityEvents(t.app, user.headers)).toContain('auto_recharge_activated');
    });

    it('a failed top-up with auto-recharge saves no card and activates nothing', async () => {
      const user = await newCustomer(t);
      await sandboxPay(t, user, '20', 'fail', '4242', { enableAutoRecharge: true, autoRecharge: choice });
      expect(await cardsOf(t, user, gatewayId)).toEqual([]);
      expect((await autoRechargeInfo(t, user)).isActive).toBe(false);
    });

    it('changes the default card, and refuses a card that is not the customer’s', async () => {
      const user = await newCustomer(t);
      const other = await newCustomer(t);
      await activateWithNewCard(t, user, '4242');
      await sandboxPay(t, user, '20', 'pay', '4444', { enableAutoRecharge: true, autoRecharge: choice });
      await activateWithNewCard(t, other, '4242');
      const cards = await cardsOf(t, user, gatewayId);
      expect(cards.map((c) => [c.last4, c.isDefault])).toEqual([
        ['4242', false],
        ['4444', true],
      ]);
      const res = await changeDefault(user.headers, cards[0]!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe('OKAY');
      expect((await cardsOf(t, user, gatewayId)).map((c) => [c.last4, c.isDefault])).toEqual([
        ['4242', true],
        ['4444', false],
      ]);
      expect((await autoRechargeInfo(t, user)).gateways[0]?.metadata.defaultCard).toMatchObject({
        brand: 'visa',
        last4: '4242',
      });

      const [othersCard] = await cardsOf(t, other, gatewayId);
      const foreign = await changeDefault(user.headers, othersCard!.id);
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect((await changeDefault(user.headers, 987_654)).statusCode).toBe(404);
      // Nothing moved for either customer.
      expect((await cardsOf(t, other, gatewayId))[0]?.isDefault).toBe(true);
      expect((await cardsOf(t, user, gatewayId)).find((c) => c.isDefault)?.last4).toBe('4242');
    });
  });

  it('keeps card-saving checkouts out of the payments list', async () => {
    const user = await newCustomer(t);
    await activateWithNewCard(t, user);
    const rows = await t.db.select().from(payments).where(eq(payments.customerId, user.id));
    expect(rows).toEqual([expect.objectContaining({ isCardSetup: true, status: 'PAID', credited: 0 })]);
    expect((await listPayments(t, user)).payments).toEqual([]);
  });
});
