import type { Snapshot } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueApi, ok, renderCreationPage } from '../instance-creation.test-helpers';
import { snapshotUnavailable } from './SnapshotPicker';

const snapshot = (
  id: number,
  overrides: { regionId?: number; disk?: number; instanceClass?: string; osId?: number | null } = {},
): Snapshot => ({
  id,
  name: `web-${id}-2026-11-20-0900`,
  size: 2048,
  status: 'active',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastRestoredAt: null,
  instanceId: id * 10,
  regionId: overrides.regionId ?? 1,
  productId: 1,
  isInstanceDeleted: false,
  monthlyPrice: '0.0960',
  metadata: {
    ip: null,
    ipv6: null,
    hostname: `web-${id}`,
    instanceClass: overrides.instanceClass ?? 'default',
    osId: overrides.osId === undefined ? 11 : overrides.osId,
    isoId: null,
    appId: null,
    features: [],
    vCpuCount: 1,
    ram: 1024,
    disk: overrides.disk ?? 20,
    extraVCpuCount: 0,
    extraRamInGb: 0,
    extraDiskInGb: 0,
  },
});

describe('snapshots as a source of new instances', () => {
  it('names the reason a snapshot cannot make this order (instances.md §4)', () => {
    const values = { regionId: 1, planClass: 'default' as const };
    expect(snapshotUnavailable(snapshot(1), values, 20)).toBeNull();
    expect(snapshotUnavailable(snapshot(1, { regionId: 2 }), values, 20)).toBe('region');
    expect(snapshotUnavailable(snapshot(1, { instanceClass: 'cpu-optimized' }), values, 20)).toBe('planType');
    expect(snapshotUnavailable(snapshot(1, { disk: 40 }), values, 20)).toBe('storage');
    expect(snapshotUnavailable(snapshot(1), { regionId: 1, planClass: 'gpu-provided' }, 20)).toBe('gpu');
    expect(snapshotUnavailable(snapshot(1, { osId: null }), values, 20)).toBe('image');
  });

  it('orders instances from a chosen snapshot, and says why another cannot be chosen', async () => {
    const api = catalogueApi({
      'GET /api/snapshots': ok({
        items: [snapshot(1), snapshot(2, { disk: 500 })],
        pageSize: 100,
        totalCount: 2,
        totalPages: 1,
      }),
      'POST /api/instances': ok({
        results: [
          { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' },
        ],
      }),
    });
    await renderCreationPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Snapshots' }));
    const group = await screen.findByRole('radiogroup', { name: 'Snapshots' });
    expect(within(group).getByText('Needs a plan with at least 500 GB of storage.')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /web-2-/ })).toBeDisabled();
    fireEvent.click(within(group).getByRole('radio', { name: /web-1-/ }));
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: /web-1-/ })).toHaveAttribute('aria-checked', 'true'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Create instance/ }));
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({
      fromSnapshot: 1,
      osId: 11,
      appId: null,
    });
    expect(api.calls('GET', '/api/snapshots')[0]?.query.get('status')).toBe('active');
  });

  it('loads more ready snapshots than a page holds', async () => {
    const first = Array.from({ length: 100 }, (_, i) => snapshot(i + 1));
    catalogueApi({
      'GET /api/snapshots': (request) =>
        request.query.get('page') === '2'
          ? ok({ items: [snapshot(101)], pageSize: 100, totalCount: 101, totalPages: 2 })
          : ok({ items: first, pageSize: 100, totalCount: 101, totalPages: 2 }),
    });
    await renderCreationPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Snapshots' }));
    const group = await screen.findByRole('radiogroup', { name: 'Snapshots' });
    expect(within(group).getAllByRole('radio')).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(group).findByRole('radio', { name: /web-101-/ })).toBeInTheDocument();
  });
});
