import {
  billingInfoSchema,
  idParamsSchema,
  invoiceDetailsSchema,
  invoiceItemListSchema,
  invoiceItemsQuerySchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  printQuerySchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { createBillingInfoService } from './billing-info.service';
import { createInvoicesService } from './invoices.service';
import { createPrintTokens } from './print-token';
import { createTransactionsService } from './transactions.service';

const tags = ['billing'];
const invoiceParamsSchema = idParamsSchema;

/**
 * What the customer reads of billing: credit summary, invoices and their lines, transactions, and the
 * printable invoice. Every route acts for the signed-in customer except the printable invoice, which
 * its signed token opens.
 */
export function billingReadRoutes(deps: { db: Database; config: Config }) {
  const printTokens = createPrintTokens(deps);
  const billingInfo = createBillingInfoService(deps);
  const invoices = createInvoicesService({ db: deps.db, printTokens });
  const transactions = createTransactionsService(deps);

  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireCustomer };

    app.get(
      '/profile/billing-info',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Balance, hourly usage rate, spending this month and when services will be suspended',
          security: securedBy,
          response: { 200: okSchema(billingInfoSchema) },
        },
      },
      async (request) => ok(await billingInfo.billingInfo(customerOf(request).id)),
    );

    app.get(
      '/invoices',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Monthly invoices, newest first, by status and period (25 per page by default)',
          security: securedBy,
          querystring: invoiceListQuerySchema,
          response: { 200: okSchema(invoiceListSchema) },
        },
      },
      async (request) => ok(await invoices.list(customerOf(request).id, request.query)),
    );

    // A static segment outranks a parameter in Fastify's router, so /print never reaches /:id.
    app.get(
      '/v2/invoices/print',
      {
        schema: {
          tags,
          summary: 'The printable invoice a print token opens, without signing in (400 INVALID_PRINT_TOKEN)',
          querystring: printQuerySchema,
          response: { 200: okSchema(invoiceDetailsSchema) },
        },
      },
      async (request) => ok(await invoices.printable(request.query.token)),
    );

    app.get(
      '/v2/invoices/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'One invoice with its lines, the customer it is addressed to and a fresh print token',
          security: securedBy,
          params: invoiceParamsSchema,
          response: { 200: okSchema(invoiceDetailsSchema) },
        },
      },
      async (request) => ok(await invoices.details(customerOf(request).id, request.params.id)),
    );

    app.get(
      '/invoice-items',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Invoice lines, newest first, optionally of one instance (10 per page by default)',
          security: securedBy,
          querystring: invoiceItemsQuerySchema,
          response: { 200: okSchema(invoiceItemListSchema) },
        },
      },
      async (request) => ok(await invoices.items(customerOf(request).id, request.query)),
    );

    app.get(
      '/transactions',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            'Payments, credit adjustments and invoices as one list, newest first (10 per page by default)',
          security: securedBy,
          querystring: transactionListQuerySchema,
          response: { 200: okSchema(transactionListSchema) },
        },
      },
      async (request) => ok(await transactions.list(customerOf(request).id, request.query)),
    );
  };
}
