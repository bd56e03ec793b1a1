import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { balanceOf } from '../billing/billing.test-helpers';
import { allGatewaysConfigured } from './gateways/gateways.test-config';
import { insertPayment, newCustomer, processInbox } from './payments.test-helpers';

/** A real adapter's webhook through the HTTP route: the signature is checked on the exact raw bytes. */
describe('Stripe webhook route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedLimits, ...allGatewaysConfigured });
  });
  afterAll(() => t.close());

  const secret = allGatewaysConfigured.STRIPE_WEBHOOK_SECRET as string;
  const deliver = async (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    });

  it('credits a completed Checkout Session once, and refuses a body changed after signing', async () => {
    const user = await newCustomer(t);
    const payment = await insertPayment(t, user.id, {
      gateway: 'stripe',
      credit: 60_000_000,
      fee: 1_740_000,
      externalId: 'cs_test_route_1',
      description: 'Top-up of $60.00 via card (Stripe)',
    });
    // Spacing and key order as Stripe sends them: the signature covers these exact bytes.
    const body = JSON.stringify(
      {
        id: 'evt_route_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_route_1',
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
            amount_total: 6174,
            client_reference_id: String(payment.id),
            metadata: { paymentId: String(payment.id) },
            payment_intent: 'pi_route_1',
          },
        },
      },
      null,
      2,
    );
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret });

    const tampered = await deliver(body.replace('6174', '9999'), signature);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('INVALID_WEBHOOK_SIGNATURE');

    const first = await deliver(body, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    expect((await deliver(body, signature)).json().data.duplicate).toBe(true);

    await processInbox(t);
    await processInbox(t);
    expect(await balanceOf(t.db, user.id)).toBe(60_000_000);
  });
});
