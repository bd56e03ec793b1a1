import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  billingInfo,
  mockApi,
  ok,
  payment,
  paymentList,
  renderPage,
  testUser,
} from '../payments.test-helpers';
import { readPaymentResultSearch } from '../search';
import {
  PaymentFailPage,
  PaymentPendingPage,
  PaymentSuccessPage,
  PaymentUnderpaidPage,
} from './PaymentResultPages';

const validateSearch = (search: Record<string, unknown>) => readPaymentResultSearch(search);

describe('payment result screens', () => {
  it('thanks for a successful payment and offers the ways on', async () => {
    mockApi({ 'GET /api/auth/user-info': ok(testUser) });
    await renderPage(<PaymentSuccessPage />, { path: '/paymentssuccess', validateSearch });
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Back to payments' })).toHaveAttribute('href', '/payments');
    expect(screen.getByRole('link', { name: 'View transactions' })).toHaveAttribute('href', '/transactions');
    await waitFor(() => expect(screen.queryByText(/Verify your email address/)).not.toBeInTheDocument());
  });

  it('asks a customer with an unverified email to verify it', async () => {
    const unverified = { ...testUser, email: { ...testUser.email, isVerified: false } };
    mockApi({ 'GET /api/auth/user-info': ok(unverified) });
    await renderPage(<PaymentSuccessPage />, { path: '/paymentssuccess', validateSearch });
    expect(
      await screen.findByText(/Verify your email address to start creating services/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/account/email');
  });

  it('watches a payment still pending until it is paid, and refreshes the balance', async () => {
    const pending = payment({ status: 'PENDING', overallStatus: 'pending', credit: '25.00' });
    let answered = 0;
    const api = mockApi({
      'GET /api/auth/user-info': ok(testUser),
      'GET /api/profile/billing-info': () =>
        ok({ ...billingInfo, balance: answered > 1 ? '37.50' : billingInfo.balance }),
      'GET /api/payments': () => {
        answered += 1;
        return ok(
          paymentList([answered > 1 ? { ...pending, status: 'PAID', overallStatus: 'success' } : pending]),
        );
      },
    });
    await renderPage(<PaymentSuccessPage />, {
      path: '/paymentssuccess',
      url: `/paymentssuccess?paymentId=${pending.id}`,
      validateSearch,
    });
    expect(await screen.findByText(`Payment #${pending.id}: $25.00`)).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();

    expect(await screen.findByText('Paid', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(await screen.findByText('Your balance: $37.50')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the payment to be confirmed…')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/payments')[0]?.query.get('page')).toBe('1');
  });

  it('does not watch a failed payment', async () => {
    const rejected = payment({ status: 'REJECTED', overallStatus: 'failed' });
    const api = mockApi({
      'GET /api/payments': ok(paymentList([rejected])),
      'GET /api/profile/billing-info': ok(billingInfo),
    });
    await renderPage(<PaymentFailPage />, {
      path: '/paymentsfail',
      url: `/paymentsfail?paymentId=${rejected.id}`,
      validateSearch,
    });
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the payment to be confirmed…')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/payments')).toHaveLength(1);
  });

  it('explains that only what was received was added', async () => {
    mockApi({});
    await renderPage(<PaymentUnderpaidPage />, { path: '/paymentsunderpaid', validateSearch });
    expect(screen.getByRole('heading', { name: 'Payment received in part' })).toBeInTheDocument();
    expect(screen.getByText(/Only what was received has been added to your balance/)).toBeInTheDocument();
  });

  it('says crypto confirmation can take up to 72 hours', async () => {
    mockApi({});
    await renderPage(<PaymentPendingPage />, { path: '/paymentspending', validateSearch });
    expect(screen.getByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(screen.getByText(/can take up to 72 hours/)).toBeInTheDocument();
  });
});
