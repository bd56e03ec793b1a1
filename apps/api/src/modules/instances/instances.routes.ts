import {
  instanceListQuerySchema,
  instanceListSchema,
  instanceParamsSchema,
  instanceSchema,
  instanceStatsSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { Hypervisor } from '../compute/hypervisor';
import { withEtag } from './etag';
import { instanceActionRoutes } from './instance-actions.routes';
import { createInstanceReads } from './instance-reads.service';
import { instanceSubscriptionRoutes } from './instance-subscription.routes';

const tags = ['instances'];
const polled = ' Answers carry a strong ETag; with a matching If-None-Match the answer is 304 with no body.';

/**
 * Reads of the instance list tab and instance page (list, counts, detail), then the actions and the
 * subscription routes. Everything is the signed-in customer's: another customer's instance is a 404.
 * The static paths (/instances/stats, /instances/bulk-subscription-refund) come before /instances/:id.
 */
export function instanceRoutes(deps: AppDeps & { hypervisor: Hypervisor }) {
  const reads = createInstanceReads(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/instances/stats',
      {
        schema: {
          tags,
          summary: `Instance counts: live, powered on, shut down, suspended.${polled}`,
          security: securedBy,
          response: { 200: okSchema(instanceStatsSchema) },
        },
        onSend: withEtag,
      },
      async (request) => ok(await reads.stats(customerOf(request))),
    );

    app.get(
      '/instances',
      {
        schema: {
          tags,
          summary:
            'Live instances, newest first, paged by `bookmark` (keyset); pending GPU preorders first on the ' +
            `first page. Filters: status, interval (insertedAt), ipv4 (main IP), region.${polled}`,
          security: securedBy,
          querystring: instanceListQuerySchema,
          response: { 200: okSchema(instanceListSchema) },
        },
        onSend: withEtag,
      },
      async (request) => ok(await reads.list(customerOf(request), request.query)),
    );

    await app.register(instanceSubscriptionRoutes(deps));

    app.get(
      '/instances/:id',
      {
        schema: {
          tags,
          summary: `One instance; failed, deleted and other customers' instances are 404.${polled}`,
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(instanceSchema) },
        },
        onSend: withEtag,
      },
      async (request) => ok(await reads.detail(customerOf(request), request.params.id)),
    );

    await app.register(instanceActionRoutes(deps));
  };
}
