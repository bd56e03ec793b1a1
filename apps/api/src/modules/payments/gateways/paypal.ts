import { fromMicros } from '@nimbus/contract';
import {
  type CheckoutInput,
  GatewayRequestError,
  InvalidWebhookSignatureError,
  type PaymentGatewayAdapter,
} from './gateway';
import { answeredError, fetchGateway, type GatewayCall, type GatewayResponse, headerOf, isOk } from './http';
import { interpretPaypalEvent, type PaypalApi, type PaypalWebhook } from './paypal.events';

export interface PaypalGatewayOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a loopback server in tests. */
  apiUrl: string;
}

/** PayPal caps purchase-unit descriptions at 127 characters. */
const DESCRIPTION_MAX = 127;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export function createPaypalGateway(opts: PaypalGatewayOptions): PaymentGatewayAdapter {
  const base = opts.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const url = `${base}/v1/oauth2/token`;
    const call: GatewayCall = {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    };
    const response = await fetchGateway('paypal', url, call);
    const body = response.body as { access_token?: string; expires_in?: number } | null;
    if (!isOk(response.status) || !body?.access_token)
      throw answeredError('paypal', url, call.method, response);
    token = {
      value: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS,
    };
    return body.access_token;
  }

  /** One token shared by concurrent calls, fetched again when it nears expiry. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  const api: PaypalApi = {
    async call(method, path, extra = {}) {
      const send = async () =>
        fetchGateway('paypal', `${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${await accessToken()}`,
            'Content-Type': 'application/json',
            ...extra.headers,
          },
          body: extra.body,
        });
      let response: GatewayResponse = await send();
      // A token revoked before its expiry: fetch a new one once.
      if (response.status === 401) {
        token = null;
        response = await send();
      }
      return response;
    },
    async ok(method, path, extra) {
      const response = await api.call(method, path, extra);
      if (!isOk(response.status)) throw answeredError('paypal', `${base}${path}`, method, response);
      return response.body;
    },
  };

  async function createCheckout(input: CheckoutInput) {
    if (input.mode !== 'payment') throw new GatewayRequestError('paypal', 'PayPal cannot save a card.');
    const paymentId = String(input.paymentId);
    const order = (await api.ok('POST', '/v2/checkout/orders', {
      headers: { 'PayPal-Request-Id': `checkout-${paymentId}` },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: paymentId,
            custom_id: paymentId,
            description: input.description.slice(0, DESCRIPTION_MAX),
            amount: { currency_code: 'USD', value: fromMicros(input.price, 2) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrls.success,
              cancel_url: input.returnUrls.cancel,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      }),
    })) as { id?: string; links?: Array<{ rel?: string; href?: string }> };
    const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!order.id || !link?.href) throw new GatewayRequestError('paypal', 'The order has no approval link.');
    return { externalId: order.id, url: link.href, postData: null };
  }

  async function parseWebhook(rawBody: string, headers: Record<string, string>) {
    const transmission: Record<string, string> = {};
    for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
      const value = headerOf(headers, header);
      if (!value) throw new InvalidWebhookSignatureError();
      transmission[field] = value;
    }
    let event: PaypalWebhook;
    try {
      event = JSON.parse(rawBody) as PaypalWebhook;
    } catch {
      throw new InvalidWebhookSignatureError();
    }
    if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') {
      throw new InvalidWebhookSignatureError();
    }
    // The event goes back byte for byte: PayPal checks the signature over the body as it sent it,
    // and parsing and serialising again may change it (number formats, escapes).
    const fields = JSON.stringify({ ...transmission, webhook_id: opts.webhookId });
    const body = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
    const response = await api.call('POST', '/v1/notifications/verify-webhook-signature', { body });
    // 400: PayPal could not read the transmission headers, which is as good as a wrong signature.
    if (response.status === 400) throw new InvalidWebhookSignatureError();
    if (!isOk(response.status)) {
      throw answeredError('paypal', `${base}/v1/notifications/verify-webhook-signature`, 'POST', response);
    }
    const verdict = (response.body as { verification_status?: string } | null)?.verification_status;
    if (verdict !== 'SUCCESS') throw new InvalidWebhookSignatureError();
    return { eventId: event.id, eventType: event.event_type, body: event };
  }

  return {
    name: 'paypal',
    supportsSavedCards: false,
    createCheckout,
    parseWebhook,
    interpretWebhook: (envelope) => interpretPaypalEvent(api, envelope.body as PaypalWebhook),
  };
}
