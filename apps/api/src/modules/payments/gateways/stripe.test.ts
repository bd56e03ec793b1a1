import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayRequestError, InvalidWebhookSignatureError, type PaymentGatewayAdapter } from './gateway';
import { checkoutInput, formOf, type Loopback, startLoopback } from './loopback.test-helpers';
import { createStripeGateway } from './stripe';

const SECRET_KEY = 'sk_test_nimbus';
const WEBHOOK_SECRET = 'whsec_nimbus';

const card = {
  externalId: 'pm_1',
  externalCustomerId: 'cus_1',
  brand: 'visa',
  last4: '4242',
  name: 'Ada Lovelace',
  expMonth: 12,
  expYear: 2031,
};
const paymentMethod = {
  id: 'pm_1',
  object: 'payment_method',
  customer: 'cus_1',
  billing_details: { name: 'Ada Lovelace' },
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
};

describe('Stripe gateway', () => {
  let api: Loopback;
  let stripe: PaymentGatewayAdapter;
  beforeAll(async () => {
    api = await startLoopback();
    stripe = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: api.url });
  });
  afterAll(() => api.close());
  beforeEach(() => api.reset());

  describe('webhook signature', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {},
    });
    const sign = (body: string, secret = WEBHOOK_SECRET) =>
      Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret });

    it('accepts a correctly signed event', async () => {
      const envelope = await stripe.parseWebhook(payload, { 'stripe-signature': await sign(payload) });
      expect(envelope).toEqual({
        eventId: 'evt_1',
        eventType: 'checkout.session.completed',
        body: JSON.parse(payload),
      });
    });

    it('refuses a wrongly signed, unsigned or tampered event', async () => {
      const wrong = await sign(payload, 'whsec_other');
      await expect(stripe.parseWebhook(payload, { 'stripe-signature': wrong })).rejects.toThrow(
        InvalidWebhookSignatureError,
      );
      await expect(stripe.parseWebhook(payload, {})).rejects.toThrow(InvalidWebhookSignatureError);
      const tampered = payload.replace('evt_1', 'evt_2');
      await expect(
        stripe.parseWebhook(tampered, { 'stripe-signature': await sign(payload) }),
      ).rejects.toThrow(InvalidWebhookSignatureError);
    });
  });

  describe('checkout', () => {
    const session = { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_1' };

    it('creates a payment session for the price in cents, with our id on it', async () => {
      api.reply('POST', '/v1/checkout/sessions', { body: session });
      const result = await stripe.createCheckout(checkoutInput());
      expect(result).toEqual({ externalId: 'cs_1', url: session.url, postData: null });

      const [request] = api.requestsTo('POST', '/v1/checkout/sessions');
      expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(request?.headers['idempotency-key']).toBe('checkout-42');
      expect(Object.fromEntries(formOf(request))).toEqual({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '6180',
        'line_items[0][price_data][product_data][name]': 'Nimbus credit top-up',
        client_reference_id: '42',
        'metadata[paymentId]': '42',
        'payment_intent_data[metadata][paymentId]': '42',
        customer_email: 'ada@example.com',
        success_url: 'https://panel.example.com/payments/result/success',
        cancel_url: 'https://panel.example.com/payments/result/cancel',
      });
      expect(api.requestsTo('POST', '/v1/customers')).toHaveLength(0);
    });

    it('creates a customer and asks to keep the card when the card is to be saved', async () => {
      api.reply('POST', '/v1/customers', { body: { id: 'cus_new', object: 'customer' } });
      api.reply('POST', '/v1/checkout/sessions', { body: session });
      const result = await stripe.createCheckout(checkoutInput({ saveCard: true }));
      expect(result.externalCustomerId).toBe('cus_new');

      const [customer] = api.requestsTo('POST', '/v1/customers');
      expect(customer?.headers['idempotency-key']).toBe('checkout-42-customer');
      expect(formOf(customer).get('email')).toBe('ada@example.com');
      const form = formOf(api.requestsTo('POST', '/v1/checkout/sessions')[0]);
      expect(form.get('customer')).toBe('cus_new');
      expect(form.get('customer_email')).toBeNull();
      expect(form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
      expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    });

    it('reuses a known customer', async () => {
      api.reply('POST', '/v1/checkout/sessions', { body: session });
      const customer = { ...checkoutInput().customer, externalCustomerId: 'cus_known' };
      const result = await stripe.createCheckout(checkoutInput({ saveCard: true, customer }));
      expect(result.externalCustomerId).toBeUndefined();
      expect(api.requestsTo('POST', '/v1/customers')).toHaveLength(0);
      expect(formOf(api.requestsTo('POST', '/v1/checkout/sessions')[0]).get('customer')).toBe('cus_known');
    });

    it('creates a setup session to save a card only', async () => {
      api.reply('POST', '/v1/customers', { body: { id: 'cus_new', object: 'customer' } });
      api.reply('POST', '/v1/checkout/sessions', { body: session });
      await stripe.createCheckout(checkoutInput({ mode: 'setup', price: 0 }));
      const form = formOf(api.requestsTo('POST', '/v1/checkout/sessions')[0]);
      expect(form.get('mode')).toBe('setup');
      expect(form.get('customer')).toBe('cus_new');
      expect(form.get('allowed_payment_method_types[0]')).toBe('card');
      expect(form.get('setup_intent_data[metadata][paymentId]')).toBe('42');
      expect(form.get('line_items[0][quantity]')).toBeNull();
    });

    it('reports an API error as a gateway error', async () => {
      api.reply('POST', '/v1/checkout/sessions', {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'Invalid currency' } },
      });
      await expect(stripe.createCheckout(checkoutInput())).rejects.toThrow(GatewayRequestError);
    });
  });

  describe('interpretation of events', () => {
    const event = (type: string, object: Record<string, unknown>) => ({
      eventId: 'evt_1',
      eventType: type,
      body: { id: 'evt_1', object: 'event', type, data: { object } },
    });
    const session = (extra: Record<string, unknown>) => ({
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'payment',
      metadata: { paymentId: '42' },
      client_reference_id: '42',
      amount_total: 6180,
      payment_intent: 'pi_1',
      customer: null,
      ...extra,
    });
    const fromSession = { paymentId: 42, externalId: 'cs_1', trackingId: 'pi_1' };
    const fromIntent = { paymentId: 42, externalId: 'pi_1', trackingId: 'pi_1' };
    const intent = (extra: Record<string, unknown>) => ({
      id: 'pi_1',
      object: 'payment_intent',
      metadata: { paymentId: '42', offSession: 'true' },
      amount_received: 2500,
      ...extra,
    });

    it.each([
      [
        'a paid checkout',
        event('checkout.session.completed', session({ payment_status: 'paid' })),
        { ...fromSession, status: 'PAID', received: 61_800_000 },
      ],
      [
        'a checkout waiting for an asynchronous payment',
        event('checkout.session.completed', session({ payment_status: 'unpaid' })),
        { ...fromSession, status: 'PENDING', received: null },
      ],
      [
        'an asynchronous payment that succeeded',
        event('checkout.session.async_payment_succeeded', session({ payment_status: 'paid' })),
        { ...fromSession, status: 'PAID', received: 61_800_000 },
      ],
      [
        'an asynchronous payment that failed',
        event('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' })),
        { ...fromSession, status: 'REJECTED', received: null },
      ],
      [
        'an expired checkout',
        event('checkout.session.expired', session({ payment_status: 'unpaid', payment_intent: null })),
        { ...fromSession, trackingId: null, status: 'REJECTED', received: null },
      ],
      [
        'an off-session charge that succeeded',
        event('payment_intent.succeeded', intent({ status: 'succeeded' })),
        { ...fromIntent, status: 'PAID', received: 25_000_000 },
      ],
      [
        'an off-session charge that failed',
        event(
          'payment_intent.payment_failed',
          intent({
            amount_received: 0,
            last_payment_error: { code: 'card_declined', decline_code: 'expired_card' },
          }),
        ),
        { ...fromIntent, status: 'REJECTED', received: null, failureReason: 'expired_card' },
      ],
    ])('maps %s', async (_name, envelope, expected) => {
      const events = await stripe.interpretWebhook(envelope);
      expect(events).toEqual([expect.objectContaining(expected)]);
      expect(api.requests).toHaveLength(0);
    });

    it('ignores a failed attempt inside a checkout page and unknown events', async () => {
      const inCheckout = intent({
        metadata: { paymentId: '42' },
        last_payment_error: { code: 'card_declined' },
      });
      expect(await stripe.interpretWebhook(event('payment_intent.payment_failed', inCheckout))).toEqual([]);
      expect(await stripe.interpretWebhook(event('customer.created', { id: 'cus_1' }))).toEqual([]);
      expect(
        await stripe.interpretWebhook(event('charge.refunded', { id: 'ch_1', refunded: false })),
      ).toEqual([]);
      expect(
        await stripe.interpretWebhook(
          event('charge.dispute.closed', { id: 'dp_1', status: 'warning_closed' }),
        ),
      ).toEqual([]);
    });

    it.each([
      ['charge.refunded', { id: 'ch_1', object: 'charge', refunded: true, metadata: {} }, 'REFUNDED'],
      [
        'charge.dispute.created',
        { id: 'dp_1', object: 'dispute', status: 'needs_response' },
        'DISPUTE_SUBMITTED',
      ],
      ['charge.dispute.closed', { id: 'dp_1', object: 'dispute', status: 'won' }, 'DISPUTE_WON'],
      ['charge.dispute.closed', { id: 'dp_1', object: 'dispute', status: 'lost' }, 'DISPUTE_LOST'],
    ])('maps %s (%o) through the PaymentIntent to our payment', async (type, object, status) => {
      api.reply('GET', '/v1/payment_intents/pi_1', { body: intent({ metadata: { paymentId: '42' } }) });
      const events = await stripe.interpretWebhook(
        event(type, { ...object, payment_intent: 'pi_1', metadata: {} }),
      );
      expect(events).toEqual([{ ...fromIntent, status, received: null }]);
    });

    it('finds the PaymentIntent through the charge when a dispute lacks it', async () => {
      api.reply('GET', '/v1/charges/ch_1', {
        body: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' },
      });
      api.reply('GET', '/v1/payment_intents/pi_1', { body: intent({ metadata: { paymentId: '42' } }) });
      const dispute = {
        id: 'dp_1',
        object: 'dispute',
        status: 'needs_response',
        charge: 'ch_1',
        payment_intent: null,
      };
      const events = await stripe.interpretWebhook(event('charge.dispute.created', dispute));
      expect(events).toEqual([{ ...fromIntent, status: 'DISPUTE_SUBMITTED', received: null }]);
    });

    it('returns the card a paid checkout saved', async () => {
      api.reply('GET', '/v1/payment_intents/pi_1', {
        body: intent({ setup_future_usage: 'off_session', payment_method: paymentMethod }),
      });
      const completed = session({ payment_status: 'paid', customer: 'cus_1' });
      const [paid] = await stripe.interpretWebhook(event('checkout.session.completed', completed));
      expect(paid).toMatchObject({ ...fromSession, status: 'PAID', received: 61_800_000, savedCard: card });
      expect(api.requestsTo('GET', '/v1/payment_intents/pi_1')[0]?.query.get('expand[0]')).toBe(
        'payment_method',
      );
    });

    it('keeps no card when the checkout did not ask to save one', async () => {
      api.reply('GET', '/v1/payment_intents/pi_1', {
        body: intent({ setup_future_usage: null, payment_method: 'pm_1' }),
      });
      const completed = session({ payment_status: 'paid', customer: 'cus_1' });
      const [paid] = await stripe.interpretWebhook(event('checkout.session.completed', completed));
      expect(paid?.savedCard).toBeUndefined();
    });

    it('returns only the card for a setup checkout', async () => {
      api.reply('GET', '/v1/setup_intents/seti_1', {
        body: { id: 'seti_1', object: 'setup_intent', payment_method: paymentMethod },
      });
      const setup = session({
        mode: 'setup',
        payment_status: 'no_payment_required',
        amount_total: null,
        payment_intent: null,
        setup_intent: 'seti_1',
        customer: 'cus_1',
      });
      const events = await stripe.interpretWebhook(event('checkout.session.completed', setup));
      expect(events).toEqual([
        expect.objectContaining({
          paymentId: 42,
          externalId: 'cs_1',
          status: null,
          received: null,
          savedCard: card,
        }),
      ]);
    });
  });

  describe('off-session charge of a saved card', () => {
    const charge = (idempotencyKey = 'auto-recharge-9') =>
      stripe.chargeSavedCard!({
        paymentId: 43,
        amount: 25_000_000,
        currency: 'USD',
        description: 'Auto-recharge',
        card,
        idempotencyKey,
      });

    it('confirms a PaymentIntent off-session with the idempotency key', async () => {
      api.reply('POST', '/v1/payment_intents', {
        body: { id: 'pi_2', object: 'payment_intent', status: 'succeeded', amount_received: 2500 },
      });
      expect(await charge()).toEqual({
        outcome: 'succeeded',
        externalId: 'pi_2',
        received: 25_000_000,
        trackingId: 'pi_2',
      });
      const [request] = api.requestsTo('POST', '/v1/payment_intents');
      expect(request?.headers['idempotency-key']).toBe('auto-recharge-9');
      expect(Object.fromEntries(formOf(request))).toMatchObject({
        amount: '2500',
        currency: 'usd',
        customer: 'cus_1',
        payment_method: 'pm_1',
        off_session: 'true',
        confirm: 'true',
        'metadata[paymentId]': '43',
      });
    });

    it('reports a charge still processing as pending', async () => {
      api.reply('POST', '/v1/payment_intents', {
        body: { id: 'pi_2', object: 'payment_intent', status: 'processing', amount_received: 0 },
      });
      expect(await charge()).toEqual({ outcome: 'pending', externalId: 'pi_2' });
    });

    it.each([
      ['card_declined', 'insufficient_funds', 'card_declined: insufficient_funds'],
      ['authentication_required', undefined, 'authentication_required'],
    ])('turns a card error (%s) into a decline', async (code, declineCode, reason) => {
      api.reply('POST', '/v1/payment_intents', {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code,
            decline_code: declineCode,
            message: 'Your card was declined.',
            payment_intent: { id: 'pi_2', object: 'payment_intent', status: 'requires_payment_method' },
          },
        },
      });
      expect(await charge()).toEqual({ outcome: 'declined', externalId: 'pi_2', reason });
    });

    it('throws on other errors, and a retry sends the same idempotency key', async () => {
      api.reply('POST', '/v1/payment_intents', {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'No such customer' } },
      });
      await expect(charge()).rejects.toThrow(GatewayRequestError);
      await expect(charge()).rejects.toThrow(GatewayRequestError);
      const keys = api.requestsTo('POST', '/v1/payment_intents').map((r) => r.headers['idempotency-key']);
      expect(keys).toEqual(['auto-recharge-9', 'auto-recharge-9']);
    });
  });
});
