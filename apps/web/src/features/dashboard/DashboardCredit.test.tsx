import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderAccount, testUser } from '../account/account.test-helpers';
import { invoice, invoiceList } from '../billing/billing.test-helpers';
import { instance, instanceList } from '../instances/instances.test-helpers';
import { answeredBefore, lastSubmissionRoute } from '../surveys/surveys.test-helpers';
import { DashboardPage } from './DashboardPage';
import { creditParts, noTickets } from './dashboard.test-helpers';

const customer = {
  'GET /api/auth/user-info': ok(testUser),
  'GET /api/logs': ok({ logs: [] }),
  'GET /api/instances': ok(instanceList([instance(1)])),
  'GET /api/instances/stats': ok({
    instanceCount: 1,
    poweredOnInstanceCount: 1,
    shutdownInstanceCount: 0,
    suspendedInstanceCount: 0,
  }),
  'GET /api/preorders': ok({ preorders: [] }),
  ...noTickets,
  ...creditParts,
  // web-1 is months old: the satisfaction survey is checked, and was answered.
  [lastSubmissionRoute('csat')]: answeredBefore('csat', ''),
};
const internalError = fail(500, 'INTERNAL_ERROR');

const tileOf = async (label: string) => {
  const tiles = await screen.findByRole('list', { name: 'Service summary' });
  return (await within(tiles).findByText(label)).closest('li') as HTMLElement;
};

describe('the dashboard’s credit, invoices and auto-recharge', () => {
  it('counts every invoice in a tile of its own, asking for one row only', async () => {
    const api = mockApi({ ...customer, 'GET /api/invoices': ok(invoiceList([invoice(3)], 1, 14, 1)) });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await within(await tileOf('Invoices')).findByText('14')).toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: 'Service summary' });
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((tile) => tile.firstChild?.firstChild?.textContent),
    ).toEqual(['Services', 'Active VPS', 'Suspended VPS', 'Open tickets', 'Invoices']);
    const sent = api.calls('GET', '/api/invoices')[0]!.query;
    expect([sent.get('page'), sent.get('pageSize')]).toEqual(['1', '1']);
  });

  it('shows the balance and this month’s spending, with Add credit leading to the top-up', async () => {
    mockApi(customer);
    await renderAccount(<DashboardPage />, '/dashboard');
    const credit = await screen.findByRole('region', { name: 'Credit' });
    expect(await within(credit).findByText('$12.50')).toBeInTheDocument();
    expect(within(credit).getByText('Spent this month').nextElementSibling).toHaveTextContent('$3.20');
    expect(within(credit).getByRole('link', { name: 'Add credit' })).toHaveAttribute('href', '/payments');
  });

  it('invites to turn auto-recharge on and opens its dialog', async () => {
    mockApi(customer);
    await renderAccount(<DashboardPage />, '/dashboard');
    const card = await screen.findByRole('region', { name: 'Auto recharge' });
    const enable = await within(card).findByRole('button', { name: 'Enable now' });
    await waitFor(() => expect(enable).toBeEnabled());
    fireEvent.click(enable);
    const dialog = await screen.findByRole('dialog', { name: 'Auto recharge' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Recharge amount' })).toBeInTheDocument();
  });

  it('shows a failing list’s own error panel with Try again while the other cards keep working', async () => {
    let calls = 0;
    mockApi({
      ...customer,
      'GET /api/instances': () => (++calls === 1 ? internalError : ok(instanceList([instance(1)]))),
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    const services = await screen.findByRole('region', { name: 'Your services' });
    const panel = await within(services).findByRole('alert');
    expect(panel).toHaveTextContent('We could not load your services.');
    // The rest of the dashboard is there.
    const credit = screen.getByRole('region', { name: 'Credit' });
    expect(await within(credit).findByText('$12.50')).toBeInTheDocument();
    expect(await screen.findByText('No open tickets')).toBeInTheDocument();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    expect(within(await tileOf('Services')).getByText('1')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toEqual([panel]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(services).findByRole('link', { name: 'web-1' })).toBeInTheDocument();
    expect(within(services).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the lists when the credit cannot be loaded, and leaves out an invoices count that fails', async () => {
    mockApi({
      ...customer,
      'GET /api/profile/billing-info': internalError,
      'GET /api/invoices': internalError,
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    const credit = await screen.findByRole('region', { name: 'Credit' });
    expect(await within(credit).findByText('We could not load your credit.')).toBeInTheDocument();
    expect(within(credit).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'web-1' })).toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: 'Service summary' });
    await waitFor(() => expect(within(tiles).queryByText('Invoices')).not.toBeInTheDocument());
    expect(within(tiles).getByText('Active VPS')).toBeInTheDocument();
  });
});
