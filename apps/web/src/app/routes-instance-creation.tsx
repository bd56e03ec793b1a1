import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { creationSearchSchema } from '../features/instance-creation/search-params';
import { guard } from './guard';
import { comingLater, lazyPage, rootRoute } from './route-builders';

const creationPage = (path: string, exportName: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { auth: 'required', layout: 'Default', title: 'areas.instanceCreation' },
    validateSearch: creationSearchSchema,
    beforeLoad: guard('required'),
    component: lazyPage(() => import('../features/instance-creation/InstanceCreationPage'), exportName),
  });

/** Instance creation, the public cart and the creation pending pages (instances.md §2). */
export const instanceCreationRoutes: AnyRoute[] = [
  creationPage('/createinstance', 'InstanceCreationPage'),
  creationPage('/createinstance/forex', 'ForexInstanceCreationPage'),
  comingLater('/createinstance/pending', 'instanceCreation'),
  comingLater('/preorder/pending', 'preorders'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/cart',
    staticData: { auth: 'any', layout: 'WithNavAndFooter', title: 'areas.cart' },
    beforeLoad: guard('any'),
    component: lazyPage(() => import('../features/instance-creation/cart/CartPage'), 'CartPage'),
  }),
];
