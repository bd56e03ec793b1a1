import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { product, region } from '../../instance-creation/instance-creation-fixtures.test-helpers';
import { fail, instance, mockApi, ok, renderInstanceDetail } from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './ResizeTab';

const none = { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 };
/** Instance 7 on plan s-2 (2 vCPU, 2 GB, 40 GB, 2 TB), billed by the hour. */
const hourly = (overrides = {}) =>
  instance({
    billingCycle: 'hourly',
    billingDetail: null,
    productId: 2,
    vcpuCount: 2,
    ram: 2048,
    disk: 40,
    bandwidthInTB: 2,
    extraResource: none,
    ...overrides,
  });
const plans = [product(1), product(2, { remainingStock: 0 }), product(3), product(4)];
const catalogue = {
  'GET /api/products': ok(plans),
  'GET /api/regions': ok([region()]),
};
const open = () => renderInstanceDetail('/instances/7/resize');
const resizeButton = () => screen.findByRole('button', { name: /^(Resize|Clean install and resize)$/ });

afterEach(() => sessionStorage.clear());

describe('resize tab', () => {
  it('resizes to a bigger plan, marking the current one (sold out, still listed) and showing the new price', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(hourly()),
      ...catalogue,
      'POST /api/instances/7/resize': ok({ password: null }),
    });
    await open();
    const current = await screen.findByRole('radio', { name: /s-2/ });
    expect(current).toHaveAttribute('aria-checked', 'true');
    expect(within(current).getByText('Current plan')).toBeInTheDocument();
    expect(await resizeButton()).toBeDisabled();
    expect(screen.getByText('Choose a plan other than the current one.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /s-3/ }));
    const summary = screen.getByRole('table', { name: 'Summary' });
    expect(within(summary).getByText('3 vCPUs')).toBeInTheDocument();
    // s-3: $15 + $1 region offset + $2 IPv4 = $18 a month, by the hour over the test catalogue's 720 hours.
    expect(screen.getByText(/New price:/)).toHaveTextContent(
      'New price: $0.0250 per hour (about $18.00 a month)',
    );
    fireEvent.click(await resizeButton());
    expect(await screen.findByText('web-1 is being resized.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/resize')[0]?.body).toEqual({
      type: 'FIXED',
      productId: 3,
      regionId: 1,
      extraResource: none,
      acknowledgeCleanInstall: false,
    });
    expect(api.calls('GET', '/api/products')[0]?.query.get('action')).toBe('RESIZE');
  });

  it('asks for the clean-install acknowledgement when the disk would shrink, then shows the new password', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(hourly()),
      ...catalogue,
      'POST /api/instances/7/resize': ok({ password: 'Cl34n-Pass' }),
    });
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: /s-1/ }));
    expect(screen.getByText(/The new disk is smaller than the current one/)).toBeInTheDocument();
    const button = await resizeButton();
    expect(button).toHaveTextContent('Clean install and resize');
    expect(button).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /all data on its disk will be lost/ }));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'New password' });
    expect(within(dialog).getByText('Cl34n-Pass')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/resize')[0]?.body).toMatchObject({
      productId: 1,
      acknowledgeCleanInstall: true,
    });
  });

  it('builds a custom plan from the instance size', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(hourly()),
      ...catalogue,
      'POST /api/instances/7/resize': ok({ password: null }),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Custom plan' }));
    const cpu = screen.getByRole('spinbutton', { name: 'CPU cores' });
    expect(cpu).toHaveValue(2);
    fireEvent.change(cpu, { target: { value: '4' } });
    fireEvent.click(await resizeButton());
    await screen.findByText('web-1 is being resized.');
    expect(api.calls('POST', '/api/instances/7/resize')[0]?.body).toMatchObject({
      type: 'CUSTOM',
      productId: null,
      extraResource: { cpu: 4, ramInGB: 2, diskInGB: 40, bandwidthInTB: 2 },
    });
  });

  it('opens the balance dialog on a 460 and keeps the chosen plan for after the top-up', async () => {
    const short = {
      customerBalance: '1.00',
      minimumRequiredBalance: '5.00',
      numberOfDaysBalanceValidatedAgainst: 7,
      paygInstancesCount: 1,
      paygInstancesPriceSum: '0.0100',
      snapshotCount: 0,
      snapshotPriceSum: '0.0000',
    };
    mockApi({
      'GET /api/instances/7': ok(hourly()),
      ...catalogue,
      'POST /api/instances/7/resize': fail(460, 'INSUFFICIENT_BALANCE', { data: short }),
    });
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: /s-4/ }));
    fireEvent.click(await resizeButton());
    expect(await screen.findByRole('dialog')).toHaveTextContent('$5.00');
    expect(JSON.parse(sessionStorage.getItem('nimbus.resize.7')!)).toMatchObject({
      mode: 'FIXED',
      productId: 4,
    });
  });

  it('says when the host has no room, with the way to support', async () => {
    mockApi({
      'GET /api/instances/7': ok(hourly()),
      ...catalogue,
      'POST /api/instances/7/resize': fail(409, 'NOT_ENOUGH_RESOURCE'),
    });
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: /s-3/ }));
    fireEvent.click(await resizeButton());
    expect(
      await screen.findByText(/Not enough resource is available for resizing the VPS/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/support/new-ticket',
    );
  });

  it.each([
    [
      'a subscription',
      hourly({ billingCycle: 'monthly' }),
      'Only instances billed by the hour can be resized.',
    ],
    ['a 512 MB plan', hourly({ ram: 512 }), 'Instances with less than 1 GB of memory cannot be resized.'],
    ['rescue mode', hourly({ status: 'rescue' }), 'Leave rescue mode to resize the instance.'],
  ])('cannot resize %s', async (_case, blocked, message) => {
    mockApi({ 'GET /api/instances/7': ok(blocked), ...catalogue });
    await open();
    expect(await screen.findByText(new RegExp(message.replace('.', '\\.')))).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('radio', { name: /s-3/ }));
    expect(await resizeButton()).toBeDisabled();
  });
});
