import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { allGatewaysConfigured } from './gateways/gateways.test-config';
import {
  balanceText,
  type Customer,
  listPayments,
  newCustomer,
  paymentRow,
  postPayment,
  setKyc,
} from './payments.test-helpers';

/** POST /payments: amount, fee, gateways offered and KYC (platform.md §5, §8) before any money moves. */
describe('POST /payments rules', () => {
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

  const firstIssue = (body: string) => {
    const json = JSON.parse(body);
    return { code: json.code, path: json.issues?.[0]?.path, message: json.issues?.[0]?.message };
  };

  describe('amount', () => {
    let user: Customer;
    beforeAll(async () => {
      user = await newCustomer(t);
    });

    it.each([
      ['empty', '', 'validation.payment.amountRequired'],
      ['blank', '   ', 'validation.payment.amountRequired'],
      ['below 2', 1.99, 'validation.payment.tooSmall'],
      ['below 2 as text', '1.99', 'validation.payment.tooSmall'],
      ['zero', 0, 'validation.payment.tooSmall'],
      ['one million', 1_000_000, 'validation.payment.tooLarge'],
      ['one million as text', '1000000.00', 'validation.payment.tooLarge'],
      ['three decimals', '10.005', 'validation.money.invalid'],
      ['three decimals as a number', 10.005, 'validation.money.invalid'],
      ['negative', -5, 'validation.money.invalid'],
      ['not a number', 'ten', 'validation.money.invalid'],
      // A decimal comma is read as a decimal point, never as a thousands separator.
      ['a thousands separator', '1,000', 'validation.money.invalid'],
      ['below 2 with a decimal comma', '1,99', 'validation.payment.tooSmall'],
    ])('refuses %s with the contract key', async (_name, credit, key) => {
      const res = await postPayment(t, user, { credit, gateway: 'sandbox' });
      expect(res.statusCode, res.body).toBe(400);
      expect(firstIssue(res.body)).toEqual({ code: 'VALIDATION_ERROR', path: 'credit', message: key });
    });

    // The contract's union answers a missing amount with zod's generic "Invalid input", not the
    // amountRequired key (reported to the lead; flip to `it` once the contract names the key).
    it('refuses a missing amount with the amountRequired key', async () => {
      const res = await postPayment(t, user, { gateway: 'sandbox' });
      expect(res.statusCode, res.body).toBe(400);
      expect(firstIssue(res.body)).toEqual({
        code: 'VALIDATION_ERROR',
        path: 'credit',
        message: 'validation.payment.amountRequired',
      });
    });

    it('refuses a missing amount', async () => {
      const res = await postPayment(t, user, { gateway: 'sandbox' });
      expect(res.statusCode, res.body).toBe(400);
      expect(firstIssue(res.body)).toMatchObject({ code: 'VALIDATION_ERROR', path: 'credit' });
    });

    it('accepts the edges: exactly 2 and just under one million', async () => {
      for (const [credit, price] of [
        [2, '2.00'],
        ['999999.99', '999999.99'],
        [' 12.5 ', '12.50'],
        ['25,5', '25.50'],
      ] as const) {
        const res = await postPayment(t, user, { credit, gateway: 'sandbox' });
        expect(res.statusCode, res.body).toBe(200);
        const row = await paymentRow(t, res.json().data.paymentId);
        expect(row).toMatchObject({ status: 'NEW', fee: 0, credited: 0 });
        const listed = (await listPayments(t, user)).payments.find((p) => p.id === row.id);
        expect(listed).toMatchObject({ price, credit: price, fee: '0.00', status: 'NEW' });
      }
      // Nothing is credited by starting a checkout.
      expect(await balanceText(t, user)).toBe('0.00');
    });

    it('refuses an unknown gateway name as a validation error', async () => {
      const res = await postPayment(t, user, { credit: 10, gateway: 'bitpay' });
      expect(res.statusCode, res.body).toBe(400);
      expect(firstIssue(res.body)).toMatchObject({ code: 'VALIDATION_ERROR', path: 'gateway' });
    });
  });

  describe('fee and gateway failure', () => {
    it.each([
      // 60 × 2.9 % = 1.74
      ['stripe', '60', '60.00', '1.74', '61.74'],
      // 12.50 × 2.9 % = 0.3625 → 0.36
      ['stripe', '12.50', '12.50', '0.36', '12.86'],
      // 2.50 × 3 % = 0.075 → 0.08 (half away from zero)
      ['paypal', '2.50', '2.50', '0.08', '2.58'],
      // 25.55 × 3 % = 0.7665 → 0.77
      ['paypal', '25.55', '25.55', '0.77', '26.32'],
      ['paypal', 999_999.99, '999999.99', '30000.00', '1029999.99'],
    ])(
      '%s %s: fee to 2 decimals, price = credit + fee; an unreachable gateway rejects it (502), nothing credited',
      async (gateway, amount, credit, fee, price) => {
        const user = await newCustomer(all);
        const res = await postPayment(all, user, { credit: amount, gateway });
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json()).toMatchObject({ code: 'GATEWAY_ERROR', data: null });
        const [listed] = (await listPayments(all, user)).payments;
        expect(listed).toMatchObject({
          paymentGateway: gateway,
          status: 'REJECTED',
          overallStatus: 'failed',
          credit,
          fee,
          price,
          creditedAmount: '0.00',
          totalCaptureAmount: null,
          printToken: null,
        });
        const row = await paymentRow(all, listed!.id as number);
        expect(row.failureReason).toBeTruthy();
        expect(await balanceText(all, user)).toBe('0.00');
      },
    );

    it('the sandbox has no fee', async () => {
      const user = await newCustomer(t);
      const res = await postPayment(t, user, { credit: '33.33', gateway: 'sandbox' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await listPayments(t, user)).payments[0]).toMatchObject({
        credit: '33.33',
        fee: '0.00',
        price: '33.33',
      });
    });
  });

  describe('gateways offered', () => {
    it('refuses a gateway this install has not enabled (GATEWAY_NOT_AVAILABLE), storing nothing', async () => {
      const user = await newCustomer(t);
      for (const gateway of ['stripe', 'paypal', 'cryptomus', 'btcpay']) {
        const res = await postPayment(t, user, { credit: 10, gateway });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe('GATEWAY_NOT_AVAILABLE');
      }
      expect((await listPayments(t, user)).totalCount).toBe(0);
    });

    it('GET /payments/gateways lists only the enabled gateways (default: the sandbox)', async () => {
      const one = await t.app.inject({ method: 'GET', url: '/api/payments/gateways' });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data).toEqual([expect.objectContaining({ name: 'sandbox', feePercent: '0' })]);
      const every = await all.app.inject({ method: 'GET', url: '/api/payments/gateways' });
      expect(
        (every.json().data as { name: string; feePercent: string }[]).map((g) => [g.name, g.feePercent]),
      ).toEqual([
        ['paypal', '0.03'],
        ['stripe', '0.029'],
        ['cryptomus', '0.01'],
        ['btcpay', '0'],
        ['sandbox', '0'],
      ]);
    });
  });

  describe('KYC', () => {
    it.each(['cryptomus', 'btcpay'])(
      '%s needs an approved KYC (403), then passes the rules',
      async (gateway) => {
        const user = await newCustomer(all);
        const refused = await postPayment(all, user, { credit: 10, gateway });
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('KYC_REQUIRED_FOR_PAYMENT');
        await setKyc(all, user.id, 'rejected');
        expect((await postPayment(all, user, { credit: 10, gateway })).json().code).toBe(
          'KYC_REQUIRED_FOR_PAYMENT',
        );
        expect((await listPayments(all, user)).totalCount).toBe(0);

        await setKyc(all, user.id, 'approved');
        // Past the rules, the checkout reaches the (unreachable) gateway.
        const passed = await postPayment(all, user, { credit: 10, gateway });
        expect(passed.statusCode, passed.body).toBe(502);
        expect(passed.json().code).toBe('GATEWAY_ERROR');
        expect((await listPayments(all, user)).totalCount).toBe(1);
      },
    );

    it('card and PayPal payments need no KYC', async () => {
      const user = await newCustomer(all);
      for (const gateway of ['stripe', 'paypal']) {
        expect((await postPayment(all, user, { credit: 10, gateway })).json().code).toBe('GATEWAY_ERROR');
      }
      expect((await postPayment(all, user, { credit: 10, gateway: 'sandbox' })).statusCode).toBe(200);
    });
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: { credit: 10, gateway: 'sandbox' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
  });
});
