import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { readInstanceListSearch } from '../features/instances/search';
import { guard } from './guard';
import { comingLater, lazyPage, oneOf, page, rootRoute, signedIn } from './route-builders';

/** Services tabs that a later release delivers; the others have routes of their own. */
const laterServicesTabs = ['customIso'] as const;

const instanceListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/services/instanceList',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.instances' },
  validateSearch: readInstanceListSearch,
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/instances/list/InstanceListPage'), 'InstanceListPage'),
});

/** The services tabs (instance list, …) and the deletion queue (instances.md §2). */
export const instanceRoutes: AnyRoute[] = [
  instanceListRoute,
  page(
    '/instance-deletion',
    signedIn('areas.instances'),
    () => import('../features/instances/deletion/InstanceDeletionPage'),
    'InstanceDeletionPage',
  ),
  page(
    '/services/backups',
    signedIn('areas.instances'),
    () => import('../features/backups/BackupsPage'),
    'BackupsPage',
  ),
  page(
    '/services/snapshots',
    signedIn('areas.instances'),
    () => import('../features/snapshots/SnapshotsPage'),
    'SnapshotsPage',
  ),
  // A static path wins over the parameter, so /services/instanceList never reaches this route.
  comingLater('/services/$tab', 'instances', 'required', 'Default', (params) =>
    oneOf(laterServicesTabs, 'tab')({ params }),
  ),
];
