import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** GET/POST /preorders (being written). */
export function preordersModule(_deps: AppDeps) {
  return async (_app: FastifyInstance) => {};
}
