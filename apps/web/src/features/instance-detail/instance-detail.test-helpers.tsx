import type { Instance } from '@nimbus/contract';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { instance as listedInstance } from '../instances/instances.test-helpers';
import { InstanceDetailPage } from './InstanceDetailPage';

export { fail, mockApi, ok, type SeenRequest } from '../../test/api';
export { onSmallScreen, onWideScreen } from '../../test/screen-size';

/** Instance 7: an active monthly Ubuntu subscription; override what the test is about. */
export function instance(overrides: Partial<Instance> = {}): Instance {
  return listedInstance(7, {
    hostname: 'web-1',
    ram: 4096,
    disk: 80,
    bandwidthInTB: 2,
    os: { id: 3, name: 'Ubuntu 24.04', family: 'ubuntu' },
    osId: 3,
    mainIp: '203.0.113.7',
    insertedAt: '2026-01-01T10:00:00.000Z',
    startedAt: '2026-01-01T10:05:00.000Z',
    productId: 2,
    planName: 'Standard 2',
    billingCycle: 'monthly',
    billingDetail: {
      startDate: '2026-01-01T10:00:00.000Z',
      endDate: '2026-02-01T10:00:00.000Z',
      billingCycle: 'monthly',
      purchasedPrice: '12.00',
      daysUntilTermination: null,
      terminatesAt: null,
      status: 'active',
    },
    ...overrides,
  });
}

/** Opens `url` (/instances/{id}/{tab}) on the detail page, with stubs for where it navigates to. */
export function renderInstanceDetail(url = '/instances/7/access') {
  return renderRoutes(url, (root) => [
    pageRoute(root, '/instances/$id/$tab', InstanceDetailPage),
    stubRoute(root, '/services/$tab', 'Instance list'),
    stubRoute(root, '/payments', 'Payments page'),
    stubRoute(root, '/404', 'Not found page'),
  ]);
}
