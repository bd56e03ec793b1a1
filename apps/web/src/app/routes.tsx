import { verificationFailureReasons } from '@nimbus/contract';
import { type AnyRoute, createRoute, redirect } from '@tanstack/react-router';
import { optionalBoolean, optionalInt, optionalOneOf, optionalString } from '../lib/search-params';
import { guard } from './guard';
import { alert, lazyPage, oneOf, page, redirectRoute, rootRoute, signedIn } from './route-builders';
import { applicationRoutes } from './routes-applications';
import { billingRoutes } from './routes-billing';
import { instanceCreationRoutes } from './routes-instance-creation';
import { instanceDetailRoutes } from './routes-instance-detail';
import { instanceRoutes } from './routes-instances';
import { notificationRoutes } from './routes-notifications';
import { paymentRoutes } from './routes-payments';
import { solutionRoutes } from './routes-solutions';
import { supportRoutes } from './routes-support';

export type { RouterContext } from './route-builders';
export { rootRoute } from './route-builders';

const tokenSearch = (search: Record<string, unknown>) => ({ token: optionalString(search.token) });
export const accountTabs = ['information', 'email', 'security', 'api-access', 'log'] as const;
export type AccountTab = (typeof accountTabs)[number];

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
  validateSearch: (search: Record<string, unknown>) => ({
    reason: optionalOneOf(verificationFailureReasons, search.reason),
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
  validateSearch: (search: Record<string, unknown>) => ({ verify: optionalBoolean(search.verify) }),
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

/** The remote console (instances.md §2): a popup of its own, for the instance in `?instanceId=`. */
const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/novnc',
  staticData: { auth: 'required', layout: 'Vnc', title: 'areas.console' },
  validateSearch: (search: Record<string, unknown>) => ({ instanceId: optionalInt(search.instanceId) }),
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/console/ConsolePage'), 'ConsolePage'),
});

/** SPICE: which drivers offer it, and the VNC console of the same instance (docs/decisions.md). */
const spiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/spice',
  staticData: { auth: 'required', layout: 'Spice', title: 'areas.console' },
  validateSearch: (search: Record<string, unknown>) => ({ instanceId: optionalInt(search.instanceId) }),
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/console/SpicePage'), 'SpicePage'),
});

// ---- the self-service areas ----
const selfServiceRoutes: AnyRoute[] = [
  page(
    '/sshkeys',
    signedIn('areas.sshKeys'),
    () => import('../features/ssh-keys/SshKeysPage'),
    'SshKeysPage',
  ),
  page(
    '/ip-management',
    signedIn('areas.floatingIps'),
    () => import('../features/floating-ips/FloatingIpsPage'),
    'FloatingIpsPage',
  ),
  consoleRoute,
  spiceRoute,
  redirectRoute('/services', '/services/instanceList'),
  redirectRoute('/createinstance/virtualization', '/createinstance'),
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
  ...billingRoutes,
  ...paymentRoutes,
  ...instanceCreationRoutes,
  ...instanceRoutes,
  ...instanceDetailRoutes,
  ...supportRoutes,
  ...solutionRoutes,
  ...notificationRoutes,
  ...applicationRoutes,
  ...selfServiceRoutes,
  unknownRoute,
]);
