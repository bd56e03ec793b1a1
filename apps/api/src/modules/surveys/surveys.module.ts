import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { surveysRoutes } from './surveys.routes';
import { createSurveyService } from './surveys.service';

/** Routes of the surveys area, mounted under /api. */
export function surveysModule(deps: AppDeps) {
  const surveys = createSurveyService({ db: deps.db, config: deps.config });
  return async (app: FastifyInstance) => {
    await app.register(surveysRoutes({ surveys }));
  };
}
