import { createRoute } from '@tanstack/react-router';
import { pageSearch } from '../components/filters';
import { guard } from './guard';
import { lazyPage, rootRoute } from './route-builders';

/** Notifications (platform.md §2 "Notifications"): the page behind the top bar's bell. */
const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  staticData: { auth: 'required', layout: 'Default', title: 'notifications:title' },
  validateSearch: (search: Record<string, unknown>) => ({ page: pageSearch(search.page) }),
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
});

// A tuple, not AnyRoute[]: the route tree keeps the route's path and search types.
export const notificationRoutes = [notificationsRoute] as const;
