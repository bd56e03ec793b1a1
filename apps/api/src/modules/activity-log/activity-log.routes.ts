import { activityLogListSchema, activityLogQuerySchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { listActivity } from './activity-log.service';

/** The activity log's route. */
export function activityLogRoutes(deps: { db: Database }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/logs',
      {
        preHandler: requireCustomer,
        schema: {
          tags: ['activity-log'],
          summary: "The signed-in customer's activity log, newest first (cursor: endTimestamp)",
          security: securedBy,
          querystring: activityLogQuerySchema,
          response: { 200: okSchema(activityLogListSchema) },
        },
      },
      async (request) => {
        const logs = await listActivity(deps.db, { ...request.query, customerId: customerOf(request).id });
        return ok({ logs });
      },
    );
  };
}
