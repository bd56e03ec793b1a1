import { instanceParamsSchema, metricPointsSchema, metricsQuerySchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { createMonitoring } from './monitoring.service';

/** GET /instances/{id}/metrics (instances.md §7). */
export function monitoringRoutes(deps: Pick<AppDeps, 'db'>) {
  const monitoring = createMonitoring(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);
    app.get(
      '/instances/:id/metrics',
      {
        schema: {
          tags: ['monitoring'],
          summary:
            'One metric of an instance: typeQuery=simple gives the latest minute, history the average per `step` ' +
            'minutes between `start` and `end` (epoch ms, at most 15 days); percentages capped at 100. 409 ' +
            'MONITORING_NOT_INSTALLED for memory and disk usage without the monitoring agent.',
          security: securedBy,
          params: instanceParamsSchema,
          querystring: metricsQuerySchema,
          response: { 200: okSchema(metricPointsSchema) },
        },
      },
      async (request) => ok(await monitoring.metrics(customerOf(request), request.params.id, request.query)),
    );
  };
}
