import type { ActivityLogEntry, UserInfo } from '@nimbus/contract';
import type { ReactNode } from 'react';
import { pageRoute, pageShown, renderRoutes, stubRoute, underTest } from '../../test/render';

export { fail, mockApi, ok, type SeenRequest } from '../../test/api';

export const testUser: UserInfo = {
  id: 42,
  fullname: 'Ada Lovelace',
  email: { email: 'ada@example.com', isVerified: true },
  unverifiedEmail: null,
  phone: { phone: '+14155550123' },
  region: 'California',
  city: 'San Francisco',
  country: 'United States',
  language: 'en',
  accountState: 'verified',
  isSuspended: false,
  isAdminSuspended: false,
  createdAt: '2025-03-04T10:00:00.000Z',
};

let id = 0;
/** A log entry `minutesAgo` before a fixed moment, newest first when built with rising minutes. */
export function logEntry(
  event: string,
  data: Record<string, unknown> = {},
  minutesAgo = 0,
): ActivityLogEntry {
  id += 1;
  return {
    id,
    event,
    data,
    payload: null,
    iid: null,
    timestamp: new Date(Date.UTC(2026, 0, 10, 12, 0) - minutesAgo * 60_000).toISOString(),
  };
}

/**
 * Renders `page` at /account/$tab (so route hooks work as in the app) with English texts, a fresh
 * query cache and toasts; /signin and /dashboard are stubs to land on.
 */
export function renderAccount(page: ReactNode, url = '/account/information') {
  const mounted = underTest(page);
  return renderRoutes(
    url,
    (root) => [
      pageRoute(root, '/account/$tab', mounted),
      pageRoute(root, '/dashboard', mounted),
      stubRoute(root, '/signin', 'Sign in'),
    ],
    { ready: pageShown },
  );
}
