import { createRoute } from '@tanstack/react-router';
import { readApplicationsSearch } from '../features/applications/search';
import { guard } from './guard';
import { lazyPage, rootRoute } from './route-builders';

/** Applications (platform.md §2): search, category and page in the URL. */
const applicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/applications',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.applications' },
  validateSearch: readApplicationsSearch,
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/applications/ApplicationsPage'), 'ApplicationsPage'),
});

// A tuple, not AnyRoute[]: the route tree keeps the route's path and search types.
export const applicationRoutes = [applicationsRoute] as const;
