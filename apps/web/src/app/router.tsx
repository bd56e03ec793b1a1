import { createRouter } from '@tanstack/react-router';
import { LoadingState } from '../components/states/LoadingState';
import { RouteErrorBoundary } from '../features/shell/RouteErrorBoundary';
import { queryClient } from './query-client';
import { routeTree } from './routes';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultPendingMs: 300,
  defaultPendingComponent: () => <LoadingState minHeight="50vh" />,
  // A page's error replaces that page only, inside its layout; the root's own boundary covers the rest.
  defaultErrorComponent: RouteErrorBoundary,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
