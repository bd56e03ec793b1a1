import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  invoiceDetails,
  invoiceItem,
  mockApi,
  ok,
  onSmallScreen,
  renderBilling,
} from '../billing.test-helpers';

describe('InvoiceDetailsPage', () => {
  it('shows the summary and the items with their reason, usage, period and subtotal', async () => {
    mockApi({ 'GET /api/v2/invoices/7': ok(invoiceDetails()) });
    await renderBilling('/invoices/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice #7' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(within(trail).getByText('#7')).toHaveAttribute('aria-current', 'page');

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Nov 1 – Nov 30, 2026');
    expect(summary).toHaveTextContent('Open');
    expect(summary).toHaveTextContent('$1,240.75');

    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('web-1 (Standard 2 GB)');
    expect(rows[1]).toHaveTextContent('Frankfurt');
    expect(rows[1]).toHaveTextContent('Created');
    expect(rows[1]).toHaveTextContent('720 hours');
    expect(rows[1]).toHaveTextContent('Nov 1 – Nov 30, 2026');
    expect(rows[1]).toHaveTextContent('$1,234.50');
    expect(rows[2]).toHaveTextContent('IPv4 address');
    expect(rows[2]).toHaveTextContent('Renewed');
    expect(rows[2]).toHaveTextContent('1 cycle');
    expect(rows[2]).toHaveTextContent('Since Nov 5, 2026');
    expect(rows[2]).toHaveTextContent('$6.25');
  });

  it('shows a refund on deletion as a credit line, and the charges and credits apart (issue 11)', async () => {
    const items = [
      invoiceItem(1, { type: 'subscription', billingCycle: 'monthly', usage: 1, subtotal: '7.02' }),
      invoiceItem(2, {
        type: 'credit',
        billingCycle: 'monthly',
        reason: 'terminated',
        usage: 0,
        subtotal: '-6.76',
      }),
    ];
    mockApi({
      'GET /api/v2/invoices/7': ok(
        invoiceDetails({ items, amount: '0.26', roundedAmount: '0.26', itemCount: 2 }),
      ),
    });
    await renderBilling('/invoices/7');
    const rows = within(await screen.findByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Terminated');
    expect(rows[2]).toHaveTextContent('Credit');
    expect(rows[2]).toHaveTextContent('-$6.76');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Charges$7.02');
    expect(summary).toHaveTextContent('Credits-$6.76');
    expect(summary).toHaveTextContent('Total$0.26');
  });

  it('opens the printable invoice in a new tab with its token', async () => {
    mockApi({ 'GET /api/v2/invoices/7': ok(invoiceDetails()) });
    await renderBilling('/invoices/7');
    const print = await screen.findByRole('link', { name: /^Print/ });
    expect(print).toHaveAttribute('href', '/invoices/print?token=signed.print.token');
    expect(print).toHaveAttribute('target', '_blank');
    expect(print).toHaveAccessibleName('Print (opens in a new tab)');
  });

  it('shows the items as cards on small screens', async () => {
    onSmallScreen();
    mockApi({ 'GET /api/v2/invoices/7': ok(invoiceDetails()) });
    await renderBilling('/invoices/7');
    const items = await screen.findByRole('list', { name: 'Items' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(items).toHaveTextContent('$1,234.50');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('goes to the not-found page for an unknown invoice', async () => {
    mockApi({ 'GET /api/v2/invoices/8': fail(404, 'NOT_FOUND') });
    const { router } = await renderBilling('/invoices/8');
    expect(await screen.findByRole('heading', { name: 'Not found page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });
});
