import { z } from 'zod';
import { idSchema } from './ids';
import {
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  notificationKinds,
} from './notifications-rules';

/** Notifications (platform.md §2 "Notifications"); the kinds and limits are in notifications-rules.ts. */

export const notificationKindSchema = z.enum(notificationKinds);

export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKindSchema,
  /** What the notification is about, by kind: a ticket id, a snapshot id, a payment id… ('' for the account). */
  subject: z.string(),
  /** The parameters of its text (a title, a hostname, an amount in USD). */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.string(),
  /** Null while unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  /** Unread among all of the customer's notifications, not only this page: the bell's badge. */
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationsReadSchema = z.object({
  /** How many were unread and are now read. */
  updated: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
