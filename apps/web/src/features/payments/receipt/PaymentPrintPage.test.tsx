import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allGateways, fail, mockApi, ok, payment, renderPage } from '../payments.test-helpers';
import { readPaymentPrintSearch } from '../search';
import { PaymentPrintPage } from './PaymentPrintPage';

/** The gateway's name on the receipt comes from the catalogue. */
const catalogue = { 'GET /api/payments/gateways': ok(allGateways) };
const validateSearch = (search: Record<string, unknown>) => readPaymentPrintSearch(search);
const paid = payment({ credit: '150.00', fee: '4.50', price: '154.50', totalCaptureAmount: '154.50' });
const receipt = {
  payment: paid,
  customer: { id: 42, fullname: 'Ada Lovelace', email: 'ada@example.com' },
  pdfUrl: `/api/payments/print/pdf?token=${paid.printToken}`,
};
const open = (search: string) =>
  renderPage(<PaymentPrintPage />, {
    path: '/payments/print',
    url: `/payments/print?${search}`,
    validateSearch,
  });

describe('PaymentPrintPage', () => {
  it('shows the receipt with print and download', async () => {
    const api = mockApi({ ...catalogue, 'GET /api/payments/print': ok(receipt) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await open('token=abcdefghijkl');
    expect(
      await screen.findByRole('heading', { name: `Receipt for payment #${paid.id}` }),
    ).toBeInTheDocument();
    expect(api.calls('GET', '/api/payments/print')[0]?.query.get('token')).toBe('abcdefghijkl');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('$150.00')).toBeInTheDocument();
    expect(screen.getByText('$4.50')).toBeInTheDocument();
    expect(screen.getAllByText('$154.50')).toHaveLength(2);
    const download = screen.getByRole('link', { name: 'Download PDF' });
    expect(download).toHaveAttribute('href', receipt.pdfUrl);
    expect(download).toHaveAttribute('download');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(clicks).not.toHaveBeenCalled();
  });

  it('starts the PDF download once with download=true', async () => {
    mockApi({ ...catalogue, 'GET /api/payments/print': ok(receipt) });
    const started: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      started.push(this);
    });
    await open('token=abcdefghijkl&download=true');
    await screen.findByRole('heading', { name: `Receipt for payment #${paid.id}` });
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]?.getAttribute('href')).toBe(receipt.pdfUrl);
    expect(started[0]?.hasAttribute('download')).toBe(true);
  });

  it('says when the link is invalid or expired', async () => {
    mockApi({ 'GET /api/payments/print': fail(400, 'INVALID_PRINT_TOKEN') });
    await open('token=expired-token-value');
    expect(await screen.findByText('This receipt link is not valid')).toBeInTheDocument();
  });

  it('says so without a token', async () => {
    mockApi({});
    await open('');
    expect(await screen.findByText('This receipt link is not valid')).toBeInTheDocument();
  });
});
