import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type PaymentStatus, paymentStatusSchema, toMicros } from '@nimbus/contract';
import { z } from 'zod';
import {
  type GatewayEvent,
  InvalidWebhookSignatureError,
  type PaymentGatewayAdapter,
  type WebhookEnvelope,
} from './gateway';

/**
 * The embedded test gateway: a checkout page served by the panel itself (sandbox-checkout.routes.ts)
 * whose outcome arrives as a signed webhook on the same route, inbox and job as the real gateways.
 * Saved test cards charge off-session and succeed or decline by card number, like Stripe's test cards.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const TOLERANCE_SECONDS = 300;

/** Test cards: the last four digits decide what an off-session charge does. */
export const SANDBOX_CARDS = {
  '4242': { brand: 'visa', outcome: 'succeeds' },
  '4444': { brand: 'mastercard', outcome: 'succeeds' },
  '0341': { brand: 'visa', outcome: 'card_declined' },
  '9995': { brand: 'visa', outcome: 'insufficient_funds' },
} as const;
export type SandboxCardLast4 = keyof typeof SANDBOX_CARDS;

export const sandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  paymentId: z.number().int(),
  externalId: z.string(),
  status: paymentStatusSchema.nullable(),
  /** Decimal USD string of what the payer paid. */
  received: z.string().nullable(),
  card: z
    .object({
      id: z.string(),
      brand: z.string(),
      last4: z.string().length(4),
      name: z.string().nullable(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    })
    .nullable(),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export const sandboxSignature = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export function createSandboxGateway(opts: {
  publicUrl: string;
  secret: () => Promise<string>;
}): PaymentGatewayAdapter {
  return {
    name: 'sandbox',
    supportsSavedCards: true,

    async createCheckout(input) {
      const externalId = `sbx_${input.paymentId}_${randomBytes(12).toString('base64url')}`;
      return { externalId, url: `${opts.publicUrl}/sandbox/checkout/${externalId}`, postData: null };
    },

    async parseWebhook(rawBody, headers): Promise<WebhookEnvelope> {
      const header = headers[SANDBOX_SIGNATURE_HEADER] ?? '';
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      if (!match) throw new InvalidWebhookSignatureError();
      const timestamp = Number(match[1]);
      if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) {
        throw new InvalidWebhookSignatureError('The webhook signature has expired.');
      }
      const expected = Buffer.from(sandboxSignature(await opts.secret(), timestamp, rawBody));
      const given = Buffer.from(header);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new InvalidWebhookSignatureError();
      }
      let event: SandboxEvent;
      try {
        event = sandboxEventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new InvalidWebhookSignatureError('The webhook body is not a sandbox event.');
      }
      return { eventId: event.id, eventType: event.type, body: event };
    },

    async interpretWebhook(envelope): Promise<GatewayEvent[]> {
      const event = sandboxEventSchema.parse(envelope.body);
      return [
        {
          paymentId: event.paymentId,
          externalId: event.externalId,
          status: event.status as PaymentStatus | null,
          received: event.received === null ? null : toMicros(event.received),
          trackingId: `sbx_txn_${event.id.slice(-12)}`,
          savedCard: event.card && {
            externalId: event.card.id,
            externalCustomerId: null,
            brand: event.card.brand,
            last4: event.card.last4,
            name: event.card.name,
            expMonth: event.card.expMonth,
            expYear: event.card.expYear,
          },
        },
      ];
    },

    async chargeSavedCard(input) {
      const card = SANDBOX_CARDS[input.card.last4 as SandboxCardLast4];
      if (card?.outcome !== 'succeeds') {
        const reason =
          card?.outcome === 'insufficient_funds' ? 'Insufficient funds.' : 'Your card was declined.';
        return { outcome: 'declined', externalId: null, reason };
      }
      // The idempotency key names the charge, so a retried call returns the same charge.
      const externalId = `sbx_charge_${createHmac('sha256', 'sandbox').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { outcome: 'succeeded', externalId, received: input.amount, trackingId: externalId };
    },
  };
}
