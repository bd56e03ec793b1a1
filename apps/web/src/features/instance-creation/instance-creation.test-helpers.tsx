import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { InstanceCreationPage } from './InstanceCreationPage';
import { appConfig, osList, product, region } from './instance-creation-fixtures.test-helpers';

export { fail, mockApi, ok } from '../../test/api';

/** Six plans in Frankfurt; s-2 is out of stock. */
export const products = [1, 2, 3, 4, 5, 6].map((id) => product(id, id === 2 ? { remainingStock: 0 } : {}));

/** The catalogue the creation screen reads, and `extra` routes of the test's own (the order's answer). */
export function catalogueApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/regions': ok([region()]),
    'GET /api/products': ok(products),
    'GET /api/os': ok({ os: osList }),
    'GET /api/features': ok({}),
    'GET /api/app-configs': ok(appConfig),
    'GET /api/applications': ok({ applications: [], totalPages: 0, totalCount: 0, page: 1, pageSize: 500 }),
    'GET /api/applications/tags': ok([]),
    'GET /api/ssh-keys': ok({ sshKeys: [] }),
    'GET /api/floating-ip': ok(ownedFloatingIps()),
    ...extra,
  });
}

/** GET /floating-ip's answer: the account's addresses and the counts of the two limits. */
export const ownedFloatingIps = (activeCount = 0, createdThisMonth = activeCount) => ({
  data: { items: [], totalCount: activeCount },
  activeCount,
  createdThisMonth,
});

/** Opens the creation screen at `url`, ready once the first plan in stock is chosen and named. */
export async function renderCreationPage(url = '/createinstance') {
  const { router } = await renderRoutes(
    url,
    (root) => [
      pageRoute(root, '/createinstance', InstanceCreationPage),
      stubRoute(root, '/createinstance/pending', 'Pending'),
      stubRoute(root, '/account/$tab', 'Account'),
    ],
    { ready: () => screen.findByRole('heading', { level: 1, name: 'Create instance' }) },
  );
  await waitFor(
    () => expect(screen.getByLabelText('Hostname of instance 1')).toHaveValue('ubuntu-s-1-fra-1'),
    { timeout: 5000 },
  );
  return { router };
}
