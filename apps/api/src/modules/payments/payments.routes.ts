import {
  checkoutSchema,
  createPaymentRequestSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentReceiptSchema,
  printQuerySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { idempotencyScopeOf } from '../idempotency/idempotency.plugin';
import type { GatewayRegistry } from './gateways/registry';
import type { PaymentsReader } from './payments.read';
import type { PaymentsService } from './payments.service';
import { renderReceiptPdf } from './receipt-pdf';
import { plainHeaders, receiveWebhook } from './webhooks';

const tags = ['payments'];

/** The signed-in customer's top-ups: start a checkout, list payments. */
export function paymentRoutes(deps: { payments: PaymentsService; reader: PaymentsReader }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.post(
      '/payments',
      {
        schema: {
          tags,
          summary: 'Start a top-up: redirect to `url` (postData null) or post `postData` to it',
          description:
            '403 REACHED_PAYMENT_LIMIT after too many attempts in an hour; 403 KYC_REQUIRED_FOR_PAYMENT for crypto without an approved KYC; 502 GATEWAY_ERROR when the gateway fails.',
          security: securedBy,
          body: createPaymentRequestSchema,
          response: { 200: okSchema(checkoutSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await deps.payments.startCheckout(
            {
              customerId: customerOf(request).id,
              gateway: request.body.gateway,
              credit: request.body.credit,
              enableAutoRecharge: request.body.enableAutoRecharge,
              autoRecharge: request.body.autoRecharge,
            },
            idempotencyScopeOf(request),
          ),
        ),
    );

    app.get(
      '/payments',
      {
        schema: {
          tags,
          summary: "The customer's payments, newest first",
          security: securedBy,
          querystring: paymentListQuerySchema,
          response: { 200: okSchema(paymentListSchema) },
        },
      },
      async (request) =>
        ok(await deps.reader.list(customerOf(request).id, request.query.page, request.query.pageSize)),
    );
  };
}

/** Receipts by signed token (no sign-in) and gateway webhooks (verified by signature). */
export function paymentPublicRoutes(deps: {
  db: Database;
  jobs: JobQueue;
  config: Config;
  gateways: GatewayRegistry;
  reader: PaymentsReader;
}) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/payments/print',
      {
        schema: {
          tags,
          summary: 'A payment receipt by its print token (no sign-in)',
          querystring: printQuerySchema,
          response: { 200: okSchema(paymentReceiptSchema) },
        },
      },
      async (request) => ok(await deps.reader.receipt(request.query.token)),
    );

    app.get(
      '/payments/print/pdf',
      {
        schema: {
          tags,
          summary: 'A payment receipt as a PDF attachment (no sign-in)',
          querystring: printQuerySchema,
        },
      },
      async (request, reply) => {
        const { row, customer } = await deps.reader.receiptSource(request.query.token);
        const pdf = await renderReceiptPdf({ brandName: deps.config.BRAND_NAME, payment: row, customer });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="receipt-${row.id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    await app.register(async (raw) => {
      // Signatures are computed over the exact bytes sent: keep the body as text.
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/payments/webhooks/:gateway',
        {
          schema: {
            tags,
            summary: "A gateway's webhook; stored raw, verified by signature, processed once",
            params: z.object({ gateway: z.string().max(32) }),
            response: { 200: okSchema(z.object({ received: z.literal(true), duplicate: z.boolean() })) },
          },
        },
        async (request) => {
          const body = typeof request.body === 'string' ? request.body : '';
          const result = await receiveWebhook(
            deps,
            request.params.gateway,
            body,
            plainHeaders(request.headers),
          );
          return ok({ received: true as const, duplicate: result.duplicate });
        },
      );
    });
  };
}
