import {
  activateAutoRechargeRequestSchema,
  activateAutoRechargeResultSchema,
  autoRechargeInfoSchema,
  cardListSchema,
  changeDefaultCardRequestSchema,
  deactivateAutoRechargeRequestSchema,
  idParamsSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okEmpty, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { idempotencyScopeOf } from '../idempotency/idempotency.plugin';
import type { AutoRechargeService } from './auto-recharge.service';

const tags = ['auto-recharge'];
const idParams = idParamsSchema;

/** Auto-recharge: `{id}` is the customer's billing id (GET /profile/billing-info → id). */
export function autoRechargeRoutes(deps: { autoRecharge: AutoRechargeService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/auto-recharge/:id',
      {
        schema: {
          tags,
          summary: 'Auto-recharge settings, card gateways with their default card, and the offered options',
          security: securedBy,
          params: idParams,
          response: { 200: okSchema(autoRechargeInfoSchema) },
        },
      },
      async (request) => ok(await deps.autoRecharge.info(customerOf(request).id, request.params.id)),
    );

    app.post(
      '/auto-recharge',
      {
        schema: {
          tags,
          summary:
            'Activate or update auto-recharge; without a saved card, redirectURI opens a card-saving checkout',
          security: securedBy,
          body: activateAutoRechargeRequestSchema,
          response: { 200: okSchema(activateAutoRechargeResultSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await deps.autoRecharge.activate(
            customerOf(request).id,
            request.body,
            request.ip,
            idempotencyScopeOf(request),
          ),
        ),
    );

    app.delete(
      '/auto-recharge/:id',
      {
        schema: {
          tags,
          summary: 'Deactivate auto-recharge, with the reason asked first',
          security: securedBy,
          params: idParams,
          body: deactivateAutoRechargeRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.autoRecharge.deactivate(
          customerOf(request).id,
          request.params.id,
          request.body.reason,
          request.ip,
        );
        return ok(null, 'Auto-recharge deactivated.');
      },
    );

    app.get(
      '/auto-recharge/gateways/:id/cards',
      {
        schema: {
          tags,
          summary: "The customer's saved cards at a card gateway",
          security: securedBy,
          params: idParams,
          response: { 200: okSchema(cardListSchema) },
        },
      },
      async (request) => ok(await deps.autoRecharge.cards(customerOf(request).id, request.params.id)),
    );

    app.post(
      '/auto-recharge/gateways/:id/change-default-card',
      {
        schema: {
          tags,
          summary: 'Make a saved card the default for automatic charges (code OKAY on success)',
          security: securedBy,
          params: idParams,
          body: changeDefaultCardRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.autoRecharge.changeDefaultCard(
          customerOf(request).id,
          request.params.id,
          request.body.cardId,
        );
        return ok(null, 'Default card changed.');
      },
    );
  };
}
