import type { Iso } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueApi, ok, renderCreationPage } from '../instance-creation.test-helpers';
import { isoUnavailable } from './IsoPicker';
// Loaded up front: the tab loads it lazily, which on a busy machine can outlast a find's wait.
import './IsoPicker';

const iso = (overrides: Partial<Iso> = {}): Iso => ({
  id: 4,
  name: 'FreeBSD 14',
  url: 'https://mirror.example/freebsd.iso',
  regionId: 1,
  useVirtio: true,
  size: 1024 ** 3,
  downloadedBytes: 1024 ** 3,
  status: 'READY',
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  isInvalidIso: false,
  failure: null,
  ...overrides,
});

describe('a custom ISO as the source of new instances', () => {
  it('names the reason an ISO cannot boot this order', () => {
    const values = { regionId: 1, planClass: 'default' as const };
    expect(isoUnavailable(iso(), values)).toBeNull();
    expect(isoUnavailable(iso({ status: 'DOWNLOADING' }), values)).toBe('uploading');
    expect(isoUnavailable(iso({ status: 'FAILED' }), values)).toBe('failed');
    expect(isoUnavailable(iso({ regionId: 2 }), values)).toBe('region');
    expect(isoUnavailable(iso(), { ...values, planClass: 'gpu-provided' })).toBe('gpu');
  });

  it('orders an instance that boots from the chosen ISO, without an OS', async () => {
    const api = catalogueApi({
      'GET /api/iso': ok({ items: [iso()] }),
      'POST /api/instances': ok({
        results: [
          { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' },
        ],
      }),
    });
    await renderCreationPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Custom ISO' }));
    const group = await screen.findByRole('radiogroup', { name: 'Custom ISO' }, { timeout: 5000 });
    fireEvent.click(within(group).getByRole('radio', { name: /FreeBSD 14/ }));
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: /FreeBSD 14/ })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(screen.getByRole('complementary')).toHaveTextContent('Custom ISO');
    fireEvent.click(screen.getByRole('button', { name: /Create instance/ }));
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({ isoId: 4, osId: null, appId: null });
  });

  it('leads to the import page when there is no ISO', async () => {
    catalogueApi({ 'GET /api/iso': ok({ items: [] }) });
    await renderCreationPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Custom ISO' }));
    expect(await screen.findByRole('link', { name: 'Import an ISO' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/services/customIso',
    );
  });
});
