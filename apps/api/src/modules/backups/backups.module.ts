import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { backupRoutes } from './backups.routes';

/** Routes of the backups area, mounted under /api. */
export function backupsModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(backupRoutes(deps));
  };
}
