import type { GatewayName, Micros, PaymentStatus } from '@nimbus/contract';

/**
 * One payment gateway behind the interface the payments area uses. Adapters talk to the gateway's
 * API and verify its webhooks; they never touch the database. The sandbox adapter is the embedded
 * default and goes through exactly the same calls.
 */
export interface PaymentGatewayAdapter {
  readonly name: GatewayName;
  /** Can save a card and charge it off-session (auto-recharge). */
  readonly supportsSavedCards: boolean;

  /** Starts a hosted checkout for a top-up, or (mode "setup") for saving a card only. */
  createCheckout(input: CheckoutInput): Promise<CheckoutResult>;

  /**
   * Verifies a webhook on its raw body and headers and reads the events in it. Throws
   * InvalidWebhookSignatureError when the signature is missing or wrong; nothing is stored then.
   */
  parseWebhook(rawBody: string, headers: Record<string, string>): Promise<WebhookEnvelope>;

  /**
   * Turns a stored webhook into what it means for a payment. May call the gateway (a PayPal capture,
   * a BTCPay invoice lookup); must be safe to call again for the same event.
   */
  interpretWebhook(envelope: WebhookEnvelope): Promise<GatewayEvent[]>;

  /** Charges a saved card off-session. `idempotencyKey` makes a retried call charge once. */
  chargeSavedCard?(input: OffSessionChargeInput): Promise<OffSessionChargeResult>;
}

export interface CheckoutInput {
  paymentId: number;
  mode: 'payment' | 'setup';
  /** credit + fee, what the payer pays; 0 for setup. */
  price: Micros;
  currency: 'USD';
  description: string;
  customer: { id: number; email: string; fullname: string; externalCustomerId: string | null };
  /** Save the card for off-session use (auto-recharge chosen at checkout). */
  saveCard: boolean;
  /** Where the payer returns: the panel's result screens. */
  returnUrls: { success: string; cancel: string; pending: string };
  /** Where the gateway posts its webhooks for this payment. */
  webhookUrl: string;
}

export interface CheckoutResult {
  /** The gateway's id for the session, order or invoice; webhooks refer to it. */
  externalId: string;
  url: string;
  /** Null: redirect to `url`. Otherwise post these fields to `url` as a form. */
  postData: Record<string, string> | null;
  /** A gateway customer created for the payer (Stripe), to be remembered. */
  externalCustomerId?: string;
}

/** A verified webhook, before interpretation: stored raw in the inbox under (gateway, eventId). */
export interface WebhookEnvelope {
  eventId: string;
  eventType: string;
  /** The parsed body, as the gateway sent it. */
  body: unknown;
}

/** A saved card as a gateway describes it. */
export interface GatewayCard {
  externalId: string;
  externalCustomerId: string | null;
  brand: string;
  last4: string;
  name: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/** What one webhook event means for one of our payments. */
export interface GatewayEvent {
  /** Our payment id, when the gateway echoes it (metadata, order id); otherwise matched by externalId. */
  paymentId: number | null;
  externalId: string | null;
  /** The status the payment moves to; null when the event only carries a card. */
  status: PaymentStatus | null;
  /** Total received so far in USD micros, when the gateway reports it. */
  received: Micros | null;
  trackingId?: string | null;
  /** A card saved by this checkout, to keep for auto-recharge. */
  savedCard?: GatewayCard | null;
  failureReason?: string | null;
}

export interface OffSessionChargeInput {
  paymentId: number;
  amount: Micros;
  currency: 'USD';
  description: string;
  card: GatewayCard;
  idempotencyKey: string;
}

export type OffSessionChargeResult =
  | { outcome: 'succeeded'; externalId: string; received: Micros; trackingId: string | null }
  | { outcome: 'pending'; externalId: string }
  | { outcome: 'declined'; externalId: string | null; reason: string };

export class InvalidWebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is missing or does not match.') {
    super(message);
    this.name = 'InvalidWebhookSignatureError';
  }
}

/** The gateway answered with an error or could not be reached. */
export class GatewayRequestError extends Error {
  constructor(
    readonly gateway: GatewayName,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayRequestError';
  }
}
