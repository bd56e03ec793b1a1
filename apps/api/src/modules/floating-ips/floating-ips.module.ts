import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { floatingIpsRoutes } from './floating-ips.routes';
import { createFloatingIpService } from './floating-ips.service';

/** Routes of the floating IPs area, mounted under /api. */
export function floatingIpsModule(deps: AppDeps) {
  const floatingIps = createFloatingIpService({ db: deps.db, hypervisor: deps.hypervisor });
  return async (app: FastifyInstance) => {
    await app.register(floatingIpsRoutes({ floatingIps }));
  };
}
