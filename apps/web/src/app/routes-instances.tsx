import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { readInstanceListSearch } from '../features/instances/search';
import { guard } from './guard';
import { lazyPage, page, rootRoute, signedIn } from './route-builders';

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
  page(
    '/services/customIso',
    signedIn('areas.instances'),
    () => import('../features/isos/CustomIsoPage'),
    'CustomIsoPage',
  ),
];
