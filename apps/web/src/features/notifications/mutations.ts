import type { Notification, NotificationList, NotificationsRead } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notificationKeys } from './queries';

/* Marking read: used by the bell's menu and the page, kept apart from the query the shell's bell loads. */

/** Shows one notification (or all) read at once, so the badge drops on the click; a refetch follows. */
function useShowRead() {
  const queryClient = useQueryClient();
  return (which: number | 'all') => {
    const now = new Date().toISOString();
    const hit = (n: Notification) => n.readAt === null && (which === 'all' || n.id === which);
    queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.all }, (list) => {
      if (!list) return list;
      const newlyRead = list.notifications.filter(hit).length;
      return {
        ...list,
        unreadCount: which === 'all' ? 0 : Math.max(0, list.unreadCount - newlyRead),
        notifications: list.notifications.map((n) => (hit(n) ? { ...n, readAt: now } : n)),
      };
    });
  };
}

export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  const showRead = useShowRead();
  return useMutation({
    mutationFn: (id: number) => api<Notification>(`/notifications/${id}/read`, { method: 'POST' }),
    onMutate: (id) => showRead(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  const showRead = useShowRead();
  return useMutation({
    mutationFn: () => api<NotificationsRead>('/notifications/read', { method: 'POST' }),
    onMutate: () => showRead('all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
