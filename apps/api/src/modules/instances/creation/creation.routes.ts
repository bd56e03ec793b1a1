import {
  createInstancesRequestSchema,
  createInstancesResponseSchema,
  creationStatusQuerySchema,
  creationStatusSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../deps';
import { ok, okSchema } from '../../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../../auth/auth.guard';
import type { Hypervisor } from '../../compute/hypervisor';
import { idempotencyScopeOf } from '../../idempotency/idempotency.plugin';
import { createCreationService } from './creation.service';

const tags = ['instances'];

/** POST /instances and GET /instances/creation-status (registered before any /instances/:id route). */
export function creationRoutes(deps: AppDeps & { hypervisor: Hypervisor }) {
  const creation = createCreationService(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.post(
      '/instances',
      {
        schema: {
          tags,
          summary:
            'Create one instance per hostname (instances.md §3). 403 ACCOUNT_SUSPENDED / EMAIL_NOT_VERIFIED, ' +
            '409 OUT_OF_STOCK / DDOS_OUT_OF_STOCK / PROMOTION_LIMIT_REACHED (data {allowed, requested}) / ' +
            'NOT_AVAILABLE, 400 GPU_PLANS_ARE_PREORDERED / NOT_AVAILABLE_YET / INVALID_ORDER, 460 when the ' +
            'credit does not cover the order. Each result is CREATED (password shown once) or why not.',
          security: securedBy,
          body: createInstancesRequestSchema,
          response: { 201: okSchema(createInstancesResponseSchema) },
        },
        config: { idempotent: true },
      },
      async (request, reply) => {
        const results = await creation.create(customerOf(request), request.body, idempotencyScopeOf(request));
        const created = results.filter((r) => r.code === 'CREATED').length;
        return reply
          .status(201)
          .send(ok({ results }, `${created} of ${results.length} instances are being created.`));
      },
    );

    app.get(
      '/instances/creation-status',
      {
        schema: {
          tags,
          summary: 'Where the instances of a submitted order stand: creating, created or failed',
          security: securedBy,
          querystring: creationStatusQuerySchema,
          response: { 200: okSchema(creationStatusSchema) },
        },
      },
      async (request) => ok(await creation.status(customerOf(request).id, request.query.ids)),
    );
  };
}
