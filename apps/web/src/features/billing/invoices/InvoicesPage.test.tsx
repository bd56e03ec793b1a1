import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  invoice,
  invoiceDetails,
  invoiceList,
  mockApi,
  ok,
  onSmallScreen,
  renderBilling,
  type SeenRequest,
} from '../billing.test-helpers';

const search = (router: { state: { location: { searchStr: string } } }) =>
  new URLSearchParams(router.state.location.searchStr);

describe('InvoicesPage', () => {
  it('lists invoices with period, status and amount, and sends the filters from the URL', async () => {
    const api = mockApi({
      'GET /api/invoices': ok(
        invoiceList([invoice(7, { status: 'open', roundedAmount: '1234.5' }), invoice(6)], 2, 27),
      ),
    });
    await renderBilling('/invoices?status=open&interval=last6Months&page=2');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Invoice #7');
    expect(rows[1]).toHaveTextContent('Nov 1 – Nov 30, 2026');
    expect(within(rows[1]!).getByText('Open')).toHaveClass('MuiChip-label');
    expect(rows[1]).toHaveTextContent('$1,234.50');
    expect(rows[2]).toHaveTextContent('Closed');
    expect(rows[2]).toHaveTextContent('$12.35');

    const sent = api.calls('GET', '/api/invoices')[0]!.query;
    expect(Object.fromEntries(sent)).toEqual({
      status: 'open',
      interval: 'last6Months',
      page: '2',
      pageSize: '25',
    });
    expect(screen.getByRole('navigation', { name: 'Invoice pages' })).toBeInTheDocument();
  });

  it('opens an invoice on row click and on Enter', async () => {
    mockApi({
      'GET /api/invoices': ok(invoiceList([invoice(7), invoice(6)])),
      'GET /api/v2/invoices/7': ok(invoiceDetails()),
      'GET /api/v2/invoices/6': ok(invoiceDetails({ id: 6 })),
    });
    const { router } = await renderBilling('/invoices');
    const rows = within(await screen.findByRole('table', { name: 'Invoices' })).getAllByRole('row');
    fireEvent.click(rows[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/7'));

    router.history.back();
    const again = within(await screen.findByRole('table', { name: 'Invoices' })).getAllByRole('row');
    again[2]!.focus();
    fireEvent.keyDown(again[2]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/6'));
  });

  it('moves between pages through the URL', async () => {
    mockApi({
      'GET /api/invoices': (request: SeenRequest) =>
        ok(
          invoiceList(
            [invoice(Number(request.query.get('page')) * 100)],
            Number(request.query.get('page')),
            60,
          ),
        ),
    });
    const { router } = await renderBilling('/invoices');
    expect(await screen.findByText('Invoice #100')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(await screen.findByText('Invoice #300')).toBeInTheDocument();
    expect(search(router).get('page')).toBe('3');
  });

  it('says when there are no invoices yet', async () => {
    mockApi({ 'GET /api/invoices': ok(invoiceList([])) });
    await renderBilling('/invoices');
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says when no invoice matches the filters, and clears them', async () => {
    const api = mockApi({
      'GET /api/invoices': (request: SeenRequest) =>
        ok(invoiceList(request.query.get('status') ? [] : [invoice(7)])),
    });
    const { router } = await renderBilling('/invoices?status=closed');
    expect(await screen.findByText('No invoices match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Invoice #7')).toBeInTheDocument();
    expect(search(router).toString()).toBe('');
    expect(api.calls('GET', '/api/invoices').at(-1)!.query.has('status')).toBe(false);
  });

  it('offers a retry when the invoices fail to load', async () => {
    let calls = 0;
    mockApi({
      'GET /api/invoices': () =>
        ++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok(invoiceList([invoice(7)])),
    });
    await renderBilling('/invoices');
    expect(await screen.findByText('We could not load your invoices.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Invoice #7')).toBeInTheDocument();
  });

  it('shows cards on small screens and loads more until a short page arrives', async () => {
    onSmallScreen();
    const full = Array.from({ length: 25 }, (_, i) => invoice(100 - i));
    const api = mockApi({
      'GET /api/invoices': (request: SeenRequest) =>
        request.query.get('page') === '1'
          ? ok(invoiceList(full, 1, 27))
          : ok(invoiceList([invoice(2), invoice(1)], 2, 27)),
    });
    await renderBilling('/invoices');
    const cards = await screen.findByRole('list', { name: 'Invoices' });
    expect(within(cards).getAllByRole('link')).toHaveLength(25);
    expect(within(cards).getAllByRole('link')[0]).toHaveAttribute('href', '/invoices/100');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Invoice #1')).toBeInTheDocument();
    expect(api.calls('GET', '/api/invoices')[1]!.query.get('page')).toBe('2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });
});
