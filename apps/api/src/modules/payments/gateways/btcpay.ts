import { createHmac } from 'node:crypto';
import { fromMicros, type PaymentStatus } from '@nimbus/contract';
import { sumOfProductsToMicros } from './decimal';
import {
  type CheckoutInput,
  type GatewayEvent,
  GatewayRequestError,
  InvalidWebhookSignatureError,
  type PaymentGatewayAdapter,
  type WebhookEnvelope,
} from './gateway';
import { fetchGatewayOk, headerOf } from './http';
import { paymentIdFrom, sameSignature } from './shared';

export interface BtcpayGatewayOptions {
  /** The BTCPay Server's base URL. */
  url: string;
  apiKey: string;
  storeId: string;
  webhookSecret: string;
}

interface InvoiceMetadata {
  orderId?: string;
  paymentId?: number | string;
}
/** A Greenfield invoice webhook (only the fields read here). */
interface BtcpayWebhook {
  deliveryId?: string;
  type?: string;
  invoiceId?: string;
  metadata?: InvoiceMetadata;
  overPaid?: boolean;
  partiallyPaid?: boolean;
}
/** One entry of GET …/invoices/{id}/payment-methods; amounts and rates are decimal strings. */
interface InvoicePaymentMethod {
  rate?: string | number;
  paymentMethodPaid?: string | number;
  payments?: Array<{ id?: string }>;
}

/** Statuses where money has arrived, so the amount paid is worth reading. */
const RECEIVING: readonly PaymentStatus[] = ['PAID', 'OVERPAID', 'UNDERPAID', 'PENDING'];

function statusOf(event: BtcpayWebhook): PaymentStatus | null {
  switch (event.type) {
    case 'InvoiceReceivedPayment':
    case 'InvoiceProcessing':
      return 'PENDING';
    case 'InvoiceSettled':
      return event.overPaid ? 'OVERPAID' : 'PAID';
    case 'InvoiceExpired':
      return event.partiallyPaid ? 'UNDERPAID' : 'REJECTED';
    case 'InvoiceInvalid':
      return 'REJECTED';
    default:
      return null;
  }
}

export function createBtcpayGateway(opts: BtcpayGatewayOptions): PaymentGatewayAdapter {
  const invoices = `${opts.url.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(opts.storeId)}/invoices`;
  const auth = { Authorization: `token ${opts.apiKey}` };
  const get = (path: string) =>
    fetchGatewayOk('btcpay', `${invoices}${path}`, { method: 'GET', headers: auth });

  async function createCheckout(input: CheckoutInput) {
    if (input.mode !== 'payment') throw new GatewayRequestError('btcpay', 'BTCPay cannot save a card.');
    const invoice = (await fetchGatewayOk('btcpay', invoices, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: fromMicros(input.price, 2),
        currency: 'USD',
        metadata: { orderId: `nimbus-${input.paymentId}`, paymentId: input.paymentId },
        checkout: { redirectURL: input.returnUrls.success, redirectAutomatically: true },
      }),
    })) as { id?: string; checkoutLink?: string } | null;
    if (!invoice?.id || !invoice.checkoutLink)
      throw new GatewayRequestError('btcpay', 'The invoice has no checkout link.');
    return { externalId: invoice.id, url: invoice.checkoutLink, postData: null };
  }

  async function parseWebhook(rawBody: string, headers: Record<string, string>): Promise<WebhookEnvelope> {
    const header = headerOf(headers, 'btcpay-sig') ?? '';
    const expected = `sha256=${createHmac('sha256', opts.webhookSecret).update(rawBody, 'utf8').digest('hex')}`;
    if (!sameSignature(header.toLowerCase(), expected)) throw new InvalidWebhookSignatureError();
    let body: BtcpayWebhook;
    try {
      body = JSON.parse(rawBody) as BtcpayWebhook;
    } catch {
      throw new InvalidWebhookSignatureError();
    }
    if (typeof body?.deliveryId !== 'string') throw new InvalidWebhookSignatureError();
    return { eventId: body.deliveryId, eventType: body.type ?? 'unknown', body };
  }

  async function interpretWebhook(envelope: WebhookEnvelope): Promise<GatewayEvent[]> {
    const event = envelope.body as BtcpayWebhook;
    const status = statusOf(event);
    const invoiceId = event.invoiceId;
    if (!status || !invoiceId) return [];
    const path = `/${encodeURIComponent(invoiceId)}`;

    let paymentId = paymentIdOf(event.metadata);
    if (paymentId === null)
      paymentId = paymentIdOf(((await get(path)) as { metadata?: InvoiceMetadata }).metadata);

    let received: number | null = null;
    let trackingId: string | null = null;
    if (RECEIVING.includes(status)) {
      const methods = ((await get(`${path}/payment-methods`)) ?? []) as InvoicePaymentMethod[];
      // What the payer sent, valued at each method's invoice rate, summed exactly and rounded once.
      received = sumOfProductsToMicros(
        methods.map((m) => [m.paymentMethodPaid ?? '0', m.rate ?? '0'] as const),
      );
      trackingId = methods.flatMap((m) => m.payments ?? []).find((p) => p.id)?.id ?? null;
    }
    return [
      {
        paymentId,
        externalId: invoiceId,
        status,
        received,
        trackingId,
        failureReason: status === 'REJECTED' ? (event.type ?? null) : null,
      },
    ];
  }

  return { name: 'btcpay', supportsSavedCards: false, createCheckout, parseWebhook, interpretWebhook };
}

function paymentIdOf(metadata: InvoiceMetadata | undefined): number | null {
  const direct = paymentIdFrom(metadata?.paymentId);
  if (direct !== null) return direct;
  const orderId = metadata?.orderId ?? '';
  return orderId.startsWith('nimbus-') ? paymentIdFrom(orderId.slice('nimbus-'.length)) : null;
}
