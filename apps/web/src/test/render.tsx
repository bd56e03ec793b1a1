import type { Branding } from '@nimbus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { brandingKeys } from '../api/branding';
import { ToastProvider } from '../components/toast/ToastProvider';
import { PendingSurvey } from '../features/surveys/PendingSurvey';
import { initI18n } from '../i18n';

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
  sandboxPayments: false,
};

let i18nReady: ReturnType<typeof initI18n> | null = null;
/** The English texts, loaded once per test file. */
export const englishTexts = () => {
  i18nReady ??= initI18n();
  return i18nReady;
};

/** A route under `root` showing `component`, with the app's search schema where it has one. */
export const pageRoute = (
  root: AnyRoute,
  path: string,
  component: AnyRoute['options']['component'],
  validateSearch?: AnyRoute['options']['validateSearch'],
) => createRoute({ getParentRoute: () => root, path, validateSearch, component });

/** A place the page under test links or navigates to: only a heading, to tell that it was reached. */
export const stubRoute = (root: AnyRoute, path: string, heading: string) =>
  createRoute({ getParentRoute: () => root, path, component: () => <h1>{heading}</h1> });

/** Wraps an element under test so `pageShown` can wait for it. */
export const underTest = (page: ReactNode) =>
  function PageUnderTest() {
    return <div data-testid="page-under-test">{page}</div>;
  };
export const pageShown = () => screen.findByTestId('page-under-test');
export const headingShown = () => screen.findByRole('heading', { level: 1 });

interface RenderOptions {
  /** The brand in the query cache, as the shell loads it before any page. */
  branding?: Branding;
  /** Resolves once the page is there to test (e.g. `headingShown`); nothing is awaited by default. */
  ready?: () => Promise<unknown>;
}

/**
 * Opens `url` in a router holding `routes` (as the app declares them: paths, search schemas), with
 * English texts, a fresh query cache without retries, the brand, toasts and the pending survey.
 */
export async function renderRoutes(
  url: string,
  routes: (root: AnyRoute) => AnyRoute[],
  { branding = testBranding, ready }: RenderOptions = {},
) {
  await englishTexts();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(brandingKeys.all, branding);
  // Around every page, as the signed-in layout has it: the survey a page offers, also after it navigated.
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <PendingSurvey />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes(rootRoute)),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await ready?.();
  return { queryClient, router, view };
}
