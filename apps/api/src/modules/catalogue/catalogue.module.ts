import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { catalogueRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';

/** The catalogue area, mounted under /api. */
export function catalogueModule(deps: AppDeps) {
  const catalogue = createCatalogueService(deps);
  return async (app: FastifyInstance) => {
    await app.register(catalogueRoutes({ config: deps.config, catalogue }));
  };
}
