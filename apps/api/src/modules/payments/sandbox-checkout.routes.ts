import { randomBytes } from 'node:crypto';
import { CENT, formatMoney, fromMicros, type PaymentStatus } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getOrCreateSecret } from '../../lib/secrets';
import {
  SANDBOX_CARDS,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEvent,
  sandboxSignature,
} from './gateways/sandbox';
import { payments } from './payments.tables';
import { sandboxCheckoutPage, sandboxMessagePage } from './sandbox-checkout.page';

const outcomes = {
  pay: { status: 'PAID', result: '/paymentssuccess' },
  underpay: { status: 'UNDERPAID', result: '/paymentsunderpaid' },
  overpay: { status: 'OVERPAID', result: '/paymentssuccess' },
  pending: { status: 'PENDING', result: '/paymentspending' },
  fail: { status: 'REJECTED', result: '/paymentsfail' },
} as const satisfies Record<string, { status: PaymentStatus; result: string }>;
type Outcome = keyof typeof outcomes | 'save';

/** What the payer pays for each outcome: the price, half of it, or the price plus 10 %. */
function receivedFor(outcome: Outcome, price: number): number | null {
  if (outcome === 'pay') return price;
  if (outcome === 'underpay') return Math.floor(price / 2 / CENT) * CENT;
  if (outcome === 'overpay') return price + Math.ceil(price / 10 / CENT) * CENT;
  if (outcome === 'save') return 0;
  return null;
}

/**
 * The sandbox gateway's hosted checkout, served by the panel (like a real gateway's page). Its answer
 * is a signed webhook posted to /api/payments/webhooks/sandbox through the full HTTP route, exactly as
 * a real gateway's would arrive, before the payer is sent back to the panel.
 */
export function sandboxCheckoutRoutes(deps: { db: Database; config: Config }) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    /** The checkout's payment while it can still be paid; otherwise answers the page saying why. */
    const openPayment = async (externalId: string, reply: FastifyReply) => {
      const [payment] = await deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.gateway, 'sandbox'), eq(payments.externalId, externalId)));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!payment) {
        reply.status(404).send(sandboxMessagePage('This checkout does not exist.', deps.config.publicUrl));
        return null;
      }
      if (payment.status !== 'NEW' && payment.status !== 'PENDING') {
        reply.send(
          sandboxMessagePage(
            `This checkout is already ${payment.status.toLowerCase()}.`,
            deps.config.publicUrl,
          ),
        );
        return null;
      }
      return payment;
    };

    app.get<{ Params: { externalId: string } }>(
      '/sandbox/checkout/:externalId',
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = await openPayment(request.params.externalId, reply);
        if (!payment) return reply;
        return sandboxCheckoutPage({
          brandName: deps.config.BRAND_NAME,
          amount: formatMoney(payment.price),
          description: payment.description,
          saveCard: payment.saveCard,
          setupOnly: payment.isCardSetup,
          cards: Object.entries(SANDBOX_CARDS).map(([last4, c]) => ({
            last4,
            brand: c.brand,
            outcome: c.outcome,
          })),
          // The payment stays unpaid; the panel's page it came from is where the payer goes back to.
          cancelUrl: `${deps.config.publicUrl}${payment.isCardSetup ? '/auto-recharge' : '/payments'}`,
        });
      },
    );

    app.post<{ Params: { externalId: string }; Body: Record<string, string> }>(
      '/sandbox/checkout/:externalId',
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = await openPayment(request.params.externalId, reply);
        if (!payment) return reply;
        const body = request.body ?? {};
        const outcome = (payment.isCardSetup ? 'save' : body.outcome) as Outcome;
        if (outcome !== 'save' && !(outcome in outcomes)) {
          return reply
            .status(400)
            .send(sandboxMessagePage('Choose what the payer does.', deps.config.publicUrl));
        }
        // Only a full payment by card (or a card setup) saves the card: the other outcomes stand for
        // methods that are not cards.
        const byCard = payment.saveCard && (outcome === 'pay' || outcome === 'save');
        const last4 = body.card as keyof typeof SANDBOX_CARDS | undefined;
        const card = byCard && last4 && SANDBOX_CARDS[last4] ? last4 : null;
        if (byCard && !card) {
          return reply
            .status(400)
            .send(sandboxMessagePage('Choose a test card to save.', deps.config.publicUrl));
        }
        const received = receivedFor(outcome, payment.price);
        const event: SandboxEvent = {
          id: `evt_sbx_${randomBytes(12).toString('hex')}`,
          type: `checkout.${outcome}`,
          paymentId: payment.id,
          externalId: request.params.externalId,
          status: outcome === 'save' ? 'PAID' : outcomes[outcome].status,
          received: received === null ? null : fromMicros(received, 6),
          card: card
            ? {
                id: `card_sbx_${randomBytes(8).toString('hex')}`,
                brand: SANDBOX_CARDS[card].brand,
                last4: card,
                name: body.cardholder?.trim().slice(0, 100) || null,
                expMonth: 12,
                expYear: new Date().getUTCFullYear() + 3,
              }
            : null,
        };
        const raw = JSON.stringify(event);
        const secret = await getOrCreateSecret(deps.db, 'sandbox-gateway-key');
        const delivered = await app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, Math.floor(Date.now() / 1000), raw),
          },
          payload: raw,
        });
        if (delivered.statusCode !== 200) {
          request.log.error(
            { status: delivered.statusCode, body: delivered.body },
            'sandbox webhook was refused',
          );
          return reply
            .status(502)
            .send(sandboxMessagePage('The panel refused the payment notification.', deps.config.publicUrl));
        }
        const target =
          outcome === 'save' ? '/auto-recharge' : `${outcomes[outcome].result}?paymentId=${payment.id}`;
        return reply.redirect(target, 303);
      },
    );
  };
}

/** Without the sandbox its checkout paths answer 404, rather than falling through to the panel's page. */
export function sandboxCheckoutAbsent() {
  return async (app: FastifyInstance) => {
    // Answered in onRequest, before any body is parsed: a posted form gets the 404, not a 415.
    app.route({
      method: ['GET', 'POST'],
      url: '/sandbox/checkout/*',
      schema: { hide: true },
      onRequest: async (_request, reply) => {
        reply.callNotFound();
        return reply;
      },
      handler: (_request, reply) => reply.callNotFound(),
    });
  };
}
