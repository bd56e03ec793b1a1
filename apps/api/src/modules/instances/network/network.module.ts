import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import { networkRoutes } from './network.routes';

/** Routes of the network area (an instance's transfer and addresses), mounted under /api. */
export function networkModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(networkRoutes(deps));
  };
}
