import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { monitoringRoutes } from './monitoring.routes';

/** Routes of the monitoring area, mounted under /api. */
export function monitoringModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(monitoringRoutes(deps));
  };
}
