import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { accountRoutes } from './account.routes';
import { createApiTokenService } from './api-token.service';
import { createProfileService } from './profile.service';

/** Routes of the account area, mounted under /api. */
export function accountModule(deps: AppDeps) {
  const profile = createProfileService({ db: deps.db });
  const apiTokens = createApiTokenService({ db: deps.db });
  return async (app: FastifyInstance) => {
    await app.register(accountRoutes({ profile, apiTokens }));
  };
}
