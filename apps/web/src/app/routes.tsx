import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Navigate,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod';
import { withChunkLoadError } from '../features/shell/chunk-error';
import { RootLayout } from '../features/shell/RootLayout';
import { RouteErrorBoundary } from '../features/shell/RouteErrorBoundary';
import { acceptTokensFromQuery, digitsOnly, guard } from './guard';
import type { LayoutName, RouteAuth } from './route-meta';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteErrorBoundary,
  beforeLoad: ({ location }) => acceptTokensFromQuery(location),
  // Unknown paths are caught by the splat route below; this covers anything that still ends as not-found.
  notFoundComponent: () => <Navigate to="/404" replace />,
});

type Loader = Parameters<typeof lazyRouteComponent>[0];

/** A lazily loaded page; a chunk gone after a deployment asks to update the panel (see chunk-error.ts). */
const lazyPage = (load: Loader, exportName = 'default') =>
  lazyRouteComponent(withChunkLoadError(load), exportName);
const unavailablePage = lazyPage(() => import('../features/unavailable/UnavailablePage'), 'UnavailablePage');
interface PageOptions {
  auth: RouteAuth;
  layout: LayoutName;
  hideFooter?: boolean;
  title: string;
}

/** A page route: its guard, layout, title and lazily loaded component. */
function page(path: string, opts: PageOptions, load: Loader, exportName = 'default') {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { auth: opts.auth, layout: opts.layout, hideFooter: opts.hideFooter, title: opts.title },
    beforeLoad: guard(opts.auth),
    component: lazyPage(load, exportName),
  });
}

/** A route of an area that a later release delivers: it exists, is guarded, and says so. */
function comingLater(
  path: string,
  area: string,
  auth: RouteAuth = 'required',
  layout: LayoutName = 'Default',
  checkParams: (params: Record<string, string>) => void = () => {},
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { auth, layout, title: `areas.${area}` },
    beforeLoad: (ctx) => {
      guard(auth)(ctx);
      checkParams(ctx.params as Record<string, string>);
    },
    component: unavailablePage,
  });
}

/** An old or short address: the query is kept, e.g. /services?status=suspended. */
const redirectRoute = (path: string, to: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ location }) => {
      throw redirect({ href: `${to}${location.searchStr}`, replace: true });
    },
  });

const signedIn = (title: string): PageOptions => ({ auth: 'required', layout: 'Default', title });
const alert = (title: string, auth: RouteAuth = 'any'): PageOptions => ({ auth, layout: 'Alert', title });

const tokenSearch = z.object({ token: z.string().optional().catch(undefined) });
const servicesTabs = ['instanceList', 'backups', 'snapshots', 'customIso'] as const;
export const accountTabs = ['information', 'email', 'security', 'api-access', 'log'] as const;
export type AccountTab = (typeof accountTabs)[number];
const instanceTabs = [
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

const oneOf =
  (allowed: readonly string[], key: string) =>
  ({ params }: { params: Record<string, string> }) => {
    if (!allowed.includes(params[key] ?? '')) throw redirect({ to: '/404', replace: true });
  };

// ---- account and authentication (this release) ----
const signInRoute = page(
  '/signin',
  { auth: 'guest', layout: 'SignIn', title: 'titles.signIn' },
  () => import('../features/auth/SignInPage'),
  'SignInPage',
);
const signUpRoute = page(
  '/signup',
  { auth: 'guest', layout: 'SignUp', title: 'titles.signUp' },
  () => import('../features/auth/SignUpPage'),
  'SignUpPage',
);
const forgotRoute = page(
  '/forgotpassword',
  { auth: 'guest', layout: 'SignIn', title: 'titles.forgotPassword' },
  () => import('../features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetpassword',
  staticData: { auth: 'guest', layout: 'SignIn', title: 'titles.resetPassword' },
  validateSearch: tokenSearch,
  beforeLoad: guard('guest'),
  component: lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});
const resetSuccessRoute = page(
  '/resetpasswordsuccess',
  alert('titles.resetPasswordSuccess', 'guest'),
  () => import('../features/auth/ResetPasswordSuccessPage'),
  'ResetPasswordSuccessPage',
);
const verificationSuccessRoute = page(
  '/verificationsuccess',
  alert('titles.verificationSuccess'),
  () => import('../features/auth/VerificationSuccessPage'),
  'VerificationSuccessPage',
);
const verificationFailureRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verificationfailure',
  staticData: { auth: 'any', layout: 'Alert', title: 'titles.verificationFailure' },
  validateSearch: z.object({
    reason: z.enum(['invalid', 'expired', 'suspended']).optional().catch(undefined),
  }),
  beforeLoad: guard('any'),
  component: lazyPage(() => import('../features/auth/VerificationFailurePage'), 'VerificationFailurePage'),
});
const accountRedirect = redirectRoute('/account', '/account/information');
const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/$tab',
  staticData: { auth: 'required', layout: 'Default', title: 'titles.account' },
  beforeLoad: (ctx) => {
    guard('required')(ctx);
    oneOf(accountTabs, 'tab')(ctx);
  },
  validateSearch: z.object({ verify: z.boolean().optional().catch(undefined) }),
  component: lazyPage(() => import('../features/account/AccountPage'), 'AccountPage'),
});
const dashboardRoute = page(
  '/dashboard',
  signedIn('titles.dashboard'),
  () => import('../features/dashboard/DashboardPage'),
  'DashboardPage',
);
const notFoundRoute = page(
  '/404',
  { auth: 'any', layout: 'WithoutNavAndSidebar', title: 'titles.notFound' },
  () => import('../features/shell/NotFoundPage'),
  'NotFoundPage',
);

