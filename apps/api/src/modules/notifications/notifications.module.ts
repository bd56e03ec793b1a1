import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationService } from './notifications.service';

/** Routes of the notifications area, mounted under /api. */
export function notificationsModule(deps: AppDeps) {
  const notifications = createNotificationService({ db: deps.db });
  return async (app: FastifyInstance) => {
    await app.register(notificationsRoutes({ notifications }));
  };
}
