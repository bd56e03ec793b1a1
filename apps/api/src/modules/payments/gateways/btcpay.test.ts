import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBtcpayGateway } from './btcpay';
import { GatewayRequestError, InvalidWebhookSignatureError, type PaymentGatewayAdapter } from './gateway';
import { checkoutInput, jsonOf, type Loopback, startLoopback } from './loopback.test-helpers';

const SECRET = 'btcpay-webhook-secret';
const INVOICES = '/api/v1/stores/store-1/invoices';
const sig = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('BTCPay gateway', () => {
  let api: Loopback;
  let btcpay: PaymentGatewayAdapter;
  beforeAll(async () => {
    api = await startLoopback();
    btcpay = createBtcpayGateway({
      url: api.url,
      apiKey: 'api-key-1',
      storeId: 'store-1',
      webhookSecret: SECRET,
    });
  });
  afterAll(() => api.close());
  beforeEach(() => api.reset());

  describe('webhook signature', () => {
    const rawBody = JSON.stringify({
      deliveryId: 'dlv-1',
      webhookId: 'wh-1',
      originalDeliveryId: 'dlv-1',
      isRedelivery: false,
      type: 'InvoiceSettled',
      timestamp: 1760000000,
      storeId: 'store-1',
      invoiceId: 'inv-1',
      metadata: { orderId: 'nimbus-42', paymentId: 42 },
      overPaid: false,
    });

    it('accepts a correctly signed webhook', async () => {
      const envelope = await btcpay.parseWebhook(rawBody, { 'btcpay-sig': sig(rawBody) });
      expect(envelope).toEqual({ eventId: 'dlv-1', eventType: 'InvoiceSettled', body: JSON.parse(rawBody) });
    });

    it('refuses a wrongly signed, unsigned or tampered webhook', async () => {
      const bad = (body: string, headers: Record<string, string>) =>
        expect(btcpay.parseWebhook(body, headers)).rejects.toThrow(InvalidWebhookSignatureError);
      await bad(rawBody, { 'btcpay-sig': sig(rawBody, 'other-secret') });
      await bad(rawBody, {});
      await bad(rawBody, { 'btcpay-sig': sig(rawBody).replace('sha256=', '') });
      await bad(rawBody.replace('"overPaid":false', '"overPaid":true'), { 'btcpay-sig': sig(rawBody) });
    });
  });

  describe('checkout', () => {
    it('creates an invoice for the exact amount with our ids and redirects to it', async () => {
      api.reply('POST', INVOICES, {
        body: { id: 'inv-1', checkoutLink: 'https://btcpay.example.com/i/inv-1' },
      });
      const result = await btcpay.createCheckout(checkoutInput());
      expect(result).toEqual({
        externalId: 'inv-1',
        url: 'https://btcpay.example.com/i/inv-1',
        postData: null,
      });

      const [request] = api.requestsTo('POST', INVOICES);
      expect(request?.headers.authorization).toBe('token api-key-1');
      expect(jsonOf(request)).toEqual({
        amount: '61.80',
        currency: 'USD',
        metadata: { orderId: 'nimbus-42', paymentId: 42 },
        checkout: {
          redirectURL: 'https://panel.example.com/payments/result/success',
          redirectAutomatically: true,
        },
      });
    });

    it('reports a refused invoice as a gateway error', async () => {
      api.reply('POST', INVOICES, {
        status: 403,
        body: { code: 'missing-permission', message: 'Not allowed' },
      });
      await expect(btcpay.createCheckout(checkoutInput())).rejects.toThrow(GatewayRequestError);
    });
  });

  describe('interpretation of events', () => {
    const envelope = (type: string, extra: Record<string, unknown> = {}) => ({
      eventId: 'dlv-1',
      eventType: type,
      body: { deliveryId: 'dlv-1', type, invoiceId: 'inv-1', metadata: { paymentId: 42 }, ...extra },
    });
    const paid = (btc: string, lightning = '0') => [
      { paymentMethodId: 'BTC-CHAIN', rate: '61800', paymentMethodPaid: btc, payments: [{ id: 'tx-1-0' }] },
      { paymentMethodId: 'BTC-LN', rate: '61800.00', paymentMethodPaid: lightning, payments: [] },
    ];

    it.each([
      ['InvoiceReceivedPayment', {}, paid('0.0005'), 'PENDING', 30_900_000],
      ['InvoiceProcessing', {}, paid('0.001'), 'PENDING', 61_800_000],
      ['InvoiceSettled', { overPaid: false }, paid('0.0006', '0.0004'), 'PAID', 61_800_000],
      ['InvoiceSettled', { overPaid: true }, paid('0.0012'), 'OVERPAID', 74_160_000],
      ['InvoiceExpired', { partiallyPaid: true }, paid('0.0005'), 'UNDERPAID', 30_900_000],
    ])('maps %s %o with the amount paid', async (type, extra, methods, status, received) => {
      api.reply('GET', `${INVOICES}/inv-1/payment-methods`, { body: methods });
      expect(await btcpay.interpretWebhook(envelope(type, extra))).toEqual([
        expect.objectContaining({
          paymentId: 42,
          externalId: 'inv-1',
          status,
          received,
          trackingId: 'tx-1-0',
        }),
      ]);
    });

    it.each([
      ['InvoiceExpired', { partiallyPaid: false }],
      ['InvoiceInvalid', {}],
    ])('rejects on %s %o without reading amounts', async (type, extra) => {
      expect(await btcpay.interpretWebhook(envelope(type, extra))).toEqual([
        expect.objectContaining({ paymentId: 42, externalId: 'inv-1', status: 'REJECTED', received: null }),
      ]);
      expect(api.requests).toHaveLength(0);
    });

    it('values payments exactly and rounds half up to the micro', async () => {
      // 0.00012345 × 50000.5 = 6.172561725 → 6.172562; 0.1 × 3 = 0.3
      api.reply('GET', `${INVOICES}/inv-1/payment-methods`, {
        body: [
          { rate: '50000.5', paymentMethodPaid: '0.00012345' },
          { rate: '3', paymentMethodPaid: '0.1' },
        ],
      });
      const [event] = await btcpay.interpretWebhook(envelope('InvoiceSettled'));
      expect(event?.received).toBe(6_472_562);
    });

    it('reads our payment id from the invoice when the webhook lacks it', async () => {
      api.reply('GET', `${INVOICES}/inv-1`, { body: { id: 'inv-1', metadata: { orderId: 'nimbus-42' } } });
      api.reply('GET', `${INVOICES}/inv-1/payment-methods`, { body: paid('0.001') });
      const [event] = await btcpay.interpretWebhook(envelope('InvoiceSettled', { metadata: {} }));
      expect(event).toMatchObject({ paymentId: 42, status: 'PAID', received: 61_800_000 });
      expect(api.requestsTo('GET', `${INVOICES}/inv-1`)[0]?.headers.authorization).toBe('token api-key-1');
    });

    it('ignores other events', async () => {
      expect(await btcpay.interpretWebhook(envelope('InvoiceCreated'))).toEqual([]);
      expect(await btcpay.interpretWebhook(envelope('InvoicePaymentSettled'))).toEqual([]);
    });

    it('throws when BTCPay fails, so the event is interpreted again later', async () => {
      api.reply('GET', `${INVOICES}/inv-1/payment-methods`, { status: 502, body: 'Bad gateway' });
      await expect(btcpay.interpretWebhook(envelope('InvoiceSettled'))).rejects.toThrow(GatewayRequestError);
    });
  });
});
