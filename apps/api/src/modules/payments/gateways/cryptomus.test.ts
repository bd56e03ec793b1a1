import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCryptomusGateway } from './cryptomus';
import { GatewayRequestError, InvalidWebhookSignatureError, type PaymentGatewayAdapter } from './gateway';
import { checkoutInput, jsonOf, type Loopback, startLoopback } from './loopback.test-helpers';

const MERCHANT = '8b03432e-385b-4670-8d06-064591096795';
const KEY = 'payment-key-123';
const md5Sign = (json: string, key = KEY) =>
  createHash('md5')
    .update(Buffer.from(json).toString('base64') + key)
    .digest('hex');

describe('Cryptomus gateway', () => {
  let api: Loopback;
  let cryptomus: PaymentGatewayAdapter;
  beforeAll(async () => {
    api = await startLoopback();
    cryptomus = createCryptomusGateway({ merchantId: MERCHANT, paymentKey: KEY, apiUrl: api.url });
  });
  afterAll(() => api.close());
  beforeEach(() => api.reset());

  describe('webhook signature', () => {
    // As PHP's json_encode writes it, "/" escaped; the signature covers this text without "sign".
    const php =
      '{"type":"payment","uuid":"62f88b36-a9d5-4fa6-aa26-e040c3dbf26d","order_id":"nimbus-42",' +
      '"amount":"61.80","payment_amount":"0.00098","payment_amount_usd":"61.80","status":"paid",' +
      '"additional_data":"top-up\\/42","txid":"6f0d9c8374db57cac0d806251473de754f361c83a03cd805f74aa9da3193486b"}';
    const signed = (key = KEY) => `${php.slice(0, -1)},"sign":"${md5Sign(php, key)}"}`;

    it('accepts a correctly signed webhook', async () => {
      const envelope = await cryptomus.parseWebhook(signed(), {});
      expect(envelope.eventId).toBe('62f88b36-a9d5-4fa6-aa26-e040c3dbf26d:paid:61.80');
      expect(envelope.eventType).toBe('paid');
      expect(envelope.body).toMatchObject({ order_id: 'nimbus-42', additional_data: 'top-up/42' });
    });

    it('refuses a wrongly signed, unsigned or tampered webhook', async () => {
      await expect(cryptomus.parseWebhook(signed('other-key'), {})).rejects.toThrow(
        InvalidWebhookSignatureError,
      );
      await expect(cryptomus.parseWebhook(php, {})).rejects.toThrow(InvalidWebhookSignatureError);
      const tampered = signed().replace('"payment_amount_usd":"61.80"', '"payment_amount_usd":"6180.00"');
      await expect(cryptomus.parseWebhook(tampered, {})).rejects.toThrow(InvalidWebhookSignatureError);
      await expect(cryptomus.parseWebhook('not json', {})).rejects.toThrow(InvalidWebhookSignatureError);
    });

    it('names an event by invoice, status and amount, falling back to the invoice amount', async () => {
      const body = {
        uuid: 'u-1',
        order_id: 'nimbus-42',
        amount: '61.80',
        payment_amount_usd: null,
        status: 'check',
      };
      const json = JSON.stringify(body);
      const envelope = await cryptomus.parseWebhook(`${json.slice(0, -1)},"sign":"${md5Sign(json)}"}`, {});
      expect(envelope.eventId).toBe('u-1:check:61.80');
    });
  });

  describe('checkout', () => {
    it('creates a signed invoice for the exact amount and redirects to it', async () => {
      api.reply('POST', '/v1/payment', {
        body: {
          state: 0,
          result: { uuid: 'inv-1', order_id: 'nimbus-42', url: 'https://pay.cryptomus.com/pay/inv-1' },
        },
      });
      const result = await cryptomus.createCheckout(checkoutInput());
      expect(result).toEqual({
        externalId: 'inv-1',
        url: 'https://pay.cryptomus.com/pay/inv-1',
        postData: null,
      });

      const [request] = api.requestsTo('POST', '/v1/payment');
      expect(request?.headers.merchant).toBe(MERCHANT);
      expect(request?.headers.sign).toBe(md5Sign(request?.body ?? ''));
      expect(jsonOf(request)).toEqual({
        amount: '61.80',
        currency: 'USD',
        order_id: 'nimbus-42',
        url_return: 'https://panel.example.com/payments/result/cancel',
        url_success: 'https://panel.example.com/payments/result/success',
        url_callback: 'https://panel.example.com/api/payments/webhooks/test',
      });
    });

    it('reports a refused invoice as a gateway error', async () => {
      api.reply('POST', '/v1/payment', { status: 422, body: { state: 1, message: 'Validation error' } });
      await expect(cryptomus.createCheckout(checkoutInput())).rejects.toThrow(GatewayRequestError);
      api.reset();
      api.reply('POST', '/v1/payment', { body: { state: 1, message: 'Merchant not found' } });
      await expect(cryptomus.createCheckout(checkoutInput())).rejects.toThrow(GatewayRequestError);
    });
  });

  describe('interpretation of statuses', () => {
    const envelope = (status: string, extra: Record<string, unknown> = {}) => ({
      eventId: `inv-1:${status}`,
      eventType: status,
      body: {
        type: 'payment',
        uuid: 'inv-1',
        order_id: 'nimbus-42',
        amount: '61.80',
        currency: 'USD',
        payment_amount_usd: '61.80',
        txid: 'tx-1',
        status,
        ...extra,
      },
    });

    it.each([
      ['paid', {}, 'PAID', 61_800_000],
      ['paid_over', { payment_amount_usd: '75.123456' }, 'OVERPAID', 75_123_456],
      ['wrong_amount', { payment_amount_usd: '30.5' }, 'UNDERPAID', 30_500_000],
      ['wrong_amount_waiting', { payment_amount_usd: '12.3456789' }, 'UNDERPAID', 12_345_679],
      ['process', { payment_amount_usd: '0.00' }, 'PENDING', 0],
      ['check', {}, 'PENDING', 61_800_000],
      ['confirm_check', {}, 'PENDING', 61_800_000],
      ['fail', {}, 'REJECTED', null],
      ['cancel', {}, 'REJECTED', null],
      ['system_fail', {}, 'REJECTED', null],
      ['refund_paid', {}, 'REFUNDED', null],
    ])('maps %s', async (status, extra, expected, received) => {
      expect(await cryptomus.interpretWebhook(envelope(status, extra))).toEqual([
        expect.objectContaining({
          paymentId: 42,
          externalId: 'inv-1',
          status: expected,
          received,
          trackingId: 'tx-1',
        }),
      ]);
    });

    it.each([['refund_process'], ['refund_fail'], ['locked']])('ignores %s', async (status) => {
      expect(await cryptomus.interpretWebhook(envelope(status))).toEqual([]);
    });

    it('ignores static-wallet deposits and reads no id from a foreign order', async () => {
      expect(await cryptomus.interpretWebhook(envelope('paid', { type: 'wallet' }))).toEqual([]);
      const [event] = await cryptomus.interpretWebhook(envelope('paid', { order_id: 'shop-42' }));
      expect(event?.paymentId).toBeNull();
    });
  });
});
