import { type AnyRoute, createRoute, redirect } from '@tanstack/react-router';
import { digitsOnly, guard } from './guard';
import { lazyPage, oneOf, rootRoute } from './route-builders';

export const instanceTabs = [
  'access',
  'performance',
  'billing',
  'resize',
  'os',
  'network',
  'log',
  'ticket',
  'rescuemode',
  'snapshot',
  'backups',
] as const;

/** The instance detail page and its tabs (instances.md §2). */
export const instanceDetailRoutes: AnyRoute[] = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/instances/$id',
    beforeLoad: (ctx) => {
      guard('required')(ctx);
      digitsOnly(ctx.params);
      throw redirect({
        to: '/instances/$id/$tab',
        params: { id: ctx.params.id, tab: 'access' },
        replace: true,
      });
    },
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/instances/$id/$tab',
    staticData: { auth: 'required', layout: 'Default', title: 'areas.instances' },
    beforeLoad: (ctx) => {
      guard('required')(ctx);
      digitsOnly(ctx.params);
      oneOf(instanceTabs, 'tab')({ params: ctx.params });
    },
    component: lazyPage(() => import('../features/instance-detail/InstanceDetailPage'), 'InstanceDetailPage'),
  }),
];
