import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import type { Hypervisor } from '../compute/hypervisor';

/** Reads, actions, deletion and refunds of instances (being written). */
export function instanceRoutes(_deps: AppDeps & { hypervisor: Hypervisor }) {
  return async (_app: FastifyInstance) => {};
}
