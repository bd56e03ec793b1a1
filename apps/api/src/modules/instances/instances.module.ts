import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { creationRoutes } from './creation/creation.routes';
import { instanceRoutes } from './instances.routes';

/** Routes of the instances area, mounted under /api: creation, reads, actions, deletion and refunds. */
export function instancesModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(creationRoutes(deps));
    await app.register(instanceRoutes(deps));
  };
}
