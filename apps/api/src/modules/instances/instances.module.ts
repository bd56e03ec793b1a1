import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { createHypervisor } from '../compute/compute';
import { creationRoutes } from './creation/creation.routes';
import { instanceRoutes } from './instances.routes';

/** Routes of the instances area, mounted under /api: creation, reads, actions, deletion and refunds. */
export function instancesModule(deps: AppDeps) {
  const hypervisor = createHypervisor(deps);
  return async (app: FastifyInstance) => {
    await app.register(creationRoutes({ ...deps, hypervisor }));
    await app.register(instanceRoutes({ ...deps, hypervisor }));
  };
}