// ---- areas of later releases: every route exists and is guarded ----
const laterRoutes: AnyRoute[] = [
  comingLater('/sshkeys', 'sshKeys'),
  comingLater('/applications', 'applications'),
  comingLater('/ip-management', 'floatingIps'),
  comingLater('/payments', 'payments'),
  comingLater('/createinstance', 'instanceCreation'),
  comingLater('/createinstance/pending', 'instanceCreation'),
  comingLater('/preorder/pending', 'preorders'),
  comingLater('/invoices', 'invoices'),
  comingLater('/instance-deletion', 'instances'),
  comingLater('/transactions', 'transactions'),
  comingLater('/auto-recharge', 'autoRecharge'),
  comingLater('/support', 'support'),
  comingLater('/support/new-ticket', 'support'),
  comingLater('/paymentssuccess', 'payments', 'required', 'Alert'),
  comingLater('/paymentsfail', 'payments', 'required', 'Alert'),
  comingLater('/paymentsunderpaid', 'payments', 'required', 'Alert'),
  comingLater('/paymentspending', 'payments', 'required', 'Alert'),
  comingLater('/novnc', 'console', 'required', 'Vnc'),
  comingLater('/spice', 'console', 'required', 'Spice'),
  comingLater('/cart', 'cart', 'any', 'WithNavAndFooter'),
  comingLater('/invoices/print', 'invoices', 'any', 'WithoutNavAndSidebar'),
  comingLater('/payments/print', 'payments', 'any', 'WithoutNavAndSidebar'),
  redirectRoute('/services', '/services/instanceList'),
  redirectRoute('/createinstance/virtualization', '/createinstance'),
  comingLater('/services/$tab', 'instances', 'required', 'Default', (params) =>
    oneOf(servicesTabs, 'tab')({ params }),
  ),
  comingLater('/invoices/$id', 'invoices', 'required', 'Default', (params) => digitsOnly(params)),
  comingLater('/support/$id', 'support', 'required', 'Ticket', (params) => digitsOnly(params)),
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
  comingLater('/instances/$id/$tab', 'instances', 'required', 'Default', (params) => {
    digitsOnly(params);
    oneOf(instanceTabs, 'tab')({ params });
  }),
];

const indexRoute = redirectRoute('/', '/dashboard');
/** Every path no route claims. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/404', replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  signUpRoute,
  forgotRoute,
  resetRoute,
  resetSuccessRoute,
  verificationSuccessRoute,
  verificationFailureRoute,
  accountRedirect,
  accountRoute,
  dashboardRoute,
  notFoundRoute,
  ...laterRoutes,
  unknownRoute,
]);
