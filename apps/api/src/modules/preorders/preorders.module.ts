import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { preordersRoutes } from './preorders.routes';
import { createPreorderService } from './preorders.service';

/** GET/POST /preorders. */
export function preordersModule(deps: AppDeps) {
  const preorders = createPreorderService(deps);
  return async (app: FastifyInstance) => {
    await app.register(preordersRoutes({ preorders }));
  };
}
