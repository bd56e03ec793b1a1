import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { billingReadRoutes } from './billing-read.routes';

/** Routes of the billing area (credit, invoices, invoice items, transactions), mounted under /api. */
export function billingModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(billingReadRoutes({ db: deps.db, config: deps.config }));
  };
}
