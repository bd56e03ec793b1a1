import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, logEntry, mockApi, ok, renderAccount, testUser } from '../account/account.test-helpers';
import { instance, instanceList, preorder, preorderRow } from '../instances/instances.test-helpers';
import { DashboardPage } from './DashboardPage';
import { noTickets } from './dashboard.test-helpers';

const log = [
  logEntry('email_sent', { subject: 'DDoS protection enabled' }, 0),
  ...Array.from({ length: 7 }, (_, i) => logEntry('login', { ip: `10.0.0.${i}` }, i + 1)),
];

const noInstances = {
  'GET /api/instances': ok(instanceList([])),
  'GET /api/instances/stats': ok({
    instanceCount: 0,
    poweredOnInstanceCount: 0,
    shutdownInstanceCount: 0,
    suspendedInstanceCount: 0,
  }),
  'GET /api/preorders': ok({ preorders: [] }),
  ...noTickets,
};

describe('DashboardPage', () => {
  it('greets the customer and shows the last 5 visible activity entries', async () => {
    mockApi({ ...noInstances, 'GET /api/auth/user-info': ok(testUser), 'GET /api/logs': ok({ logs: log }) });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in from 10.0.0.4')).toBeInTheDocument();
    expect(screen.queryByText('Signed in from 10.0.0.5')).not.toBeInTheDocument();
    expect(screen.queryByText(/DDoS/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View full activity log' })).toHaveAttribute(
      'href',
      '/account/log',
    );
    expect(screen.queryByText('Verify your email address')).not.toBeInTheDocument();
  });

  it('leads an unverified customer to the verification', async () => {
    const unverified = {
      ...testUser,
      accountState: 'unverified',
      email: { ...testUser.email, isVerified: false },
    };
    mockApi({ ...noInstances, 'GET /api/auth/user-info': ok(unverified), 'GET /api/logs': ok({ logs: [] }) });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Verify your email address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify email' })).toHaveAttribute(
      'href',
      '/account/email?verify=true',
    );
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    // No service yet: one way to create one, nothing to view all of.
    expect(await screen.findByText('You have no services yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Create a service|New service/ })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'View all' })).not.toBeInTheDocument();
  });

  it('keeps the page when the activity fails, with a retry', async () => {
    mockApi({
      ...noInstances,
      'GET /api/auth/user-info': ok(testUser),
      'GET /api/logs': fail(500, 'INTERNAL_ERROR'),
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('We could not load the activity log.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('shows the service tiles and the newest services, preorders not clickable', async () => {
    const due = new Date(Date.now() + 86_400_000 + 30_000).toISOString();
    const api = mockApi({
      'GET /api/auth/user-info': ok(testUser),
      'GET /api/logs': ok({ logs: [] }),
      'GET /api/instances': ok(instanceList([preorderRow(9, due), instance(1)])),
      'GET /api/instances/stats': ok({
        instanceCount: 4,
        poweredOnInstanceCount: 2,
        shutdownInstanceCount: 1,
        suspendedInstanceCount: 1,
      }),
      // The list shows the preorder; the tiles count it from the preorders, as the server answers both.
      'GET /api/preorders': ok({ preorders: [preorder(9, 'gpu-9', due)] }),
      ...noTickets,
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    const tiles = await screen.findByRole('list', { name: 'Service summary' });
    expect(await within(tiles).findByText('3')).toBeInTheDocument();
    expect(within(tiles).getByText('Active VPS')).toBeInTheDocument();
    expect(await within(tiles).findByText('and 1 GPU preorder')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'web-1' })).toHaveAttribute('href', '/instances/1/access');
    const gpuRow = screen.getByText('gpu-9').closest('tr') as HTMLElement;
    expect(within(gpuRow).queryByRole('link')).not.toBeInTheDocument();
    // The countdown is one unbroken unit after its label.
    expect(within(gpuRow).getByText('1d 0h 0m left').parentElement).toHaveTextContent('ETA: 1d 0h 0m left');
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/services/instanceList');
    expect(screen.getByRole('link', { name: 'New service' })).toHaveAttribute('href', '/createinstance');
    expect(api.calls('GET', '/api/instances')[0]?.query.get('limit')).toBe('5');
  });
});
