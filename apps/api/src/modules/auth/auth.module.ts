import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** Routes of the auth area, mounted under /api. */
export function authModule(_deps: AppDeps) {
  return async (_app: FastifyInstance) => {};
}
