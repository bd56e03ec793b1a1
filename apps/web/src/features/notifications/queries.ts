import type { NotificationList } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { FALLBACK_POLL_MS, unlessLive } from '../live-updates/live-status';

/*
 * The notifications' data. Types only from the contract's schemas: the bell is in the shell of every
 * signed-in page and must not load zod. The event stream's `notifications` topic refetches `all` on every
 * insert and every mark read (another tab's too); while the stream is not live, the list polls.
 */

/** Query keys of the notifications area; the event stream's `notifications` topic makes `all` stale. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (page: number, pageSize: number) => [...notificationKeys.all, 'list', page, pageSize] as const,
};

/** A page of notifications, newest first, with the unread count of all of them. */
export const notificationListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: notificationKeys.list(page, pageSize),
    queryFn: () => api<NotificationList>('/notifications', { query: { page, pageSize } }),
    refetchInterval: () => unlessLive(FALLBACK_POLL_MS),
  });
