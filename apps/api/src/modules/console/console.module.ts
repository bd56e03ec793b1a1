import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { consoleRoutes } from './console.routes';

/** The remote console (noVNC's WebSocket), mounted under /api; the WebSocket plugin is the app's (app.ts). */
export function consoleModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(consoleRoutes(deps));
  };
}
