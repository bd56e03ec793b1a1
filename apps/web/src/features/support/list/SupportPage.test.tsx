import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  mockApi,
  ok,
  onSmallScreen,
  renderSupport,
  type SeenRequest,
  ticket,
  ticketList,
} from '../support.test-helpers';

const search = (router: { state: { location: { searchStr: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.searchStr));

describe('the support page', () => {
  it('lists the tickets with their department, status and last update, and pages through the URL', async () => {
    const api = mockApi({
      'GET /api/tickets': (request: SeenRequest) =>
        ok(
          ticketList(
            [
              ticket(Number(request.query.get('page')) * 10, { title: 'Server does not boot' }),
              ticket(5, { department: 'sales', status: 'pending_layer2' }),
              ticket(4, { status: 'customer_replied' }),
            ],
            60,
          ),
        ),
    });
    const { router } = await renderSupport('/support');
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tickets' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)[0]).toBe('TicketSubjectDepartmentStatusLast update');
    expect(rows[1]).toHaveTextContent('#10');
    expect(rows[1]).toHaveTextContent('Server does not boot');
    expect(rows[1]).toHaveTextContent('January 10, 2026');
    // Every team's pending status reads Pending.
    expect(within(rows[2]!).getByText('Pending')).toHaveClass('MuiChip-label');
    expect(rows[2]).toHaveTextContent('Sales');
    expect(within(rows[3]!).getByText('Awaiting reply')).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('GET', '/api/tickets')[0]!.query)).toEqual({
      page: '1',
      pageSize: '25',
    });

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Ticket pages' })).getByText('3'));
    expect(await screen.findByText('#30')).toBeInTheDocument();
    expect(search(router)).toEqual({ page: '3' });
  });

  it('filters by department and status from the URL, Pending asking for every pending status', async () => {
    const api = mockApi({ 'GET /api/tickets': ok(ticketList([ticket(3)], 30)) });
    await renderSupport('/support?department=sales&status=pending&page=2');
    await screen.findByRole('table', { name: 'Tickets' });
    expect(Object.fromEntries(api.calls('GET', '/api/tickets')[0]!.query)).toEqual({
      page: '2',
      pageSize: '25',
      department: 'sales',
      status: 'pending,pending_layer1,pending_layer2,pending_web,pending_infra,pending_abuse,pending_billing',
    });
    expect(screen.getByRole('button', { name: 'Remove filter Department: Sales' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Status: Pending' })).toBeInTheDocument();
  });

  it('applies a filter from the dropdown and starts again at the first page', async () => {
    const api = mockApi({ 'GET /api/tickets': ok(ticketList([ticket(3)], 60)) });
    const { router } = await renderSupport('/support?page=2');
    await screen.findByRole('table', { name: 'Tickets' });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = await screen.findByRole('dialog', { name: 'Filter' });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Status' }), {
      target: { value: 'customer_replied' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(search(router)).toEqual({ status: 'customer_replied' }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/tickets').at(-1)!.query.get('status')).toBe('customer_replied'),
    );
    expect(api.calls('GET', '/api/tickets').at(-1)!.query.get('page')).toBe('1');
  });

  it('invites a customer without tickets to open the first one', async () => {
    mockApi({ 'GET /api/tickets': ok(ticketList([])) });
    await renderSupport('/support');
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New ticket' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/support/new-ticket');
  });

  it('says when no ticket matches the filters, and clears them', async () => {
    const api = mockApi({
      'GET /api/tickets': (request: SeenRequest) =>
        ok(ticketList(request.query.get('department') ? [] : [ticket(8)])),
    });
    const { router } = await renderSupport('/support?department=other');
    expect(await screen.findByText('No tickets match these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No tickets yet')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('#8')).toBeInTheDocument();
    expect(search(router)).toEqual({});
    expect(api.calls('GET', '/api/tickets').at(-1)!.query.get('department')).toBeNull();
  });

  it('shows the error with a retry when the tickets cannot be loaded', async () => {
    let calls = 0;
    mockApi({
      'GET /api/tickets': () => (++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok(ticketList([ticket(2)]))),
    });
    await renderSupport('/support');
    expect(await screen.findByText('We could not load your tickets.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#2')).toBeInTheDocument();
  });

  it('opens a ticket by its row, with the mouse or Enter', async () => {
    mockApi({
      'GET /api/tickets': ok(ticketList([ticket(7), ticket(6)])),
      'GET /api/tickets/7': ok(ticket(7)),
      'GET /api/tickets/6': ok(ticket(6)),
      'GET /api/followups': ok({ followups: [] }),
    });
    const { router } = await renderSupport('/support');
    const rows = within(await screen.findByRole('table', { name: 'Tickets' })).getAllByRole('row');
    fireEvent.click(rows[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/7'));
    router.history.back();
    const again = within(await screen.findByRole('table', { name: 'Tickets' })).getAllByRole('row');
    again[2]!.focus();
    fireEvent.keyDown(again[2]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/6'));
  });

  it('shows cards on small screens and loads ten more at a time', async () => {
    onSmallScreen();
    const page = (n: number, count: number) =>
      Array.from({ length: count }, (_, i) => ticket(n * 100 + i, { title: `Page ${n} ticket ${i}` }));
    const api = mockApi({
      'GET /api/tickets': (request: SeenRequest) =>
        request.query.get('page') === '1'
          ? ok(ticketList(page(1, 10), 14, 10))
          : ok(ticketList(page(2, 4), 14, 10)),
    });
    await renderSupport('/support');
    const cards = await screen.findByRole('list', { name: 'Tickets' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(10);
    expect(within(cards).getByRole('link', { name: /Page 1 ticket 0/ })).toHaveAttribute(
      'href',
      '/support/100',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Page 2 ticket 3')).toBeInTheDocument();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/tickets').map((r) => r.query.get('pageSize'))).toEqual(['10', '10']);
  });
});
