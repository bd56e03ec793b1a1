import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { region } from '../../instance-creation/instance-creation-fixtures.test-helpers';
import { fail, instance, mockApi, ok, renderInstanceDetail } from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './NetworkTab';

const withIpv6 = (overrides = {}) =>
  instance({
    mainIpv6: '2001:db8:0:7::2',
    ipv6Range: '2001:db8:0:7::/64',
    netmaskV4: '255.255.255.0',
    gatewayV4: '203.0.113.1',
    ...overrides,
  });
const stats = (overrides = {}) => ({
  instanceId: 7,
  allowedBandwidth: 2048,
  planBandwidth: 2048,
  packageBandwidth: 0,
  actualUsage: 512.25,
  startedAt: '2026-11-10T00:00:00.000Z',
  endsAt: '2026-12-10T00:00:00.000Z',
  exceedance: 0,
  overageAmount: '0.0000',
  willBeChargedInCaseOfTermination: false,
  ...overrides,
});
const report = {
  days: [
    { date: '2026-11-10', usage: 100 },
    { date: '2026-11-11', usage: 512.25 },
  ],
  allowed: { plan: 2048, package: 0 },
  exceedance: 0,
  startedAt: '2026-11-10T00:00:00.000Z',
  endsAt: '2026-12-10T00:00:00.000Z',
};
const reads = (detail = withIpv6(), supportsDdos = true) => ({
  'GET /api/instances/7': ok(detail),
  'GET /api/instances/7/network-stats': ok(stats()),
  'GET /api/instances/7/report': ok(report),
  'GET /api/regions': ok([
    region({ ddosActiveness: supportsDdos, config: { supportDdosIpv4: supportsDdos, supportBackup: true } }),
  ]),
});
const open = () => renderInstanceDetail('/instances/7/network');

describe('network tab', () => {
  it('shows both addresses with the /64 and saves a reverse-DNS name checked as it is typed', async () => {
    const api = mockApi({
      ...reads(),
      'PUT /api/instances/7/ptr': ok(withIpv6({ mainIpPTR: 'mail.example.com' })),
    });
    await open();
    // The first render of the suite loads the tab's modules: give it longer than a find's default.
    expect(await screen.findByRole('table', { name: 'IPv4' }, { timeout: 15_000 })).toHaveTextContent(
      '203.0.113.7',
    );
    expect(screen.getByRole('table', { name: 'IPv6' })).toHaveTextContent('2001:db8:0:7::/64');
    const ptr = screen.getByRole('textbox', { name: 'Reverse DNS (PTR)' });
    fireEvent.change(ptr, { target: { value: 'not a name' } });
    fireEvent.blur(ptr);
    expect(await screen.findByText('Enter a host name such as mail.example.com.')).toBeInTheDocument();
    const save = within(ptr.closest('form')!).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(ptr, { target: { value: 'mail.example.com' } });
    fireEvent.click(save);
    expect(await screen.findByText('The reverse-DNS name of 203.0.113.7 was saved.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/instances/7/ptr')[0]?.body).toEqual({
      ip: '203.0.113.7',
      ptr: 'mail.example.com',
    });
  });

  it('shows the cycle against the allowance and adds transfer after confirming its price', async () => {
    const api = mockApi({
      ...reads(),
      'POST /api/instances/7/add-bandwidth': ok(stats({ allowedBandwidth: 4096, packageBandwidth: 2048 })),
    });
    await open();
    expect(await screen.findByText('512.25 GiB of 2,048.00 GiB used')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: '512.25 GiB used of 2,048 GiB allowed this cycle' }),
    ).toBeInTheDocument();
    const transfer = screen.getByRole('region', { name: 'Transfer' });
    fireEvent.click(within(transfer).getByRole('button', { name: 'Add transfer' }));
    const amount = screen.getByRole('spinbutton', { name: 'Transfer to add (TB)' });
    expect(amount).toHaveValue(1);
    fireEvent.change(amount, { target: { value: '2' } });
    expect(screen.getByText('Price: $10.00')).toBeInTheDocument();
    fireEvent.click(within(transfer).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add transfer?' });
    expect(dialog).toHaveTextContent('2 TB of transfer is added to this cycle for $10.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add transfer' }));
    expect(await screen.findByText('2 TB of transfer was added to this cycle.')).toBeInTheDocument();
    const [call] = api.calls('POST', '/api/instances/7/add-bandwidth');
    expect(call?.body).toEqual({ amountInTB: 2 });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('says when the transfer cannot be loaded', async () => {
    mockApi({ ...reads(), 'GET /api/instances/7/network-stats': fail(500, 'INFRASTRUCTURE_ERROR') });
    await open();
    expect(await screen.findByText('The transfer of this instance could not be loaded.')).toBeInTheDocument();
  });

  it('enables DDoS protection after a confirmation that it is irreversible and moves the address', async () => {
    const api = mockApi({
      ...reads(),
      'POST /api/instances/7/enable-ddos': ok(withIpv6({ isDdosProtected: true, mainIp: '198.18.0.9' })),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable DDoS protection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable DDoS protection?' });
    expect(dialog).toHaveTextContent('new protected IPv4 address');
    expect(dialog).toHaveTextContent('$10.00 a month');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable DDoS protection' }));
    expect(
      await screen.findByText('DDoS protection is on. The new IPv4 address is 198.18.0.9.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/enable-ddos')[0]?.body).toEqual({ type: 'ipv4' });
  });

  it('explains why protection cannot be enabled', async () => {
    mockApi(reads(withIpv6(), false));
    await open();
    expect(await screen.findByText('DDoS protection is not offered in this region.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable DDoS protection' })).toBeDisabled();
  });

  it('says how protection is removed once it is on', async () => {
    mockApi(reads(withIpv6({ isDdosProtected: true })));
    await open();
    expect(await screen.findByText('Protected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a ticket' })).toHaveAttribute(
      'href',
      '/support/new-ticket',
    );
  });

  it('enables IPv6 for an instance without one', async () => {
    const api = mockApi({
      ...reads(instance({ mainIpv6: null, ipv6Range: null })),
      'POST /api/instances/7/enable-ip': ok(withIpv6()),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable IPv6' }));
    expect(await screen.findByText('IPv6 was enabled. Reboot the instance to use it.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/enable-ip')[0]?.body).toEqual({ type: 'ipv6' });
  });
});
