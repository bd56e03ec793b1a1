import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  allGateways,
  fail,
  mockApi,
  ok,
  payment,
  paymentList,
  renderPage,
  setWideScreen,
} from '../payments.test-helpers';
import { PaymentsHistory } from './PaymentsHistory';

/** The gateways' names come from the catalogue, which every payments screen reads. */
const catalogue = { 'GET /api/payments/gateways': ok(allGateways) };

const renderHistory = () => renderPage(<PaymentsHistory />, { path: '/payments' });

describe('PaymentsHistory on medium and larger screens', () => {
  it('lists payments in a table whose rows open to their details', async () => {
    setWideScreen();
    const overpaid = payment({
      status: 'OVERPAID',
      overallStatus: 'success',
      totalCaptureAmount: '70.00',
      creditedAmount: '67.96',
      description: 'Top-up by bank card',
    });
    mockApi({
      ...catalogue,
      'GET /api/payments': ok(paymentList([overpaid])),
    });
    await renderHistory();
    const table = await screen.findByRole('table', { name: 'Payment history' });
    const toggle = within(table).getByRole('button', { name: `Show details of payment ${overpaid.id}` });
    const row = toggle.closest('tr') as HTMLElement;
    expect(await within(row).findByText('PayPal')).toBeInTheDocument();
    expect(within(row).getByText('$60.00')).toBeInTheDocument();
    expect(within(row).getByText('$1.80')).toBeInTheDocument();
    expect(within(row).getByText('Overpaid')).toBeInTheDocument();
    expect(screen.queryByText(`TRK-${overpaid.id}`)).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(`TRK-${overpaid.id}`)).toBeInTheDocument();
    expect(await screen.findByText('Top-up via PayPal')).toBeInTheDocument();
    expect(screen.getByText('Amount received')).toBeInTheDocument();
    expect(screen.getByText('$70.00')).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'More than the price of $61.80 was received, so $67.96 was added to your balance.',
      }),
    ).toBeInTheDocument();
  });

  it('has no received amount for a payment paid exactly', async () => {
    setWideScreen();
    const paid = payment();
    mockApi({ ...catalogue, 'GET /api/payments': ok(paymentList([paid])) });
    await renderHistory();
    fireEvent.click(await screen.findByRole('button', { name: `Show details of payment ${paid.id}` }));
    expect(await screen.findByText(`TRK-${paid.id}`)).toBeInTheDocument();
    expect(screen.queryByText('Amount received')).not.toBeInTheDocument();
  });

  it('offers the PDF only for downloadable statuses, in a new tab', async () => {
    setWideScreen();
    const downloadable = (['PAID', 'OVERPAID', 'UNDERPAID', 'REFUNDED'] as const).map((status) =>
      payment({ status }),
    );
    const others = (['NEW', 'PENDING', 'REJECTED', 'DISPUTE_SUBMITTED'] as const).map((status) =>
      payment({ status, overallStatus: 'pending', printToken: null }),
    );
    mockApi({ ...catalogue, 'GET /api/payments': ok(paymentList([...downloadable, ...others])) });
    await renderHistory();
    await screen.findByRole('table');
    for (const p of downloadable) {
      const link = screen.getByRole('link', { name: `Download the PDF receipt of payment ${p.id}` });
      expect(link).toHaveAttribute('href', `/payments/print?token=token-${p.id}&download=true`);
      expect(link).toHaveAttribute('target', '_blank');
    }
    for (const p of others) {
      expect(
        screen.queryByRole('link', { name: `Download the PDF receipt of payment ${p.id}` }),
      ).not.toBeInTheDocument();
    }
  });

  it('pages through the table', async () => {
    setWideScreen();
    const first = payment();
    const second = payment();
    const api = mockApi({
      ...catalogue,
      'GET /api/payments': (request) =>
        request.query.get('page') === '2' ? ok(paymentList([second], 2, 2)) : ok(paymentList([first], 1, 2)),
    });
    await renderHistory();
    expect(await screen.findByText(String(first.id))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText(String(second.id))).toBeInTheDocument();
    expect(api.calls('GET', '/api/payments').map((r) => r.query.get('pageSize'))).toEqual(['10', '10']);
  });
});

describe('PaymentsHistory on small screens', () => {
  it('loads more cards until a page returns fewer than 10', async () => {
    const firstPage = Array.from({ length: 10 }, () => payment());
    const last = payment({ status: 'REJECTED', overallStatus: 'failed', printToken: null });
    mockApi({
      ...catalogue,
      'GET /api/payments': (request) =>
        request.query.get('page') === '2' ? ok(paymentList([last], 2, 2)) : ok(paymentList(firstPage, 1, 2)),
    });
    await renderHistory();
    const list = await screen.findByRole('list', { name: 'Payment history' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Payment #${last.id}`)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opens a card to its details', async () => {
    const underpaid = payment({
      status: 'UNDERPAID',
      overallStatus: 'partial',
      totalCaptureAmount: '30.90',
      creditedAmount: '30.00',
    });
    mockApi({ ...catalogue, 'GET /api/payments': ok(paymentList([underpaid])) });
    await renderHistory();
    fireEvent.click(await screen.findByRole('button', { name: `Show details of payment ${underpaid.id}` }));
    expect(await screen.findByText('$30.90')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Only what was received was added to your balance: \$30\.00\./ }),
    ).toBeInTheDocument();
  });

  it('says when there are no payments yet', async () => {
    mockApi({ ...catalogue, 'GET /api/payments': ok(paymentList([])) });
    await renderHistory();
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('offers a retry when the payments cannot be loaded', async () => {
    mockApi({ ...catalogue, 'GET /api/payments': fail(500, 'INTERNAL_ERROR') });
    await renderHistory();
    expect(await screen.findByText('We could not load your payments.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
