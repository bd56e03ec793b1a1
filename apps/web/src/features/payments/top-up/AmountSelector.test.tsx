import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentsPage } from '../PaymentsPage';
import {
  allGateways,
  billingInfo,
  inactiveAutoRecharge,
  mockApi,
  ok,
  paymentList,
  renderPage,
} from '../payments.test-helpers';

const amountField = () => screen.getByLabelText('Other amount');

describe('the amount field', () => {
  it.each(['99999999', '123456789012.50'])('says %s is above the maximum, not malformed', async (amount) => {
    mockApi({
      'GET /api/payments/gateways': ok(allGateways),
      'GET /api/profile/billing-info': ok(billingInfo),
      'GET /api/payments': ok(paymentList([])),
      'GET /api/auto-recharge/7': ok(inactiveAutoRecharge),
    });
    await renderPage(<PaymentsPage />, { path: '/payments' });
    await screen.findByRole('radio', { name: /PayPal/ });
    fireEvent.change(amountField(), { target: { value: amount } });
    expect(await screen.findByText('A payment must be under $1,000,000.00.')).toBeInTheDocument();
    expect(screen.queryByText('Enter an amount such as 25 or 25.50.')).not.toBeInTheDocument();
  });
});
