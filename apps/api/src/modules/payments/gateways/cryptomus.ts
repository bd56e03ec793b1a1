import { createHash } from 'node:crypto';
import { fromMicros, type PaymentStatus } from '@nimbus/contract';
import { decimalToMicros } from './decimal';
import {
  type CheckoutInput,
  type GatewayEvent,
  GatewayRequestError,
  InvalidWebhookSignatureError,
  type PaymentGatewayAdapter,
  type WebhookEnvelope,
} from './gateway';
import { fetchGatewayOk } from './http';
import { paymentIdFrom, sameSignature } from './shared';

export interface CryptomusGatewayOptions {
  merchantId: string;
  paymentKey: string;
  /** https://api.cryptomus.com, or a loopback server in tests. */
  apiUrl: string;
}

/** A Cryptomus payment webhook; amounts are decimal strings. */
interface CryptomusWebhook {
  type?: string;
  uuid?: string;
  order_id?: string;
  status?: string;
  amount?: string;
  currency?: string;
  payment_amount_usd?: string | null;
  txid?: string | null;
  sign?: string;
}

const STATUS: Record<string, PaymentStatus> = {
  paid: 'PAID',
  paid_over: 'OVERPAID',
  wrong_amount: 'UNDERPAID',
  wrong_amount_waiting: 'UNDERPAID',
  process: 'PENDING',
  check: 'PENDING',
  confirm_check: 'PENDING',
  fail: 'REJECTED',
  cancel: 'REJECTED',
  system_fail: 'REJECTED',
  refund_paid: 'REFUNDED',
};

/** Statuses where money has arrived, so `payment_amount_usd` is what was received. */
const RECEIVING: readonly PaymentStatus[] = ['PAID', 'OVERPAID', 'UNDERPAID', 'PENDING'];

const ORDER_PREFIX = 'nimbus-';

export function createCryptomusGateway(opts: CryptomusGatewayOptions): PaymentGatewayAdapter {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const sign = (json: string) =>
    createHash('md5')
      .update(Buffer.from(json).toString('base64') + opts.paymentKey)
      .digest('hex');

  async function createCheckout(input: CheckoutInput) {
    if (input.mode !== 'payment') throw new GatewayRequestError('cryptomus', 'Cryptomus cannot save a card.');
    const body = JSON.stringify({
      amount: fromMicros(input.price, 2),
      currency: 'USD',
      order_id: `${ORDER_PREFIX}${input.paymentId}`,
      url_return: input.returnUrls.cancel,
      url_success: input.returnUrls.success,
      url_callback: input.webhookUrl,
    });
    const answer = (await fetchGatewayOk('cryptomus', `${base}/v1/payment`, {
      method: 'POST',
      headers: { merchant: opts.merchantId, sign: sign(body), 'Content-Type': 'application/json' },
      body,
    })) as { state?: number; result?: { uuid?: string; url?: string } } | null;
    const invoice = answer?.result;
    if (answer?.state !== 0 || !invoice?.uuid || !invoice.url) {
      throw new GatewayRequestError('cryptomus', 'The invoice was not created.');
    }
    return { externalId: invoice.uuid, url: invoice.url, postData: null };
  }

  async function parseWebhook(rawBody: string): Promise<WebhookEnvelope> {
    let body: CryptomusWebhook;
    try {
      body = JSON.parse(rawBody) as CryptomusWebhook;
    } catch {
      throw new InvalidWebhookSignatureError();
    }
    if (!body || typeof body !== 'object' || typeof body.sign !== 'string')
      throw new InvalidWebhookSignatureError();
    const { sign: received, ...signed } = body;
    // Cryptomus signs PHP's json_encode of the body, which writes "/" as "\/".
    const expected = sign(JSON.stringify(signed).replaceAll('/', '\\/'));
    if (!sameSignature(received.toLowerCase(), expected)) throw new InvalidWebhookSignatureError();
    const amount = body.payment_amount_usd ?? body.amount ?? '';
    return { eventId: `${body.uuid}:${body.status}:${amount}`, eventType: body.status ?? 'unknown', body };
  }

  return {
    name: 'cryptomus',
    supportsSavedCards: false,
    createCheckout,
    parseWebhook,
    interpretWebhook: async (envelope) => interpret(envelope.body as CryptomusWebhook),
  };
}

function interpret(body: CryptomusWebhook): GatewayEvent[] {
  // Static-wallet deposits ("wallet") are not top-ups started here.
  if (body.type !== undefined && body.type !== 'payment') return [];
  const status = STATUS[body.status ?? ''];
  if (!status) return [];
  const orderId = body.order_id ?? '';
  return [
    {
      paymentId: orderId.startsWith(ORDER_PREFIX) ? paymentIdFrom(orderId.slice(ORDER_PREFIX.length)) : null,
      externalId: body.uuid ?? null,
      status,
      received:
        RECEIVING.includes(status) && body.payment_amount_usd
          ? decimalToMicros(body.payment_amount_usd)
          : null,
      trackingId: body.txid ?? null,
      failureReason: status === 'REJECTED' ? (body.status ?? null) : null,
    },
  ];
}
