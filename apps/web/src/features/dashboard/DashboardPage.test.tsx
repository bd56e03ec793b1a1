import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, logEntry, mockApi, ok, renderAccount, testUser } from '../account/account.test-helpers';
import { instance, instanceList, preorder, preorderRow } from '../instances/instances.test-helpers';
import { surveyKeys } from '../surveys/queries';
import { answeredBefore, lastSubmissionRoute, neverAnswered } from '../surveys/surveys.test-helpers';
import { DashboardPage } from './DashboardPage';
import { creditParts, noTickets } from './dashboard.test-helpers';

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
  ...creditParts,
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
      ...creditParts,
      // web-1 is months old: the satisfaction survey is checked, and was answered.
      [lastSubmissionRoute('csat')]: answeredBefore('csat', ''),
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

  describe('the satisfaction prompt', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const withInstances = (...insertedAt: string[]) => ({
      ...noInstances,
      'GET /api/auth/user-info': ok(testUser),
      'GET /api/logs': ok({ logs: [] }),
      'GET /api/instances': ok(instanceList(insertedAt.map((at, i) => instance(i + 1, { insertedAt: at })))),
    });
    const question = 'How happy are you with Nimbus Cloud?';

    it('asks a customer whose oldest instance is over 30 days old, and Rate us opens the survey', async () => {
      const api = mockApi({
        ...withInstances(daysAgo(3), daysAgo(31)),
        [lastSubmissionRoute('csat')]: neverAnswered,
      });
      await renderAccount(<DashboardPage />, '/dashboard');
      expect(await screen.findByText(question)).toBeInTheDocument();
      expect(api.calls('GET', '/api/surveys/2/last-submission')[0]?.query.get('reference')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Rate us' }));
      const dialog = await screen.findByRole('dialog', { name: question });
      expect(within(dialog).getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
      // The prompt gives way to the survey.
      expect(screen.getAllByText(question)).toHaveLength(1);
    });

    it('goes away when closed, for the rest of the visit', async () => {
      mockApi({ ...withInstances(daysAgo(45)), [lastSubmissionRoute('csat')]: neverAnswered });
      const { view } = await renderAccount(<DashboardPage />, '/dashboard');
      await screen.findByText(question);
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByText(question)).not.toBeInTheDocument());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      view.unmount();
      await renderAccount(<DashboardPage />, '/dashboard');
      expect(await screen.findByRole('link', { name: 'web-1' })).toBeInTheDocument();
      expect(screen.queryByText(question)).not.toBeInTheDocument();
    });

    it('does not ask while every instance is younger than 30 days (nor check the survey)', async () => {
      // The survey's check is not mocked: calling it would fail the test.
      mockApi(withInstances(daysAgo(2), daysAgo(29)));
      await renderAccount(<DashboardPage />, '/dashboard');
      expect(await screen.findByRole('link', { name: 'web-2' })).toBeInTheDocument();
      expect(screen.queryByText(question)).not.toBeInTheDocument();
    });

    it('does not ask a customer who already answered', async () => {
      mockApi({ ...withInstances(daysAgo(90)), [lastSubmissionRoute('csat')]: answeredBefore('csat', '') });
      const { queryClient } = await renderAccount(<DashboardPage />, '/dashboard');
      await waitFor(() =>
        expect(queryClient.getQueryState(surveyKeys.lastSubmission('csat', ''))?.status).toBe('success'),
      );
      expect(await screen.findByRole('link', { name: 'web-1' })).toBeInTheDocument();
      expect(screen.queryByText(question)).not.toBeInTheDocument();
    });
  });
});
