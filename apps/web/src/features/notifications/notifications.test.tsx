import type { Notification, NotificationList } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes, stubRoute, underTest } from '../../test/render';
import { FALLBACK_POLL_MS, liveStatus } from '../live-updates/live-status';
import { NotificationBell } from './NotificationBell';
import { NotificationsPage } from './NotificationsPage';
import { notificationKeys } from './queries';

const at = '2026-11-20T09:00:00.000Z';
const reply: Notification = {
  id: 3,
  kind: 'ticket_reply',
  subject: '42',
  data: { title: 'Port 22 closed' },
  createdAt: at,
  readAt: null,
};
const snapshotReady: Notification = {
  id: 2,
  kind: 'snapshot_ready',
  subject: '7',
  data: { name: 'web-1-2026-11-20-0900', hostname: 'web-1' },
  createdAt: at,
  readAt: null,
};
const lowBalance: Notification = {
  id: 1,
  kind: 'low_balance',
  subject: '',
  data: { balance: '3.5' },
  createdAt: at,
  readAt: at,
};
const listOf = (notifications: Notification[], extra: Partial<NotificationList> = {}): NotificationList => ({
  notifications,
  totalCount: notifications.length,
  totalPages: notifications.length ? 1 : 0,
  pageSize: 20,
  unreadCount: notifications.filter((n) => n.readAt === null).length,
  ...extra,
});

const stubs = (root: Parameters<typeof stubRoute>[0]) => [
  stubRoute(root, '/support/$id', 'Ticket page'),
  stubRoute(root, '/services/snapshots', 'Snapshots page'),
  stubRoute(root, '/payments', 'Payments page'),
];

describe('the notification bell', () => {
  const renderBell = () =>
    renderRoutes('/dashboard', (root) => [
      pageRoute(root, '/dashboard', underTest(<NotificationBell />)),
      stubRoute(root, '/notifications', 'Notifications page'),
      ...stubs(root),
    ]);

  it('counts the unread ones, and a new one pushed by the server shows without reload', async () => {
    const answers = [listOf([snapshotReady, lowBalance]), listOf([reply, snapshotReady, lowBalance])];
    mockApi({ 'GET /api/notifications': () => ok(answers.length > 1 ? answers.shift()! : answers[0]!) });
    const { queryClient } = await renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, unread: 1' })).toBeInTheDocument();
    // What the event stream's `notifications` topic does.
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    expect(await screen.findByRole('button', { name: 'Notifications, unread: 2' })).toBeInTheDocument();
  });

  describe('without the event stream', () => {
    afterEach(() => {
      vi.useRealTimers();
      liveStatus.set('off');
    });

    it('asks again every few seconds, so a reply shows; a live stream stops the asking', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const answers = [listOf([lowBalance]), listOf([reply, lowBalance])];
      const api = mockApi({
        'GET /api/notifications': () => ok(answers.length > 1 ? answers.shift()! : answers[0]!),
      });
      liveStatus.set('down');
      await renderBell();
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS);
      expect(await screen.findByRole('button', { name: 'Notifications, unread: 1' })).toBeInTheDocument();

      liveStatus.set('live');
      const asked = api.calls('GET', '/api/notifications').length;
      await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 3);
      // At most the ask already timed when the stream came up.
      expect(api.calls('GET', '/api/notifications').length).toBeLessThanOrEqual(asked + 1);
    });
  });

  it('lists the latest in its menu; opening one goes to its subject and marks it read', async () => {
    const api = mockApi({
      'GET /api/notifications': ok(listOf([reply, lowBalance])),
      'POST /api/notifications/3/read': ok({ ...reply, readAt: at }),
    });
    await renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, unread: 1' }));
    const menu = await screen.findByRole('menu');
    const item = await within(menu).findByRole('menuitem', {
      name: /Support replied to ticket #42: Port 22 closed/,
    });
    expect(item).toHaveAttribute('href', '/support/42');
    expect(
      within(menu).getByRole('menuitem', { name: /Your credit is running low \(\$3\.50\)/ }),
    ).toHaveAttribute('href', '/payments');
    expect(within(menu).getByRole('menuitem', { name: 'View all' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    fireEvent.click(item);
    expect(await screen.findByText('Ticket page')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/notifications/3/read')).toHaveLength(1));
  });

  it('says when there is nothing, and offers no Mark all read then', async () => {
    mockApi({ 'GET /api/notifications': ok(listOf([])) });
    await renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('No notifications')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Mark all as read' })).toBeNull();
  });
});

describe('the notifications page', () => {
  const renderPage = (url = '/notifications') =>
    renderRoutes(url, (root) => [pageRoute(root, '/notifications', NotificationsPage), ...stubs(root)]);

  it('lists every notification linking its subject, and marks all read', async () => {
    let all = [reply, snapshotReady, lowBalance];
    const api = mockApi({
      'GET /api/notifications': () => ok(listOf(all)),
      'POST /api/notifications/read': () => {
        all = all.map((n) => ({ ...n, readAt: n.readAt ?? at }));
        return ok({ updated: 2, unreadCount: 0 });
      },
    });
    await renderPage();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list).getByRole('link', { name: /Snapshot web-1-2026-11-20-0900 of web-1 is ready/ }),
    ).toHaveAttribute('href', '/services/snapshots');
    expect(within(list).getAllByText('Unread:')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.calls('POST', '/api/notifications/read')).toHaveLength(1));
    await waitFor(() => expect(within(list).queryAllByText('Unread:')).toHaveLength(0));
  });

  it('asks for the page in the URL and offers the other pages', async () => {
    const api = mockApi({
      'GET /api/notifications': ok(listOf([lowBalance], { totalCount: 21, totalPages: 2 })),
    });
    await renderPage('/notifications?page=2');
    await screen.findByRole('list', { name: 'Notifications' });
    expect(api.calls('GET', '/api/notifications')[0]!.query.get('page')).toBe('2');
    expect(screen.getByRole('navigation', { name: 'Notification pages' })).toBeInTheDocument();
  });

  it('says when there is nothing yet, with nothing to mark read', async () => {
    mockApi({ 'GET /api/notifications': ok(listOf([])) });
    await renderPage();
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows an error with retry when the list cannot be read', async () => {
    const answers = [fail(500, 'INTERNAL')];
    mockApi({ 'GET /api/notifications': () => answers.shift() ?? ok(listOf([reply])) });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('link', { name: /Support replied to ticket #42/ })).toBeInTheDocument();
  });
});
