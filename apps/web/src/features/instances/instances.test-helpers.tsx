import type { CreationResult, Instance, Preorder } from '@nimbus/contract';
import { headingShown, pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { InstanceDeletionPage } from './deletion/InstanceDeletionPage';
import { InstanceListPage } from './list/InstanceListPage';
import { CreationPendingPage } from './pending/CreationPendingPage';
import { PreorderPendingPage } from './pending/PreorderPendingPage';
import { readInstanceListSearch } from './search';

export { fail, mockApi, ok, type SeenRequest } from '../../test/api';
export { onSmallScreen } from '../../test/screen-size';

/** Opens `url` among the pages of the instances area, as the app declares them, with stubs to land on. */
export function renderInstances(url: string) {
  return renderRoutes(
    url,
    (root) => [
      pageRoute(root, '/services/instanceList', InstanceListPage, readInstanceListSearch),
      pageRoute(root, '/instance-deletion', InstanceDeletionPage),
      pageRoute(root, '/createinstance/pending', CreationPendingPage),
      pageRoute(root, '/preorder/pending', PreorderPendingPage),
      stubRoute(root, '/createinstance', 'Creation page'),
      stubRoute(root, '/instances/$id/$tab', 'Instance page'),
    ],
    { ready: headingShown },
  );
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
  ipv6Range: null,
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
