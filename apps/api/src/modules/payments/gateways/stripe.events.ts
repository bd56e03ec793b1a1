import type { PaymentStatus } from '@nimbus/contract';
import type Stripe from 'stripe';
import { centsToMicros } from './decimal';
import type { GatewayCard, GatewayEvent } from './gateway';
import { paymentIdFrom } from './shared';

/**
 * Metadata on PaymentIntents that auto-recharge creates. A failed attempt inside a Checkout page is
 * not final (the payer can try another card there), so only these intents are rejected on failure.
 */
export const OFF_SESSION_MARK = { offSession: 'true' } as const;

type Ref<T extends { id: string }> = string | T | null;
const idOf = <T extends { id: string }>(ref: Ref<T> | undefined) =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/** What one Stripe event means for our payments. Reads the gateway only to resolve ids and cards. */
export async function interpretStripeEvent(stripe: Stripe, event: Stripe.Event): Promise<GatewayEvent[]> {
  switch (event.type) {
    case 'checkout.session.completed':
      return sessionCompleted(stripe, event.data.object);
    case 'checkout.session.async_payment_succeeded':
      return [sessionEvent(event.data.object, 'PAID')];
    case 'checkout.session.async_payment_failed':
      return [sessionEvent(event.data.object, 'REJECTED', 'async_payment_failed')];
    case 'checkout.session.expired':
      return [sessionEvent(event.data.object, 'REJECTED', 'expired')];
    case 'payment_intent.succeeded':
      return intentEvents(event.data.object, 'PAID');
    case 'payment_intent.payment_failed':
      if (event.data.object.metadata?.offSession !== OFF_SESSION_MARK.offSession) return [];
      return intentEvents(event.data.object, 'REJECTED');
    case 'charge.refunded':
      // A partial refund leaves the payment as it is.
      if (!event.data.object.refunded) return [];
      return chargeEvents(stripe, event.data.object.metadata, event.data.object.payment_intent, 'REFUNDED');
    case 'charge.dispute.created':
      return disputeEvents(stripe, event.data.object, 'DISPUTE_SUBMITTED');
    case 'charge.dispute.closed': {
      const status = disputeOutcome(event.data.object.status);
      return status ? disputeEvents(stripe, event.data.object, status) : [];
    }
    default:
      return [];
  }
}

function sessionEvent(
  session: Stripe.Checkout.Session,
  status: PaymentStatus | null,
  failureReason: string | null = null,
): GatewayEvent {
  return {
    paymentId: paymentIdFrom(session.metadata?.paymentId ?? session.client_reference_id),
    externalId: session.id,
    status,
    received: status === 'PAID' && session.amount_total != null ? centsToMicros(session.amount_total) : null,
    trackingId: idOf(session.payment_intent),
    failureReason,
  };
}

async function sessionCompleted(stripe: Stripe, session: Stripe.Checkout.Session): Promise<GatewayEvent[]> {
  const customerId = idOf(session.customer);
  if (session.mode === 'setup') {
    const setupIntentId = idOf(session.setup_intent);
    if (!setupIntentId) return [];
    const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    const savedCard = await cardOf(stripe, setupIntent.payment_method, customerId);
    return savedCard ? [{ ...sessionEvent(session, null), trackingId: null, savedCard }] : [];
  }

  const status =
    session.payment_status === 'paid' ? 'PAID' : session.payment_status === 'unpaid' ? 'PENDING' : null;
  if (!status) return [];
  const event = sessionEvent(session, status);
  // A card is kept only when the checkout asked for it (setup_future_usage), which needs a customer.
  const intentId = idOf(session.payment_intent);
  if (status === 'PAID' && customerId && intentId) {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
    if (intent.setup_future_usage === 'off_session') {
      event.savedCard = await cardOf(stripe, intent.payment_method, customerId);
    }
  }
  return [event];
}

function intentEvents(intent: Stripe.PaymentIntent, status: 'PAID' | 'REJECTED'): GatewayEvent[] {
  const paymentId = paymentIdFrom(intent.metadata?.paymentId);
  if (paymentId === null) return [];
  const error = intent.last_payment_error;
  return [
    {
      paymentId,
      externalId: intent.id,
      status,
      received: status === 'PAID' ? centsToMicros(intent.amount_received) : null,
      trackingId: intent.id,
      failureReason: status === 'REJECTED' ? (error?.decline_code ?? error?.code ?? 'payment_failed') : null,
    },
  ];
}

/** Charges and disputes carry our id only on their PaymentIntent's metadata. */
async function chargeEvents(
  stripe: Stripe,
  metadata: Stripe.Metadata | null,
  intentRef: Ref<Stripe.PaymentIntent>,
  status: PaymentStatus,
): Promise<GatewayEvent[]> {
  const intentId = idOf(intentRef);
  let paymentId = paymentIdFrom(metadata?.paymentId);
  if (paymentId === null && intentId) {
    const intent =
      typeof intentRef === 'object' && intentRef ? intentRef : await stripe.paymentIntents.retrieve(intentId);
    paymentId = paymentIdFrom(intent.metadata?.paymentId);
  }
  if (paymentId === null && !intentId) return [];
  return [{ paymentId, externalId: intentId, status, received: null, trackingId: intentId }];
}

async function disputeEvents(stripe: Stripe, dispute: Stripe.Dispute, status: PaymentStatus) {
  let intentRef: Ref<Stripe.PaymentIntent> = dispute.payment_intent;
  if (!intentRef) {
    const charge =
      typeof dispute.charge === 'string' ? await stripe.charges.retrieve(dispute.charge) : dispute.charge;
    intentRef = charge.payment_intent;
  }
  return chargeEvents(stripe, dispute.metadata, intentRef, status);
}

function disputeOutcome(status: Stripe.Dispute.Status): PaymentStatus | null {
  if (status === 'won') return 'DISPUTE_WON';
  if (status === 'lost') return 'DISPUTE_LOST';
  return null;
}

async function cardOf(
  stripe: Stripe,
  ref: Ref<Stripe.PaymentMethod>,
  customerId: string | null,
): Promise<GatewayCard | null> {
  if (!ref) return null;
  const method = typeof ref === 'string' ? await stripe.paymentMethods.retrieve(ref) : ref;
  if (!method.card) return null;
  return {
    externalId: method.id,
    externalCustomerId: idOf(method.customer) ?? customerId,
    brand: method.card.brand,
    last4: method.card.last4,
    name: method.billing_details?.name ?? null,
    expMonth: method.card.exp_month ?? null,
    expYear: method.card.exp_year ?? null,
  };
}
