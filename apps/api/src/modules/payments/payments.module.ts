import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createPrintTokens } from '../billing/print-token';
import type { GatewayRegistry } from './gateways/registry';
import { createPaymentsReader } from './payments.read';
import { paymentPublicRoutes, paymentRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';

/** Routes of the payments area under /api: checkouts, payments, receipts, webhooks. */
export function paymentsModule(deps: AppDeps & { gateways: GatewayRegistry }) {
  const reader = createPaymentsReader({ db: deps.db, printTokens: createPrintTokens(deps) });
  const payments = createPaymentsService(deps);
  return async (app: FastifyInstance) => {
    await app.register(paymentRoutes({ payments, reader }));
    await app.register(paymentPublicRoutes({ ...deps, reader }));
  };
}
