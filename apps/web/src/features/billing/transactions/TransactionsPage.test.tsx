import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  billingInfo,
  invoiceDetails,
  mockApi,
  ok,
  onSmallScreen,
  renderBilling,
  type SeenRequest,
  transaction,
  transactionList,
} from '../billing.test-helpers';

const pageOf = (request: SeenRequest) => Number(request.query.get('page'));
const charge = transaction(7, {
  id: 'invoice-7',
  type: 'invoice',
  kind: 'invoice',
  referenceId: 7,
  description: 'Invoice for October 2026',
  note: null,
  period: '2026-10',
  value: '-42.10',
  status: 'completed',
});

describe('TransactionsPage', () => {
  it('shows credit, then signed values: credits in green, charges plain', async () => {
    mockApi({
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/transactions': ok(transactionList([transaction(1), charge])),
    });
    await renderBilling('/transactions');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Billing');
    const rows = within(await screen.findByRole('table', { name: 'Transactions' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Credit adjustment: Payment #1');
    expect(rows[1]).toHaveTextContent('Completed');
    const credit = within(rows[1]!).getByText('+$60.00');
    const debit = within(rows[2]!).getByText('-$42.10');
    expect(getComputedStyle(credit).color).not.toBe(getComputedStyle(debit).color);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  it('keeps the page in the URL and asks for it', async () => {
    const api = mockApi({
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/transactions': (request) =>
        ok(transactionList([transaction(pageOf(request) * 10)], pageOf(request), 35)),
    });
    const { router } = await renderBilling('/transactions?page=2&type=payment');
    expect(await screen.findByText('Credit adjustment: Payment #20')).toBeInTheDocument();
    expect(api.calls('GET', '/api/transactions')[0]!.query.get('pageSize')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 4' }));
    expect(await screen.findByText('Credit adjustment: Payment #40')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.searchStr).get('page')).toBe('4');
    expect(api.calls('GET', '/api/transactions').at(-1)!.query.get('type')).toBe('payment');

    router.history.back();
    expect(await screen.findByText('Credit adjustment: Payment #20')).toBeInTheDocument();
  });

  it('opens the invoice of an invoice row and the payments page for a payment', async () => {
    mockApi({
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/transactions': ok(transactionList([transaction(1), charge])),
      'GET /api/v2/invoices/7': ok(invoiceDetails()),
    });
    const { router } = await renderBilling('/transactions');
    const rows = within(await screen.findByRole('table', { name: 'Transactions' })).getAllByRole('row');
    expect(within(rows[2]!).getByRole('link', { name: 'Invoice for October 2026' })).toHaveAttribute(
      'href',
      '/invoices/7',
    );
    fireEvent.keyDown(rows[2]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/7'));

    router.history.back();
    const again = within(await screen.findByRole('table', { name: 'Transactions' })).getAllByRole('row');
    fireEvent.click(again[1]!);
    expect(await screen.findByRole('heading', { name: 'Payments page' })).toBeInTheDocument();
  });

  it('shows an open invoice as this month so far, and refunds and other entries in words', async () => {
    const soFar = transaction(8, {
      id: 'invoice-8',
      type: 'invoice',
      kind: 'invoice',
      referenceId: 8,
      description: 'Invoice for November 2026, so far',
      note: null,
      period: '2026-11',
      timestamp: '2026-11-01T00:00:00.000Z',
      value: '-7.02',
      status: 'open',
    });
    const refund = transaction(9, {
      id: 'refund-9',
      type: 'invoice',
      kind: 'refund',
      referenceId: 8,
      description: 'Refund of 26 unused days: web-1',
      note: 'Refund of 26 unused days: web-1',
      hostname: 'web-1',
      value: '6.76',
    });
    const chargeback = transaction(10, {
      id: 'dispute-10',
      kind: 'dispute',
      gateway: 'stripe',
      note: 'Top-up',
      description: 'Top-up',
      value: '-5.00',
    });
    const future = transaction(11, {
      id: 'other-11',
      kind: 'other',
      description: 'Loyalty bonus',
      value: '1.00',
    });
    mockApi({
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/transactions': ok(transactionList([soFar, refund, chargeback, future, charge])),
    });
    await renderBilling('/transactions');
    const rows = within(await screen.findByRole('table', { name: 'Transactions' })).getAllByRole('row');
    // The open invoice: a running total, not a dated charge that changes under the customer's eyes.
    expect(rows[1]).toHaveTextContent('Month to date');
    expect(within(rows[1]!).getByRole('link', { name: 'Invoice for November 2026, so far' })).toHaveAttribute(
      'href',
      '/invoices/8',
    );
    expect(rows[1]).toHaveTextContent('Open');
    expect(rows[5]).toHaveTextContent('Invoice for October 2026');
    expect(rows[5]).not.toHaveTextContent('so far');
    expect(rows[5]).not.toHaveTextContent('Month to date');
    // The refund of a deletion leads to the invoice that carries it as a credit line.
    expect(within(rows[2]!).getByRole('link', { name: 'Refund for web-1' })).toHaveAttribute(
      'href',
      '/invoices/8',
    );
    expect(within(rows[2]!).getByText('+$6.76')).toBeInTheDocument();
    // Its type says what it is, though it leads to an invoice.
    const type = (row: HTMLElement) => within(row).getAllByRole('cell')[2];
    expect(type(rows[2]!)).toHaveTextContent(/^Refund$/);
    expect(type(rows[1]!)).toHaveTextContent(/^Invoice$/);
    expect(rows[3]).toHaveTextContent('Chargeback of a top-up via Stripe');
    expect(type(rows[3]!)).toHaveTextContent(/^Chargeback$/);
    expect(rows[4]).toHaveTextContent('Loyalty bonus');
    expect(type(rows[4]!)).toHaveTextContent(/^Other$/);
  });

  it('scrolls on through cards on small screens', async () => {
    onSmallScreen();
    const api = mockApi({
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/transactions': (request) =>
        pageOf(request) === 1
          ? ok(
              transactionList(
                Array.from({ length: 10 }, (_, i) => transaction(i + 1)),
                1,
                12,
              ),
            )
          : ok(transactionList([transaction(11), transaction(12)], 2, 12)),
    });
    await renderBilling('/transactions?page=3');
    const cards = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(cards).getAllByRole('link')).toHaveLength(10);
    expect(api.calls('GET', '/api/transactions')[0]!.query.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Credit adjustment: Payment #12')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });
});
