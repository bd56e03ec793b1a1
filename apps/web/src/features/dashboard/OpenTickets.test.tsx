import { activeTicketStatuses } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderAccount, testUser } from '../account/account.test-helpers';
import { instanceList } from '../instances/instances.test-helpers';
import { ticket, ticketList } from '../support/support.test-helpers';
import { DashboardPage } from './DashboardPage';
import { creditParts } from './dashboard.test-helpers';

const rest = {
  'GET /api/auth/user-info': ok(testUser),
  'GET /api/logs': ok({ logs: [] }),
  'GET /api/instances': ok(instanceList([])),
  'GET /api/instances/stats': ok({
    instanceCount: 0,
    poweredOnInstanceCount: 0,
    shutdownInstanceCount: 0,
    suspendedInstanceCount: 0,
  }),
  'GET /api/preorders': ok({ preorders: [] }),
  ...creditParts,
};
const counts = ok({ statuses: [{ status: 'open', count: 2 }], activeCount: 7 });
const longTitle = 'The backups of my database server stopped running last Friday night';

describe('the dashboard’s tickets', () => {
  it('counts the open tickets and lists the five most recently updated, subjects cut at 45 characters', async () => {
    const api = mockApi({
      ...rest,
      'GET /api/tickets/status': counts,
      'GET /api/tickets': ok(
        ticketList(
          [ticket(9, { title: longTitle, department: 'sales' }), ticket(8, { title: 'Short one' })],
          7,
          5,
        ),
      ),
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    const tiles = await screen.findByRole('list', { name: 'Service summary' });
    const tile = (await within(tiles).findByText('Open tickets')).closest('li') as HTMLElement;
    expect(await within(tile).findByText('7')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Open tickets' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('TicketSubjectDepartmentLast update');
    expect(within(rows[1]!).getByRole('link', { name: '#9' })).toHaveAttribute('href', '/support/9');
    expect(rows[1]).toHaveTextContent(`${longTitle.slice(0, 45)}…`);
    expect(rows[1]).not.toHaveTextContent(longTitle);
    expect(rows[1]).toHaveTextContent('Sales');
    expect(rows[1]).toHaveTextContent('January 10, 2026');
    expect(rows[2]).toHaveTextContent('Short one');

    const sent = api.calls('GET', '/api/tickets')[0]!.query;
    expect(sent.get('pageSize')).toBe('5');
    expect(sent.get('status')?.split(',')).toEqual(activeTicketStatuses);
    expect(sent.get('status')).not.toContain('closed');
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'New ticket' })).toHaveAttribute('href', '/support/new-ticket');
  });

  it('says when no ticket is open', async () => {
    mockApi({
      ...rest,
      'GET /api/tickets/status': ok({ statuses: [], activeCount: 0 }),
      'GET /api/tickets': ok(ticketList([])),
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('No open tickets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New ticket' })).toBeInTheDocument();
  });

  it('offers to try again when the tickets fail, and toasts counts that fail', async () => {
    let calls = 0;
    mockApi({
      ...rest,
      'GET /api/tickets/status': fail(500, 'INTERNAL_ERROR'),
      'GET /api/tickets': () => (++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok(ticketList([ticket(4)]))),
    });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('We could not load your ticket counts.')).toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: 'Service summary' });
    expect(within(tiles).queryByText('Open tickets')).not.toBeInTheDocument();
    // The service tiles stay.
    expect(within(tiles).getByText('Active VPS')).toBeInTheDocument();

    expect(await screen.findByText('We could not load your tickets.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '#4' })).toHaveAttribute('href', '/support/4');
  });
});
