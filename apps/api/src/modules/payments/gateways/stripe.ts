import Stripe from 'stripe';
import { centsToMicros, microsToCents } from './decimal';
import {
  type CheckoutInput,
  type CheckoutResult,
  GatewayRequestError,
  InvalidWebhookSignatureError,
  type OffSessionChargeInput,
  type OffSessionChargeResult,
  type PaymentGatewayAdapter,
} from './gateway';
import { headerOf } from './http';
import { interpretStripeEvent, OFF_SESSION_MARK } from './stripe.events';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Overrides the API's protocol, host and port, e.g. a loopback server in tests. */
  apiUrl?: string;
}

export function createStripeGateway(opts: StripeGatewayOptions): PaymentGatewayAdapter {
  const stripe = new Stripe(opts.secretKey, {
    ...endpointOf(opts.apiUrl),
    telemetry: false,
    appInfo: { name: 'Nimbus' },
  });

  async function ensureCustomer(input: CheckoutInput): Promise<{ id: string; created: boolean }> {
    if (input.customer.externalCustomerId) return { id: input.customer.externalCustomerId, created: false };
    const customer = await stripe.customers.create(
      {
        email: input.customer.email,
        name: input.customer.fullname,
        metadata: { customerId: String(input.customer.id) },
      },
      // Same key on a retried checkout: the same Stripe customer comes back, not a second one.
      { idempotencyKey: `checkout-${input.paymentId}-customer` },
    );
    return { id: customer.id, created: true };
  }

  async function createCheckout(input: CheckoutInput): Promise<CheckoutResult> {
    const paymentId = String(input.paymentId);
    const common = {
      client_reference_id: paymentId,
      metadata: { paymentId },
      success_url: input.returnUrls.success,
      cancel_url: input.returnUrls.cancel,
    };
    const needsCustomer = input.mode === 'setup' || input.saveCard;
    const customer = needsCustomer ? await ensureCustomer(input) : null;
    const customerId = customer?.id ?? input.customer.externalCustomerId;

    const params: Stripe.Checkout.SessionCreateParams =
      input.mode === 'setup'
        ? {
            ...common,
            mode: 'setup',
            customer: customerId ?? undefined,
            allowed_payment_method_types: ['card'],
            setup_intent_data: { metadata: { paymentId } },
          }
        : {
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: microsToCents(input.price),
                  product_data: { name: input.description },
                },
              },
            ],
            ...(customerId ? { customer: customerId } : { customer_email: input.customer.email }),
            // Only a card can be charged again off-session, so a checkout that saves one offers cards only.
            ...(input.saveCard ? { allowed_payment_method_types: ['card'] } : {}),
            payment_intent_data: {
              metadata: { paymentId },
              ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            },
          };

    const session = await call(() =>
      stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${input.paymentId}` }),
    );
    if (!session.url) throw new GatewayRequestError('stripe', 'The checkout session has no URL.');
    return {
      externalId: session.id,
      url: session.url,
      postData: null,
      ...(customer?.created ? { externalCustomerId: customer.id } : {}),
    };
  }

  async function chargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionChargeResult> {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: microsToCents(input.amount),
          currency: 'usd',
          description: input.description,
          customer: input.card.externalCustomerId ?? undefined,
          payment_method: input.card.externalId,
          off_session: true,
          confirm: true,
          metadata: { paymentId: String(input.paymentId), ...OFF_SESSION_MARK },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded') {
        return {
          outcome: 'succeeded',
          externalId: intent.id,
          received: centsToMicros(intent.amount_received),
          trackingId: intent.id,
        };
      }
      if (intent.status === 'processing') return { outcome: 'pending', externalId: intent.id };
      return {
        outcome: 'declined',
        externalId: intent.id,
        reason: intent.last_payment_error?.code ?? intent.status,
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.type === 'StripeCardError') {
        return {
          outcome: 'declined',
          externalId: err.payment_intent?.id ?? null,
          reason: [err.code ?? 'card_declined', err.decline_code].filter(Boolean).join(': '),
        };
      }
      throw gatewayError(err);
    }
  }

  return {
    name: 'stripe',
    supportsSavedCards: true,
    createCheckout: (input) => call(() => createCheckout(input)),
    async parseWebhook(rawBody, headers) {
      const signature = headerOf(headers, 'stripe-signature');
      if (!signature) throw new InvalidWebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, opts.webhookSecret);
      } catch {
        throw new InvalidWebhookSignatureError();
      }
      return { eventId: event.id, eventType: event.type, body: event };
    },
    interpretWebhook: (envelope) => call(() => interpretStripeEvent(stripe, envelope.body as Stripe.Event)),
    chargeSavedCard,
  };
}

function endpointOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Runs a Stripe call and turns the SDK's errors into GatewayRequestError. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw gatewayError(err);
  }
}

function gatewayError(err: unknown): Error {
  if (err instanceof GatewayRequestError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    return new GatewayRequestError(
      'stripe',
      `${err.type}: ${err.code ?? ''} ${err.message}`.trim(),
      err.statusCode,
    );
  }
  return new GatewayRequestError('stripe', (err as Error).message);
}
