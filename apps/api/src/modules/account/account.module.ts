import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** Routes of the account area, mounted under /api. */
export function accountModule(_deps: AppDeps) {
  return async (_app: FastifyInstance) => {};
}
