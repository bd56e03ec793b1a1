import '@testing-library/jest-dom/vitest';
import type { Branding } from '@nimbus/contract';
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
import { brandingKeys } from '../../api/branding';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { initI18n } from '../../i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

export const testBranding: Branding = {
  name: 'Nimbus Cloud',
  logoUrl: '/brand/logo.svg',
  primaryColor: '#2563eb',
  secondaryColor: '#0f172a',
  supportEmail: 'support@nimbus.example',
  termsUrl: 'https://nimbus.example/terms',
  aupUrl: 'https://nimbus.example/acceptable-use',
  reviewUrl: 'https://review.example',
  captcha: { provider: 'none', siteKey: null },
  devMailbox: false,
};

let i18nReady: ReturnType<typeof initI18n> | null = null;

interface RenderOptions {
  /** Where the page is mounted; its route id is this path, as in the app. */
  path?: string;
  /** The first URL, with any search. */
  url?: string;
  branding?: Branding;
}

/**
 * Renders an auth screen the way the app does (router, query cache with the brand, toasts, English
 * texts) with a stub dashboard to land on, and returns the query client for assertions.
 */
export async function renderPage(page: ReactNode, options: RenderOptions = {}) {
  i18nReady ??= initI18n();
  await i18nReady;
  const path = options.path ?? '/page';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(brandingKeys.all, options.branding ?? testBranding);

  const rootRoute = createRootRoute({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path, component: () => page }),
    createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', component: () => <h1>Dashboard</h1> }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/resetpasswordsuccess',
      component: () => <h1>Reset done</h1>,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [options.url ?? path] }),
  });

  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { queryClient, router };
}

type Answer = { status: number; body: unknown };

/** Replaces fetch with canned envelopes, one per call in order; the mock records every request. */
export function mockApi(...answers: Answer[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers.shift() ?? {
      status: 500,
      body: { code: 'INTERNAL_ERROR', detail: 'x', data: null },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (data: unknown = null): Answer => ({
  status: 200,
  body: { code: 'OKAY', detail: '', data },
});
export const fail = (status: number, code: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { code, detail: code, data: null, ...extra },
});
