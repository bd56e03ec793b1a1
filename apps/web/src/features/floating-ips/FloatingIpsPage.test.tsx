import type { FloatingIp, FloatingIpList } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes } from '../../test/render';
import { onSmallScreen, onWideScreen } from '../../test/screen-size';
import { FloatingIpsPage } from './FloatingIpsPage';

const region = (id: number, name: string, overallActiveness = true) => ({
  id,
  name,
  image: '',
  isHidden: false,
  overallActiveness,
  ddosActiveness: false,
  config: { supportDdosIpv4: false, supportBackup: false },
  regionDiscounts: [],
});
const regions = [region(1, 'Frankfurt'), region(6, 'Helsinki', false)];

const ip = (overrides: Partial<FloatingIp> = {}): FloatingIp => ({
  id: 7,
  address: '198.18.0.9',
  netmask: '255.255.255.0',
  gateway: '198.18.0.1',
  type: 'ipv4',
  regionId: 1,
  regionName: 'Frankfurt',
  createdAt: '2026-11-02T10:00:00.000Z',
  expiresAt: '2026-12-02T10:00:00.000Z',
  autoRenew: true,
  pricePerMonth: '1.50',
  instance: null,
  ...overrides,
});
const list = (items: FloatingIp[], extra: Partial<FloatingIpList> = {}): FloatingIpList => ({
  data: { items, totalCount: items.length },
  activeCount: items.length,
  createdThisMonth: items.length,
  ...extra,
});

const renderPage = () =>
  renderRoutes('/ip-management', (root) => [pageRoute(root, '/ip-management', FloatingIpsPage)], {
    ready: () => screen.findByRole('heading', { level: 1, name: 'Floating IPs' }),
  });

describe('FloatingIpsPage (platform.md §2, §6, §8)', () => {
  it('lists each address with its netmask, gateway, type, region, dates and switches', async () => {
    onWideScreen();
    mockApi({ 'GET /api/floating-ip': ok(list([ip()])), 'GET /api/regions': ok(regions) });
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Floating IPs' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of ['198.18.0.9', '255.255.255.0', '198.18.0.1', 'IPv4', 'Frankfurt', 'November 2, 2026'])
      expect(row).toHaveTextContent(text);
    expect(row).toHaveTextContent('Renews on December 2, 2026');
    expect(within(row).getByRole('switch', { name: 'Auto-renew 198.18.0.9' })).toBeChecked();
    expect(within(row).getByRole('button', { name: 'Attach 198.18.0.9 to an instance' })).toBeInTheDocument();
  });

  it('shows cards on phones, and the expiry instead of the renewal once auto-renew is off', async () => {
    onSmallScreen();
    mockApi({
      'GET /api/floating-ip': ok(list([ip({ autoRenew: false })])),
      'GET /api/regions': ok(regions),
    });
    await renderPage();
    const cards = await screen.findByRole('list', { name: 'Floating IPs' });
    expect(cards).toHaveTextContent('Expires on December 2, 2026');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers quantities up to the maximum, disabling those above the slots left and inactive regions', async () => {
    onWideScreen();
    mockApi({
      'GET /api/floating-ip': ok(list([ip(), ip({ id: 8, address: '198.18.0.10' })])),
      'GET /api/regions': ok(regions),
    });
    await renderPage();
    await screen.findByText(/\$1\.50 per month each/);
    expect(
      screen.getByText(/Up to 5 active at once and 30 a month\. Created this month: 2\./),
    ).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Quantity' }));
    const quantities = within(screen.getByRole('listbox'));
    expect(quantities.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(quantities.getByRole('option', { name: '3' })).not.toHaveAttribute('aria-disabled');
    expect(quantities.getByRole('option', { name: '4' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(quantities.getByRole('option', { name: '1' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Region' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getByRole('option', { name: 'Helsinki (unavailable)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // No region chosen yet: nothing to submit.
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add floating IPs' })).toBeDisabled();
  });

  /** Chooses Frankfurt and submits the add-new section, the server answering `answer`. */
  async function buy(answer: ReturnType<typeof ok>) {
    onWideScreen();
    const api = mockApi({
      'GET /api/floating-ip': ok(list([])),
      'GET /api/regions': ok(regions),
      'POST /api/floating-ip': answer,
    });
    await renderPage();
    expect(await screen.findByText('No floating IPs yet')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Region' }));
    fireEvent.click(screen.getByRole('option', { name: 'Frankfurt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add floating IPs' }));
    return api;
  }

  it('buys with an Idempotency-Key and says so', async () => {
    const api = await buy(ok({ items: [ip()] }));
    expect(await screen.findByText('Floating IPs created: 1.')).toBeInTheDocument();
    const [post] = api.calls('POST', '/api/floating-ip');
    expect(post!.body).toEqual({ regionId: 1, count: 1 });
    expect(post!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('tells the 403 limit as the spec says', async () => {
    await buy(fail(403, 'FLOATING_IP_MAX_ACTIVE_REACHED'));
    expect(
      await screen.findByText('You have reached the maximum number of floating IPs.'),
    ).toBeInTheDocument();
  });

  it('tells a low balance', async () => {
    await buy(fail(400, 'FLOATING_IP_LOW_BALANCE'));
    expect(
      await screen.findByText('Your balance is too low for this purchase. Add credit and try again.'),
    ).toBeInTheDocument();
  });

  it('tells an infrastructure error', async () => {
    await buy(fail(503, 'FLOATING_IP_INFRASTRUCTURE_ERROR'));
    expect(
      await screen.findByText(
        'The floating IP could not be created because of an infrastructure error. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('releases after a confirmation that says there is no refund', async () => {
    onWideScreen();
    const api = mockApi({
      'GET /api/floating-ip': ok(list([ip()])),
      'GET /api/regions': ok(regions),
      'POST /api/floating-ip/7/release': ok(null),
    });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Release 198.18.0.9' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The month already paid is not refunded.');
    expect(api.calls('POST', '/api/floating-ip/7/release')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('198.18.0.9 released.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/floating-ip/7/release')).toHaveLength(1));
  });

  it('shows the error state with a retry when the list cannot be read', async () => {
    onWideScreen();
    mockApi({ 'GET /api/floating-ip': fail(500, 'INTERNAL_ERROR'), 'GET /api/regions': ok(regions) });
    await renderPage();
    expect(await screen.findByText('Your floating IPs could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
