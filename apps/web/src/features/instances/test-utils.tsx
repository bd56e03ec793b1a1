import type { CreationResult, Instance, Preorder } from '@nimbus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { brandingKeys } from '../../api/branding';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { initI18n } from '../../i18n';
import { testBranding } from '../auth/test-utils';
import { InstanceDeletionPage } from './deletion/InstanceDeletionPage';
import { InstanceListPage } from './list/InstanceListPage';
import { CreationPendingPage } from './pending/CreationPendingPage';
import { PreorderPendingPage } from './pending/PreorderPendingPage';
import { instanceListSearchSchema } from './search';

export { fail, mockApi, ok, type SeenRequest } from '../account/test-utils';

let i18nReady: ReturnType<typeof initI18n> | null = null;

function routeTree() {
  const rootRoute = createRootRoute({ component: Outlet });
  const stub = (path: string, text: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{text}</h1> });
  return rootRoute.addChildren([
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/services/instanceList',
      validateSearch: instanceListSearchSchema,
      component: InstanceListPage,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/instance-deletion',
      component: InstanceDeletionPage,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/createinstance/pending',
      component: CreationPendingPage,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/preorder/pending',
      component: PreorderPendingPage,
    }),
    stub('/createinstance', 'Creation page'),
    stub('/instances/$id/$tab', 'Instance page'),
  ]);
}

/** Opens `url` among the pages of the instances area, with English texts, a fresh cache and toasts. */
export async function renderInstances(url: string) {
  i18nReady ??= initI18n();
  await i18nReady;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(brandingKeys.all, testBranding);
  const router = createRouter({
    routeTree: routeTree(),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { queryClient, router };
}

export const instance = (id: number, overrides: Partial<Instance> = {}): Instance => ({
  id,
  hostname: `web-${id}`,
  status: 'active',
  networkStatus: 'active',
  class: 'default',
  vcpuCount: 2,
  ram: 2048,
  disk: 40,
  bandwidthInTB: 1,
  os: { id: 1, name: 'Ubuntu 24.04', family: 'ubuntu' },
  osId: 1,
  appId: null,
  isoId: null,
  attachIso: false,
  mainIp: `192.0.2.${id}`,
  mainIpv6: null,
  mainIpPTR: null,
  mainIpv6PTRs: [],
  netmaskV4: null,
  netmaskV6: null,
  gatewayV4: null,
  gatewayV6: null,
  isDdosProtected: false,
  insertedAt: '2026-01-05T10:00:00.000Z',
  startedAt: '2026-01-05T10:01:00.000Z',
  dueDate: null,
  isPreorder: false,
  region: { id: 1, name: 'Frankfurt', image: 'de.svg' },
  productId: 3,
  planName: 'Standard 2 GB',
  features: [],
  sshKeys: [],
  ocaData: {},
  extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 },
  billingCycle: 'hourly',
  isSubscriptionAutoRenewEnabled: true,
  billingDetail: null,
  discountPercent: 0,
  username: 'root',
  isSuspended: false,
  ...overrides,
});

/** A GPU preorder as the list shows it. */
export const preorderRow = (id: number, dueDate: string): Instance =>
  instance(id, {
    hostname: `gpu-${id}`,
    status: 'allocating-gpu',
    networkStatus: 'not-provisioned',
    class: 'gpu-provided',
    isPreorder: true,
    mainIp: null,
    dueDate,
  });

export const instanceList = (instances: Instance[], bookmark: string | null = null) => ({
  instances,
  bookmark,
  previousBookmark: null,
});

export const creationResult = (
  hostname: string,
  instanceId: number | null,
  code: CreationResult['code'] = 'CREATED',
): CreationResult => ({
  hostname,
  code,
  detail: code === 'CREATED' ? '' : `detail of ${code}`,
  instanceId,
  password: code === 'CREATED' ? `Pw-${hostname}-1234` : null,
});

export const preorder = (id: number, hostname: string, dueDate: string): Preorder => ({
  id,
  description: 'RTX 5090 GPU server',
  dueDate,
  regionId: 1,
  customerId: 42,
  isPreorder: true,
  status: 'pending',
  instanceId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  metadata: {
    hostname,
    osId: 1,
    isoId: null,
    appId: null,
    productId: 9,
    extraResources: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 },
    class: 'gpu-provided',
    billingCycle: 'monthly',
  },
});
