import type { Snapshot } from '@nimbus/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { onWideScreen } from '../../test/screen-size';
import { SnapshotsPage } from './SnapshotsPage';

const snapshot = (id: number, hostname: string, isInstanceDeleted = false): Snapshot => ({
  id,
  name: `${hostname}-2026-11-20-0900`,
  size: 1024,
  status: 'active',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastRestoredAt: null,
  instanceId: id * 10,
  regionId: 1,
  productId: 2,
  isInstanceDeleted,
  monthlyPrice: '0.0480',
  metadata: {
    ip: null,
    ipv6: null,
    hostname,
    instanceClass: 'default',
    osId: 3,
    isoId: null,
    appId: null,
    features: [],
    vCpuCount: 1,
    ram: 1024,
    disk: 25,
    extraVCpuCount: 0,
    extraRamInGb: 0,
    extraDiskInGb: 0,
  },
});

const render = (url = '/services/snapshots') =>
  renderRoutes(url, (root) => [
    pageRoute(root, '/services/snapshots', SnapshotsPage),
    stubRoute(root, '/services/$tab', 'Services tab'),
    stubRoute(root, '/instances/$id/$tab', 'Instance page'),
  ]);

describe('Services > Snapshots', () => {
  it("lists every snapshot of the customer, those of deleted instances too, by the URL's page", async () => {
    onWideScreen();
    const api = mockApi({
      'GET /api/snapshots': ok({
        items: [snapshot(1, 'web-1'), snapshot(2, 'old-db', true)],
        pageSize: 25,
        totalCount: 27,
        totalPages: 2,
      }),
    });
    await render('/services/snapshots?page=2');
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    expect(within(table).getByRole('link', { name: 'web-1' })).toHaveAttribute(
      'href',
      '/instances/10/access',
    );
    expect(within(table).getByText('old-db (deleted)')).toBeInTheDocument();
    const query = api.calls('GET', '/api/snapshots')[0]!.query;
    expect(query.get('page')).toBe('2');
    expect(query.get('instanceId')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Snapshots' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('navigation', { name: 'Snapshot pages' })).toBeInTheDocument();
  });

  it('points to the instances when there is no snapshot yet', async () => {
    mockApi({ 'GET /api/snapshots': ok({ items: [], pageSize: 25, totalCount: 0, totalPages: 0 }) });
    await render();
    expect(await screen.findByText('No snapshots yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to services' })).toHaveAttribute(
      'href',
      '/services/instanceList',
    );
  });
});
