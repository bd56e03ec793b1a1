import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { GatewayRegistry } from '../payments/gateways/registry';
import { createPaymentsService } from '../payments/payments.service';
import { autoRechargeRoutes } from './auto-recharge.routes';
import { createAutoRechargeService } from './auto-recharge.service';

/** Routes of the auto-recharge area, mounted under /api. */
export function autoRechargeModule(deps: AppDeps & { gateways: GatewayRegistry }) {
  const autoRecharge = createAutoRechargeService({ ...deps, payments: createPaymentsService(deps) });
  return async (app: FastifyInstance) => {
    await app.register(autoRechargeRoutes({ autoRecharge }));
  };
}
