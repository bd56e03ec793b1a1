import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingInfo, fail, mockApi, ok, renderBilling, transactionList } from './billing.test-helpers';

type Answer = ReturnType<typeof ok>;
// The card is shown at the top of the transactions page; the list itself is empty here.
const withInfo = (info: Answer | (() => Answer)) =>
  mockApi({
    'GET /api/profile/billing-info': info,
    'GET /api/transactions': ok(transactionList([])),
  });
const card = () => screen.getByRole('region', { name: 'Credit' });

describe('CreditCard', () => {
  it('shows the balance, this month’s spending and the way to add credit', async () => {
    withInfo(ok(billingInfo));
    await renderBilling('/transactions');
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(card()).toHaveTextContent('Spent this month$42.10');
    expect(card()).not.toHaveTextContent('Current usage');
    expect(card()).not.toHaveTextContent('runs out');
    expect(screen.getByRole('link', { name: 'Add credit' })).toHaveAttribute('href', '/payments');
  });

  it('shows the hourly usage to 4 decimals and when the credit runs out', async () => {
    const soon = new Date(Date.now() + 5 * 86_400_000);
    withInfo(ok({ ...billingInfo, usageRate: '0.0069', suspendTimestamp: soon.toISOString() }));
    await renderBilling('/transactions');
    expect(await screen.findByText('$0.0069 / hour')).toBeInTheDocument();
    expect(card()).toHaveTextContent(`runs out around`);
    expect(card()).toHaveTextContent(String(soon.getFullYear()));
  });

  it('warns when services are suspended for lack of credit', async () => {
    withInfo(
      ok({
        ...billingInfo,
        balance: '-3.5',
        usageRate: '0.01',
        isSuspendedByBilling: true,
        suspendTimestamp: '2026-01-01T00:00:00.000Z',
      }),
    );
    await renderBilling('/transactions');
    expect(await screen.findByText('-$3.50')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your services are suspended');
    expect(card()).not.toHaveTextContent('runs out');
  });

  it('offers a retry when the credit fails to load', async () => {
    let calls = 0;
    withInfo(() => (++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok(billingInfo)));
    await renderBilling('/transactions');
    expect(await screen.findByText('We could not load your credit.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });
});
