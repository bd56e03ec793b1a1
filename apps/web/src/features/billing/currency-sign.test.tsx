import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testAppConfig } from '../../test/catalogue';
import { pageRoute, renderRoutes, stubRoute, underTest } from '../../test/render';
import { BalanceLink } from '../shell/parts/BalanceLink';
import {
  billingInfo,
  invoiceDetails,
  mockApi,
  ok,
  renderBilling,
  transaction,
  transactionList,
} from './billing.test-helpers';

/** A provider whose catalogue writes its currency "€": every amount of the panel takes that sign. */
const euroCatalogue = {
  'GET /api/app-configs': ok({ ...testAppConfig, currency: 'EUR', currencySign: '€' }),
};

describe('amounts in the catalogue’s currency sign', () => {
  it('shows the balance and the transactions with it', async () => {
    mockApi({
      ...euroCatalogue,
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/transactions': ok(transactionList([transaction(1)])),
    });
    await renderBilling('/transactions');
    const credit = await screen.findByRole('region', { name: 'Credit' });
    expect(await within(credit).findByText('€1,234.50')).toBeInTheDocument();
    expect(credit).toHaveTextContent('Spent this month€42.10');
    const rows = within(await screen.findByRole('table', { name: 'Transactions' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('+€60.00')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows an invoice’s total with it', async () => {
    mockApi({ ...euroCatalogue, 'GET /api/v2/invoices/7': ok(invoiceDetails()) });
    await renderBilling('/invoices/7');
    await screen.findByRole('heading', { level: 1, name: 'Invoice #7' });
    expect(await screen.findAllByText('€1,240.75')).not.toHaveLength(0);
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows the balance in the top bar with it', async () => {
    mockApi({ ...euroCatalogue, 'GET /api/profile/billing-info': ok(billingInfo) });
    await renderRoutes('/dashboard', (root) => [
      pageRoute(root, '/dashboard', underTest(<BalanceLink />)),
      stubRoute(root, '/payments', 'Payments stub'),
    ]);
    expect(await screen.findByRole('link', { name: 'Credit balance: €1,234.50' })).toBeInTheDocument();
  });
});
