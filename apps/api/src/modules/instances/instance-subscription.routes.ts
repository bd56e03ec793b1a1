import {
  bulkSubscriptionRefundRequestSchema,
  bulkSubscriptionRefundSchema,
  changeBillingCycleRequestSchema,
  instanceParamsSchema,
  instanceSchema,
  manageAutoRenewRequestSchema,
  manageAutoRenewResponseSchema,
  subscriptionRefundSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { idempotencyScopeOf } from '../idempotency/idempotency.plugin';
import { createInstanceSubscriptions } from './instance-subscription.service';

const tags = ['instances'];

/** Auto-renew, "Renew now", deletion and refunds: allowed while suspended (how a customer pays or stops). */
export function instanceSubscriptionRoutes(deps: { db: Database; jobs: JobQueue }) {
  const subscriptions = createInstanceSubscriptions(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.post(
      '/instances/bulk-subscription-refund',
      {
        schema: {
          tags,
          summary: 'What deleting these instances would give back now, each and in total',
          security: securedBy,
          body: bulkSubscriptionRefundRequestSchema,
          response: { 200: okSchema(bulkSubscriptionRefundSchema) },
        },
      },
      async (request) => ok(await subscriptions.bulkRefund(customerOf(request), request.body.ids)),
    );

    app.get(
      '/instances/:id/subscription-refund',
      {
        schema: {
          tags,
          summary: 'What deleting the instance now would give back: unused whole days of a paid cycle',
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(subscriptionRefundSchema) },
        },
      },
      async (request) => ok(await subscriptions.refund(customerOf(request), request.params.id)),
    );

    app.put(
      '/instances/:id/manage-auto-renew',
      {
        schema: {
          tags,
          summary: 'Turn auto-renew of a subscription on or off; 400 NOT_A_SUBSCRIPTION for hourly instances',
          security: securedBy,
          params: instanceParamsSchema,
          body: manageAutoRenewRequestSchema,
          response: { 200: okSchema(manageAutoRenewResponseSchema) },
        },
      },
      async (request) =>
        ok(await subscriptions.setAutoRenew(customerOf(request), request.params.id, request.body.autoRenew)),
    );

    app.post(
      '/instances/:id/change-billing-cycle',
      {
        schema: {
          tags,
          summary:
            'The same switch as manage-auto-renew under the call the spec also lists: {isAutoRenewEnabled}; ' +
            '400 NOT_A_SUBSCRIPTION for hourly instances',
          security: securedBy,
          params: instanceParamsSchema,
          body: changeBillingCycleRequestSchema,
          response: { 200: okSchema(manageAutoRenewResponseSchema) },
        },
      },
      async (request) =>
        ok(
          await subscriptions.setAutoRenew(
            customerOf(request),
            request.params.id,
            request.body.isAutoRenewEnabled,
          ),
        ),
    );

    app.post(
      '/instances/:id/renew',
      {
        schema: {
          tags,
          summary:
            'Renew now: pay a new cycle of a subscription suspended at renewal, which lifts its suspension; ' +
            '409 NOT_SUSPENDED, 460 when the credit is short',
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(instanceSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await subscriptions.renew(customerOf(request), request.params.id, idempotencyScopeOf(request)),
          'Subscription renewed.',
        ),
    );

    app.delete(
      '/instances/:id',
      {
        schema: {
          tags,
          summary:
            'Delete the instance: billing stops now, unused whole days of a paid cycle are refunded once, ' +
            'the server is torn down in the background. Again while deleting: the same answer, nothing more.',
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(subscriptionRefundSchema) },
        },
        // Deleting is idempotent by itself (again while deleting: the same answer); the key adds the replay.
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await subscriptions.delete(customerOf(request), request.params.id),
          'The instance is being deleted.',
        ),
    );
  };
}
