import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Navigate,
  redirect,
} from '@tanstack/react-router';
import { withChunkLoadError } from '../features/shell/chunk-error';
import { preloadLayout } from '../features/shell/layouts';
import { RootLayout } from '../features/shell/RootLayout';
import { RouteErrorBoundary } from '../features/shell/RouteErrorBoundary';
import { loadAllNamespaces } from '../i18n';
import { acceptTokensFromQuery, guard } from './guard';
import type { LayoutName, RouteAuth } from './route-meta';

/** The building blocks of the route table: the root, page routes, later areas and redirects. */
export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteErrorBoundary,
  beforeLoad: ({ location, matches }) => {
    acceptTokensFromQuery(location);
    const target = matches.at(-1)?.staticData;
    // Layouts and the panel's texts are chunks of their own: fetch them alongside the page, not after it.
    void preloadLayout(target?.layout);
    if (target?.auth !== 'guest') void loadAllNamespaces();
  },
  // Unknown paths are caught by the splat route below; this covers anything that still ends as not-found.
  notFoundComponent: () => <Navigate to="/404" replace />,
});

export type Loader = Parameters<typeof lazyRouteComponent>[0];

/** A lazily loaded page; a chunk gone after a deployment asks to update the panel (see chunk-error.ts). */
export const lazyPage = (load: Loader, exportName = 'default') =>
  lazyRouteComponent(withChunkLoadError(load), exportName);
export interface PageOptions {
  auth: RouteAuth;
  layout: LayoutName;
  hideFooter?: boolean;
  title: string;
}

/** A page route: its guard, layout, title and lazily loaded component. */
export function page(path: string, opts: PageOptions, load: Loader, exportName = 'default') {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { auth: opts.auth, layout: opts.layout, hideFooter: opts.hideFooter, title: opts.title },
    beforeLoad: guard(opts.auth),
    component: lazyPage(load, exportName),
  });
}

/** An old or short address: the query is kept, e.g. /services?status=suspended. */
export const redirectRoute = (path: string, to: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ location }) => {
      throw redirect({ href: `${to}${location.searchStr}`, replace: true });
    },
  });

export const signedIn = (title: string): PageOptions => ({ auth: 'required', layout: 'Default', title });
export const alert = (title: string, auth: RouteAuth = 'any'): PageOptions => ({
  auth,
  layout: 'Alert',
  title,
});

export const oneOf =
  (allowed: readonly string[], key: string) =>
  ({ params }: { params: Record<string, string> }) => {
    if (!allowed.includes(params[key] ?? '')) throw redirect({ to: '/404', replace: true });
  };
