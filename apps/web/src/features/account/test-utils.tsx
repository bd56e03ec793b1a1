import type { ActivityLogEntry, UserInfo } from '@nimbus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { initI18n } from '../../i18n';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

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

type Answer = { status: number; body: unknown };
export const ok = (data: unknown = null): Answer => ({
  status: 200,
  body: { code: 'OKAY', detail: '', data },
});
export const fail = (status: number, code: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { code, detail: `detail of ${code}`, data: null, ...extra },
});

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Replaces fetch with answers by "METHOD /api/path". A function answers from the request, so a
 * route can change its answer between calls (e.g. by page cursor).
 */
export function mockApi(routes: Record<string, Answer | ((request: SeenRequest) => Answer)>) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: SeenRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(request) : (route ?? fail(404, 'NOT_FOUND'));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

let i18nReady: ReturnType<typeof initI18n> | null = null;

/**
 * Renders `page` at /account/$tab (so route hooks work as in the app) with English texts, a fresh
 * query cache and toasts; /signin and /dashboard are stubs to land on.
 */
export async function renderAccount(page: ReactNode, url = '/account/information') {
  i18nReady ??= initI18n();
  await i18nReady;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const mounted = <div data-testid="page-under-test">{page}</div>;
  const rootRoute = createRootRoute({ component: Outlet });
  const stub = (path: string, text: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{text}</h1> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/account/$tab', component: () => mounted }),
    createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', component: () => mounted }),
    stub('/signin', 'Sign in'),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByTestId('page-under-test');
  return { queryClient, router };
}

/** Waits for the page to have rendered something with this text. */
export const findText = (text: string | RegExp) => screen.findByText(text);
