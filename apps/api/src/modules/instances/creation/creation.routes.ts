import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app';
import type { Hypervisor } from '../../compute/hypervisor';

/** POST /instances and GET /instances/creation-status (being written). */
export function creationRoutes(_deps: AppDeps & { hypervisor: Hypervisor }) {
  return async (_app: FastifyInstance) => {};
}
