import type { Instance } from '@nimbus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { initI18n } from '../../i18n';
import { InstanceDetailPage } from './InstanceDetailPage';

export { fail, mockApi, ok, type SeenRequest } from '../account/test-utils';
export { setWideScreen } from '../payments/test-utils';

/** An active monthly Ubuntu instance; override what the test is about. */
export function instance(overrides: Partial<Instance> = {}): Instance {
  return {
    id: 7,
    hostname: 'web-1',
    status: 'active',
    networkStatus: 'active',
    class: 'default',
    vcpuCount: 2,
    ram: 4096,
    disk: 80,
    bandwidthInTB: 2,
    os: { id: 3, name: 'Ubuntu 24.04', family: 'ubuntu' },
    osId: 3,
    appId: null,
    isoId: null,
    attachIso: false,
    mainIp: '203.0.113.7',
    mainIpv6: null,
    mainIpPTR: null,
    mainIpv6PTRs: [],
    netmaskV4: null,
    netmaskV6: null,
    gatewayV4: null,
    gatewayV6: null,
    isDdosProtected: false,
    insertedAt: '2026-01-01T10:00:00.000Z',
    startedAt: '2026-01-01T10:05:00.000Z',
    dueDate: null,
    isPreorder: false,
    region: { id: 1, name: 'Frankfurt', image: 'de.svg' },
    productId: 2,
    planName: 'Standard 2',
    features: [],
    sshKeys: [],
    ocaData: {},
    extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 },
    billingCycle: 'monthly',
    isSubscriptionAutoRenewEnabled: true,
    billingDetail: {
      startDate: '2026-01-01T10:00:00.000Z',
      endDate: '2026-02-01T10:00:00.000Z',
      billingCycle: 'monthly',
      purchasedPrice: '12.00',
      daysUntilTermination: null,
      status: 'active',
    },
    discountPercent: 0,
    username: 'root',
    isSuspended: false,
    ...overrides,
  };
}

let i18nReady: ReturnType<typeof initI18n> | null = null;

/** Opens `url` (/instances/{id}/{tab}) on the detail page, with stubs for where it navigates to. */
export async function renderInstanceDetail(url = '/instances/7/access') {
  i18nReady ??= initI18n();
  await i18nReady;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({ component: Outlet });
  const stub = (path: string, text: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{text}</h1> });
  const routeTree = rootRoute.addChildren([
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/instances/$id/$tab',
      component: InstanceDetailPage,
    }),
    stub('/services/$tab', 'Instance list'),
    stub('/payments', 'Payments page'),
    stub('/404', 'Not found page'),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
