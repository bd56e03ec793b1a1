import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** Routes of the catalogue area, mounted under /api. */
export function catalogueModule(_deps: AppDeps) {
  return async (_app: FastifyInstance) => {};
}
