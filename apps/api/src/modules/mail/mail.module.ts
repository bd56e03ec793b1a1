import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** Routes of the mail area, mounted under /api. */
export function mailModule(_deps: AppDeps) {
  return async (_app: FastifyInstance) => {};
}
