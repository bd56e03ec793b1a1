import type {
  Notification,
  NotificationList,
  NotificationsRead,
  notificationListQuerySchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
} from './notifications.repository';

type ListQuery = z.output<typeof notificationListQuerySchema>;

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  data: row.data,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The customer's side of notifications: reading them and marking them read. */
export function createNotificationService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(customerId: number, query: ListQuery): Promise<NotificationList> {
      const { page, pageSize } = query;
      const { rows, total, unread } = await listNotifications(db, customerId, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return {
        notifications: rows.map(toNotification),
        totalCount: total,
        totalPages: Math.ceil(total / pageSize),
        pageSize,
        unreadCount: unread,
      };
    },

    async markRead(customerId: number, id: number): Promise<Notification> {
      const row = await markRead(db, customerId, id);
      if (!row) throw notFound('No such notification.');
      return toNotification(row);
    },

    async markAllRead(customerId: number): Promise<NotificationsRead> {
      const updated = await markAllRead(db, customerId);
      return { updated, unreadCount: await countUnread(db, customerId) };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
