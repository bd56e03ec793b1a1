import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentsPage } from '../PaymentsPage';
import {
  billingInfo,
  inactiveAutoRecharge,
  mockApi,
  ok,
  paymentList,
  renderPage,
  stripe,
} from '../payments.test-helpers';

function api(gateways: unknown[]) {
  return mockApi({
    'GET /api/payments/gateways': ok(gateways),
    'GET /api/profile/billing-info': ok(billingInfo),
    'GET /api/payments': ok(paymentList([])),
    'GET /api/auto-recharge/7': ok(inactiveAutoRecharge),
  });
}

describe('PaymentsPage without a payment method', () => {
  it('says plainly that none is configured and whom to contact, with no form', async () => {
    api([]);
    await renderPage(<PaymentsPage />, { path: '/payments' });
    const heading = await screen.findByText('No payment method is configured');
    const state = heading.parentElement as HTMLElement;
    expect(state).toHaveTextContent(
      'Nimbus Cloud has not set up a way to pay yet, so credit cannot be added here. Please contact support@nimbus.example to add credit.',
    );
    expect(within(state).getByRole('link', { name: 'support@nimbus.example' })).toHaveAttribute(
      'href',
      'mailto:support@nimbus.example',
    );
    expect(within(state).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@nimbus.example',
    );
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    expect(screen.queryByLabelText('Other amount')).toBeNull();
    expect(screen.queryByText(/Choose an amount and how to pay/)).toBeNull();
  });

  it('shows the form as soon as one gateway is offered', async () => {
    api([stripe]);
    await renderPage(<PaymentsPage />, { path: '/payments' });
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByText('No payment method is configured')).toBeNull();
  });
});
