import { REACHED_PAYMENT_LIMIT_MESSAGE } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { allGatewaysConfigured } from './gateways/gateways.test-config';
import { payments } from './payments.tables';
import { listPayments, newCustomer, paymentRow, postPayment, setKyc } from './payments.test-helpers';

/** POST /payments: the hourly attempt limit and the auto-recharge choice made at checkout. */
describe('POST /payments limits and auto-recharge choice', () => {
  /** The default install: the sandbox is the only gateway. */
  let t: TestApp;
  /** Every gateway configured, the real ones pointing at a port nothing listens on. */
  let all: TestApp;
  beforeAll(async () => {
    [t, all] = await Promise.all([
      createTestApp(relaxedLimits),
      createTestApp({ ...relaxedLimits, ...allGatewaysConfigured }),
    ]);
  });
  afterAll(() => Promise.all([t.close(), all.close()]));

  describe('attempts per hour', () => {
    it('allows PAYMENT_ATTEMPTS_PER_HOUR checkouts an hour, then 403 REACHED_PAYMENT_LIMIT', async () => {
      expect(t.config.PAYMENT_ATTEMPTS_PER_HOUR).toBe(10);
      const user = await newCustomer(t);
      for (let i = 0; i < 10; i++) {
        const res = await postPayment(t, user, { credit: 10, gateway: 'sandbox' });
        expect(res.statusCode, `attempt ${i + 1}: ${res.body}`).toBe(200);
      }
      const refused = await postPayment(t, user, { credit: 10, gateway: 'sandbox' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'REACHED_PAYMENT_LIMIT',
        detail: 'You exceeded maximum payment attempts. Please try again later.',
        data: null,
      });
      expect(refused.json().detail).toBe(REACHED_PAYMENT_LIMIT_MESSAGE);
      expect((await listPayments(t, user)).totalCount).toBe(10);

      // Another customer is not limited by this one's attempts.
      const other = await newCustomer(t);
      expect((await postPayment(t, other, { credit: 10, gateway: 'sandbox' })).statusCode).toBe(200);

      // An hour later the attempts no longer count.
      await t.db
        .update(payments)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(eq(payments.customerId, user.id));
      expect((await postPayment(t, user, { credit: 10, gateway: 'sandbox' })).statusCode).toBe(200);
    });

    it('counts failed checkouts at the gateway as attempts', async () => {
      const user = await newCustomer(all);
      for (let i = 0; i < 10; i++) {
        expect((await postPayment(all, user, { credit: 10, gateway: 'paypal' })).statusCode).toBe(502);
      }
      expect((await postPayment(all, user, { credit: 10, gateway: 'sandbox' })).json().code).toBe(
        'REACHED_PAYMENT_LIMIT',
      );
    });

    it('does not count automatic top-ups as attempts', async () => {
      const user = await newCustomer(t);
      await t.db.insert(payments).values(
        Array.from({ length: 10 }, () => ({
          customerId: user.id,
          gateway: 'sandbox' as const,
          credit: 10_000_000,
          fee: 0,
          price: 10_000_000,
          status: 'PAID' as const,
          isAutoRecharge: true,
          description: 'Automatic top-up (auto-recharge)',
        })),
      );
      expect((await postPayment(t, user, { credit: 10, gateway: 'sandbox' })).statusCode).toBe(200);
    });

    it('holds when the attempts arrive all at once', async () => {
      const user = await newCustomer(t);
      const results = await Promise.all(
        Array.from({ length: 16 }, () => postPayment(t, user, { credit: 10, gateway: 'sandbox' })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 403)).toHaveLength(6);
      expect((await listPayments(t, user)).totalCount).toBe(10);
    });
  });

  describe('auto-recharge at checkout', () => {
    it('needs a card gateway (AUTO_RECHARGE_NOT_SUPPORTED)', async () => {
      const user = await newCustomer(all);
      const choice = { amount: '10.00', minimumCreditThreshold: '5.00' };
      for (const gateway of ['paypal']) {
        const res = await postPayment(all, user, {
          credit: 20,
          gateway,
          enableAutoRecharge: true,
          autoRecharge: choice,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe('AUTO_RECHARGE_NOT_SUPPORTED');
      }
      await setKyc(all, user.id, 'approved');
      for (const gateway of ['cryptomus', 'btcpay']) {
        const res = await postPayment(all, user, {
          credit: 20,
          gateway,
          enableAutoRecharge: true,
          autoRecharge: choice,
        });
        expect(res.json().code).toBe('AUTO_RECHARGE_NOT_SUPPORTED');
      }
      // Stripe is a card gateway: the rules pass and the unreachable gateway answers.
      const stripe = await postPayment(all, user, {
        credit: 20,
        gateway: 'stripe',
        enableAutoRecharge: true,
        autoRecharge: choice,
      });
      expect(stripe.json().code).toBe('GATEWAY_ERROR');
    });

    it('needs one of the offered amounts and thresholds (INVALID_AUTO_RECHARGE_OPTION)', async () => {
      const user = await newCustomer(t);
      for (const autoRecharge of [
        undefined,
        { amount: '15.00', minimumCreditThreshold: '5.00' },
        { amount: '10.00', minimumCreditThreshold: '7.00' },
        { amount: '10.001', minimumCreditThreshold: '5.00' },
        // Amounts and thresholds are separate lists: a threshold is not an amount.
        { amount: '5.00', minimumCreditThreshold: '10.00' },
      ]) {
        const res = await postPayment(t, user, {
          credit: 20,
          gateway: 'sandbox',
          enableAutoRecharge: true,
          autoRecharge,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code, JSON.stringify(autoRecharge)).toBe('INVALID_AUTO_RECHARGE_OPTION');
      }
      expect((await listPayments(t, user)).totalCount).toBe(0);

      const res = await postPayment(t, user, {
        credit: 20,
        gateway: 'sandbox',
        enableAutoRecharge: true,
        autoRecharge: { amount: '30', minimumCreditThreshold: '10.00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await paymentRow(t, res.json().data.paymentId);
      expect(row).toMatchObject({
        saveCard: true,
        isCardSetup: false,
        autoRechargeRequest: { amount: 30_000_000, threshold: 10_000_000 },
      });
    });

    it('ignores the choice when auto-recharge is not asked for', async () => {
      const user = await newCustomer(t);
      const res = await postPayment(t, user, {
        credit: 20,
        gateway: 'sandbox',
        autoRecharge: { amount: '15.00', minimumCreditThreshold: '5.00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await paymentRow(t, res.json().data.paymentId)).toMatchObject({
        saveCard: false,
        autoRechargeRequest: null,
      });
    });
  });
});
