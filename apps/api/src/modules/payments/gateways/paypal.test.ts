import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayRequestError, InvalidWebhookSignatureError, type PaymentGatewayAdapter } from './gateway';
import { checkoutInput, jsonOf, type Loopback, startLoopback } from './loopback.test-helpers';
import { createPaypalGateway } from './paypal';

const VERIFY = '/v1/notifications/verify-webhook-signature';
const transmission = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api-m.paypal.com/v1/notifications/certs/CERT-1',
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-sig': 'good-signature',
  'paypal-transmission-time': '2026-02-18T20:01:35Z',
};

const capture = (extra: Record<string, unknown> = {}) => ({
  id: 'CAP1',
  status: 'COMPLETED',
  amount: { currency_code: 'USD', value: '61.80' },
  custom_id: '42',
  supplementary_data: { related_ids: { order_id: 'ORDER1' } },
  ...extra,
});
const order = (captureExtra: Record<string, unknown> = {}) => ({
  id: 'ORDER1',
  status: 'COMPLETED',
  purchase_units: [{ reference_id: '42', custom_id: '42', payments: { captures: [capture(captureExtra)] } }],
});
const webhook = (eventType: string, resource: unknown) => ({
  eventId: 'WH-1',
  eventType,
  body: { id: 'WH-1', event_type: eventType, resource },
});
const approved = webhook('CHECKOUT.ORDER.APPROVED', {
  id: 'ORDER1',
  status: 'APPROVED',
  purchase_units: [{ reference_id: '42', custom_id: '42' }],
});

