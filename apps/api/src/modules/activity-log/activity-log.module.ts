import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** Routes of the activity-log area, mounted under /api. */
export function activityLogModule(_deps: AppDeps) {
  return async (_app: FastifyInstance) => {};
}
