import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { activityLogRoutes } from './activity-log.routes';

/** The activity-log area, mounted under /api. */
export function activityLogModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(activityLogRoutes(deps));
  };
}