describe('PayPal gateway', () => {
  let api: Loopback;
  let paypal: PaymentGatewayAdapter;
  beforeAll(async () => {
    api = await startLoopback();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.reset();
    api.reply('POST', '/v1/oauth2/token', {
      body: { access_token: 'A21-token', token_type: 'Bearer', expires_in: 32400 },
    });
    // A new adapter per test, so each starts without a cached token.
    paypal = createPaypalGateway({
      clientId: 'client',
      clientSecret: 'secret',
      webhookId: 'WH-ID-1',
      apiUrl: api.url,
    });
  });

  describe('webhook signature', () => {
    const rawBody =
      '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"amount":{"value":"61.80"}}}';
    const sent = JSON.parse(rawBody);
    beforeEach(() => {
      // PayPal's verdict: the signature matches only the event as it was sent.
      api.reply('POST', VERIFY, (request) => {
        const body = jsonOf(request) as { transmission_sig: string; webhook_event: unknown };
        const valid =
          body.transmission_sig === 'good-signature' &&
          JSON.stringify(body.webhook_event) === JSON.stringify(sent);
        return { body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
      });
    });

    it('accepts a webhook PayPal verifies, sending the event back unchanged', async () => {
      const envelope = await paypal.parseWebhook(rawBody, transmission);
      expect(envelope).toEqual({ eventId: 'WH-1', eventType: 'PAYMENT.CAPTURE.COMPLETED', body: sent });

      const [request] = api.requestsTo('POST', VERIFY);
      expect(request?.headers.authorization).toBe('Bearer A21-token');
      expect(request?.body).toContain(`"webhook_event":${rawBody}`);
      expect(jsonOf(request)).toEqual({
        auth_algo: 'SHA256withRSA',
        cert_url: 'https://api-m.paypal.com/v1/notifications/certs/CERT-1',
        transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
        transmission_sig: 'good-signature',
        transmission_time: '2026-02-18T20:01:35Z',
        webhook_id: 'WH-ID-1',
        webhook_event: sent,
      });
    });

    it('refuses a wrongly signed, unsigned or tampered webhook', async () => {
      const wrong = { ...transmission, 'paypal-transmission-sig': 'forged' };
      await expect(paypal.parseWebhook(rawBody, wrong)).rejects.toThrow(InvalidWebhookSignatureError);
      await expect(paypal.parseWebhook(rawBody, {})).rejects.toThrow(InvalidWebhookSignatureError);
      const tampered = rawBody.replace('61.80', '6180.00');
      await expect(paypal.parseWebhook(tampered, transmission)).rejects.toThrow(InvalidWebhookSignatureError);
      await expect(paypal.parseWebhook('not json', transmission)).rejects.toThrow(
        InvalidWebhookSignatureError,
      );
      // The unsigned and unreadable ones never reach PayPal.
      expect(api.requestsTo('POST', VERIFY)).toHaveLength(2);
    });

    it('reports PayPal being unavailable as a gateway error, not a bad signature', async () => {
      api.reset();
      api.reply('POST', '/v1/oauth2/token', { body: { access_token: 'A21-token', expires_in: 32400 } });
      api.reply('POST', VERIFY, { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } });
      await expect(paypal.parseWebhook(rawBody, transmission)).rejects.toThrow(GatewayRequestError);
    });
  });

  describe('checkout', () => {
    const created = {
      id: 'ORDER1',
      status: 'PAYER_ACTION_REQUIRED',
      links: [
        { rel: 'self', href: 'https://api-m.paypal.com/v2/checkout/orders/ORDER1' },
        { rel: 'payer-action', href: 'https://www.paypal.com/checkoutnow?token=ORDER1' },
      ],
    };

    it('creates an order to capture for the exact amount and redirects to its approval link', async () => {
      api.reply('POST', '/v2/checkout/orders', { status: 201, body: created });
      const result = await paypal.createCheckout(checkoutInput());
      expect(result).toEqual({
        externalId: 'ORDER1',
        url: 'https://www.paypal.com/checkoutnow?token=ORDER1',
        postData: null,
      });

      const [token] = api.requestsTo('POST', '/v1/oauth2/token');
      expect(token?.headers.authorization).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
      expect(token?.body).toBe('grant_type=client_credentials');
      const [request] = api.requestsTo('POST', '/v2/checkout/orders');
      expect(request?.headers.authorization).toBe('Bearer A21-token');
      expect(request?.headers['paypal-request-id']).toBe('checkout-42');
      expect(jsonOf(request)).toEqual({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: '42',
            custom_id: '42',
            description: 'Nimbus credit top-up',
            amount: { currency_code: 'USD', value: '61.80' },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: 'https://panel.example.com/payments/result/success',
              cancel_url: 'https://panel.example.com/payments/result/cancel',
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      });
    });

    it('keeps the access token until it expires', async () => {
      api.reply('POST', '/v2/checkout/orders', { status: 201, body: created });
      await paypal.createCheckout(checkoutInput());
      await paypal.createCheckout(checkoutInput({ paymentId: 43 }));
      expect(api.requestsTo('POST', '/v1/oauth2/token')).toHaveLength(1);
    });

    it('fetches a new token once when PayPal no longer accepts the cached one', async () => {
      api.reply(
        'POST',
        '/v2/checkout/orders',
        { status: 401, body: { error: 'invalid_token' } },
        { status: 201, body: created },
      );
      await paypal.createCheckout(checkoutInput());
      expect(api.requestsTo('POST', '/v1/oauth2/token')).toHaveLength(2);
    });

    it('reports a refused order as a gateway error', async () => {
      api.reply('POST', '/v2/checkout/orders', { status: 422, body: { name: 'UNPROCESSABLE_ENTITY' } });
      await expect(paypal.createCheckout(checkoutInput())).rejects.toThrow(GatewayRequestError);
    });
  });

  describe('capture when the payer approves', () => {
    const capturePath = '/v2/checkout/orders/ORDER1/capture';
    const paid = {
      paymentId: 42,
      externalId: 'ORDER1',
      status: 'PAID',
      received: 61_800_000,
      trackingId: 'CAP1',
    };

    it('captures the order and reports what was received', async () => {
      api.reply('POST', capturePath, { status: 201, body: order() });
      expect(await paypal.interpretWebhook(approved)).toEqual([expect.objectContaining(paid)]);
      const [request] = api.requestsTo('POST', capturePath);
      expect(request?.headers['paypal-request-id']).toBe('capture-ORDER1');
      expect(request?.headers.prefer).toBe('return=representation');
    });

    it.each([
      ['PENDING', { status: 'PENDING', received: null }],
      ['DECLINED', { status: 'REJECTED', received: null }],
      ['FAILED', { status: 'REJECTED', received: null }],
    ])('maps a %s capture', async (captureStatus, expected) => {
      api.reply('POST', capturePath, { status: 201, body: order({ status: captureStatus }) });
      expect(await paypal.interpretWebhook(approved)).toEqual([
        expect.objectContaining({ paymentId: 42, externalId: 'ORDER1', ...expected }),
      ]);
    });

    it('reads an order that was already captured instead of failing, as often as asked', async () => {
      api.reply('POST', capturePath, {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
      });
      api.reply('GET', '/v2/checkout/orders/ORDER1', { body: order() });
      expect(await paypal.interpretWebhook(approved)).toEqual([expect.objectContaining(paid)]);
      expect(await paypal.interpretWebhook(approved)).toEqual([expect.objectContaining(paid)]);
      expect(api.requestsTo('GET', '/v2/checkout/orders/ORDER1')).toHaveLength(2);
    });

    it('rejects the payment when PayPal refuses the capture for good', async () => {
      api.reply('POST', capturePath, {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] },
      });
      expect(await paypal.interpretWebhook(approved)).toEqual([
        {
          paymentId: 42,
          externalId: 'ORDER1',
          status: 'REJECTED',
          received: null,
          failureReason: 'INSTRUMENT_DECLINED',
        },
      ]);
    });

    it('throws when PayPal fails, so the event is interpreted again later', async () => {
      api.reply('POST', capturePath, { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } });
      await expect(paypal.interpretWebhook(approved)).rejects.toThrow(GatewayRequestError);
    });
  });

  describe('interpretation of events', () => {
    const fromCapture = { paymentId: 42, externalId: 'ORDER1', trackingId: 'CAP1' };

    it.each([
      ['PAYMENT.CAPTURE.COMPLETED', capture(), { status: 'PAID', received: 61_800_000 }],
      [
        'PAYMENT.CAPTURE.COMPLETED',
        capture({ amount: { currency_code: 'USD', value: '0.05' } }),
        { status: 'PAID', received: 50_000 },
      ],
      ['PAYMENT.CAPTURE.PENDING', capture({ status: 'PENDING' }), { status: 'PENDING', received: null }],
      ['PAYMENT.CAPTURE.DENIED', capture({ status: 'DECLINED' }), { status: 'REJECTED', received: null }],
      ['PAYMENT.CAPTURE.DECLINED', capture({ status: 'DECLINED' }), { status: 'REJECTED', received: null }],
    ])('maps %s', async (type, resource, expected) => {
      expect(await paypal.interpretWebhook(webhook(type, resource))).toEqual([
        expect.objectContaining({ ...fromCapture, ...expected }),
      ]);
    });

    const refund = {
      id: 'REF1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '61.80' },
      links: [{ rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/CAP1' }],
    };

    it.each([
      ['PAYMENT.CAPTURE.REFUNDED', 'REFUNDED', 'REFUNDED'],
      ['PAYMENT.CAPTURE.REVERSED', 'REVERSED', 'REFUNDED'],
    ])('maps %s once the capture is fully refunded', async (type, captureStatus, status) => {
      api.reply('GET', '/v2/payments/captures/CAP1', { body: capture({ status: captureStatus }) });
      expect(await paypal.interpretWebhook(webhook(type, refund))).toEqual([
        expect.objectContaining({ ...fromCapture, status, received: null }),
      ]);
    });

    it('leaves a partly refunded payment as it is', async () => {
      api.reply('GET', '/v2/payments/captures/CAP1', { body: capture({ status: 'PARTIALLY_REFUNDED' }) });
      expect(await paypal.interpretWebhook(webhook('PAYMENT.CAPTURE.REFUNDED', refund))).toEqual([]);
    });

    const dispute = (extra: Record<string, unknown> = {}) => ({
      dispute_id: 'PP-D-1',
      disputed_transactions: [{ seller_transaction_id: 'CAP1', custom: '42' }],
      ...extra,
    });

    it.each([
      ['CUSTOMER.DISPUTE.CREATED', dispute({ status: 'OPEN' }), 'DISPUTE_SUBMITTED'],
      [
        'CUSTOMER.DISPUTE.RESOLVED',
        dispute({ dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } }),
        'DISPUTE_WON',
      ],
      [
        'CUSTOMER.DISPUTE.RESOLVED',
        dispute({ dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' } }),
        'DISPUTE_LOST',
      ],
    ])('maps %s', async (type, resource, status) => {
      expect(await paypal.interpretWebhook(webhook(type, resource))).toEqual([
        { paymentId: 42, externalId: null, status, received: null, trackingId: 'CAP1' },
      ]);
    });

    it('finds our payment through the capture when the dispute does not name it', async () => {
      api.reply('GET', '/v2/payments/captures/CAP1', { body: capture() });
      const resource = dispute({ disputed_transactions: [{ seller_transaction_id: 'CAP1' }] });
      expect(await paypal.interpretWebhook(webhook('CUSTOMER.DISPUTE.CREATED', resource))).toEqual([
        { ...fromCapture, status: 'DISPUTE_SUBMITTED', received: null },
      ]);
    });

    it('ignores other events', async () => {
      expect(await paypal.interpretWebhook(webhook('CHECKOUT.ORDER.COMPLETED', order()))).toEqual([]);
      expect(await paypal.interpretWebhook(webhook('CUSTOMER.DISPUTE.RESOLVED', dispute()))).toEqual([]);
    });
  });
});
