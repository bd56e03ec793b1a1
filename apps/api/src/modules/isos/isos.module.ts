import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { isoRoutes } from './isos.routes';

/** Routes of the custom ISO area, mounted under /api. */
export function isosModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(isoRoutes(deps));
  };
}
