import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { snapshotRoutes } from './snapshots.routes';

/** Routes of the snapshots area, mounted under /api. */
export function snapshotsModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(snapshotRoutes(deps));
  };
}
