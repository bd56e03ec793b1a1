import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { readCreationSearch } from '../features/instance-creation/search-params';
import { guard } from './guard';
import { lazyPage, page, rootRoute, signedIn } from './route-builders';

const creationPage = (path: string, exportName: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { auth: 'required', layout: 'Default', title: 'areas.instanceCreation' },
    validateSearch: readCreationSearch,
    beforeLoad: guard('required'),
    component: lazyPage(() => import('../features/instance-creation/InstanceCreationPage'), exportName),
  });

/** Instance creation, the public cart and the creation pending pages (instances.md §2). */
export const instanceCreationRoutes: AnyRoute[] = [
  creationPage('/createinstance', 'InstanceCreationPage'),
  creationPage('/createinstance/forex', 'ForexInstanceCreationPage'),
  page(
    '/createinstance/pending',
    signedIn('areas.instanceCreation'),
    () => import('../features/instances/pending/CreationPendingPage'),
    'CreationPendingPage',
  ),
  page(
    '/preorder/pending',
    signedIn('areas.instanceCreation'),
    () => import('../features/instances/pending/PreorderPendingPage'),
    'PreorderPendingPage',
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/cart',
    staticData: { auth: 'any', layout: 'WithNavAndFooter', title: 'areas.cart' },
    beforeLoad: guard('any'),
    component: lazyPage(() => import('../features/instance-creation/cart/CartPage'), 'CartPage'),
  }),
];
