import { createPreorderRequestSchema, preorderListSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { idempotencyScopeOf } from '../idempotency/idempotency.plugin';
import type { PreorderService } from './preorders.service';

const tags = ['preorders'];

/** GET/POST /preorders: GPU plans ordered ahead of their hardware. */
export function preordersRoutes(deps: { preorders: PreorderService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/preorders',
      {
        schema: {
          tags,
          summary: "The customer's pending GPU preorders, newest first",
          security: securedBy,
          response: { 200: okSchema(preorderListSchema) },
        },
      },
      async (request) => ok({ preorders: await deps.preorders.list(customerOf(request).id) }),
    );

    app.post(
      '/preorders',
      {
        schema: {
          tags,
          summary:
            'Preorder GPU instances, one per hostname (checked like a creation and against the credit, charged ' +
            'only at allocation); due after gpuPreorderEta days',
          security: securedBy,
          body: createPreorderRequestSchema,
          response: { 201: okSchema(preorderListSchema) },
        },
        config: { idempotent: true },
      },
      async (request, reply) =>
        reply.status(201).send(
          ok(
            {
              preorders: await deps.preorders.submit(
                customerOf(request),
                request.body,
                idempotencyScopeOf(request),
              ),
            },
            'Your GPU request is confirmed.',
          ),
        ),
    );
  };
}
