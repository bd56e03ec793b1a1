import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { NotificationService } from './notifications.service';

const tags = ['notifications'];

/** What needs the customer's attention (platform.md §2 "Notifications"); the bell and its page read these. */
export function notificationsRoutes(deps: { notifications: NotificationService }) {
  const { notifications } = deps;
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          summary: "The customer's notifications, newest first, with how many are unread in all",
          security: securedBy,
          querystring: notificationListQuerySchema,
          response: { 200: okSchema(notificationListSchema) },
        },
      },
      async (request) => ok(await notifications.list(customerOf(request).id, request.query)),
    );

    app.post(
      '/notifications/read',
      {
        schema: {
          tags,
          summary: 'Mark every notification read',
          security: securedBy,
          response: { 200: okSchema(notificationsReadSchema) },
        },
      },
      async (request) => ok(await notifications.markAllRead(customerOf(request).id)),
    );

    app.post(
      '/notifications/:id/read',
      {
        schema: {
          tags,
          summary: 'Mark one notification read (reading it again keeps the first time); 404 if not yours',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(notificationSchema) },
        },
      },
      async (request) => ok(await notifications.markRead(customerOf(request).id, request.params.id)),
    );
  };
}
