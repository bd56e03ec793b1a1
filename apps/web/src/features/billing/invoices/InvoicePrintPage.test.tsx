import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, invoiceDetails, mockApi, ok, renderBilling } from '../billing.test-helpers';

describe('InvoicePrintPage', () => {
  it('shows the invoice for paper with the provider, customer, items and total', async () => {
    const api = mockApi({ 'GET /api/v2/invoices/print': ok(invoiceDetails()) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderBilling('/invoices/print?token=signed.print.token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice #7' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/v2/invoices/print')[0]!.query.get('token')).toBe('signed.print.token');
    expect(screen.getByRole('region', { name: 'From' })).toHaveTextContent('Nimbus Cloud');
    expect(screen.getByRole('region', { name: 'Billed to' })).toHaveTextContent('Ada Lovelace');
    expect(within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('$1,240.75')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('says plainly that a bad or expired link does not work', async () => {
    mockApi({ 'GET /api/v2/invoices/print': fail(400, 'INVALID_PRINT_TOKEN') });
    await renderBilling('/invoices/print?token=tampered.token.value');
    expect(
      await screen.findByRole('heading', { name: 'This invoice link is invalid or has expired.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your invoices' })).toHaveAttribute('href', '/invoices');
  });

  it('says the same without asking the server when the link has no token', async () => {
    const api = mockApi({});
    await renderBilling('/invoices/print');
    expect(screen.getByRole('alert')).toHaveTextContent('This invoice link is invalid or has expired.');
    expect(api.seen).toHaveLength(0);
  });
});
