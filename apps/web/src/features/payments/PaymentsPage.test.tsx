import { REACHED_PAYMENT_LIMIT_MESSAGE } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentsPage } from './PaymentsPage';
import {
  allGateways,
  billingInfo,
  cryptomus,
  fail,
  inactiveAutoRecharge,
  mockApi,
  ok,
  paymentList,
  renderPage,
  stripe,
  stubLocationAssign,
} from './payments.test-helpers';
import { SAVED_CONFIGURATION_KEYS } from './saved-configuration';

const checkout = { paymentId: 501, url: 'https://pay.example/checkout/501', postData: null };

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/payments/gateways': ok(allGateways),
    'GET /api/profile/billing-info': ok(billingInfo),
    'GET /api/payments': ok(paymentList([])),
    'GET /api/auto-recharge/7': ok(inactiveAutoRecharge),
    'POST /api/payments': ok(checkout),
    ...overrides,
  });
}

const amountField = () => screen.getByLabelText('Other amount');
const typeAmount = (value: string) => fireEvent.change(amountField(), { target: { value } });
const checkoutButton = () => screen.getByRole('button', { name: 'Checkout' });
const renderPayments = async () => {
  const rendered = await renderPage(<PaymentsPage />, { path: '/payments' });
  await screen.findByRole('radio', { name: /PayPal/ });
  return rendered;
};

describe('PaymentsPage: amount', () => {
  it('starts at $60 and takes a preset', async () => {
    api();
    await renderPayments();
    expect(amountField()).toHaveValue('60');
    expect(screen.getByRole('button', { name: '$60' })).toHaveAttribute('aria-pressed', 'true');
    for (const preset of ['$10', '$20', '$150', '$300']) {
      expect(screen.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'false');
    }
    fireEvent.click(screen.getByRole('button', { name: '$150' }));
    expect(amountField()).toHaveValue('150');
    expect(screen.getByRole('button', { name: '$150' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('warns below $2 with the currency and does not check out', async () => {
    const calls = api();
    await renderPayments();
    typeAmount('1.50');
    expect(
      await screen.findByText('Payments below $2.00 are not accepted. Please enter at least $2.00.'),
    ).toBeInTheDocument();
    fireEvent.click(checkoutButton());
    await waitFor(() => expect(amountField()).toHaveFocus());
    expect(calls.calls('POST', '/api/payments')).toHaveLength(0);
  });

  it('refuses a million dollars or more', async () => {
    api();
    await renderPayments();
    typeAmount('1000000');
    expect(await screen.findByText('A payment must be under $1,000,000.00.')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('PaymentsPage: gateways and fee', () => {
  it('chooses PayPal by default and shows its fee on the amount', async () => {
    api();
    await renderPayments();
    expect(screen.getByRole('radio', { name: /PayPal/ })).toBeChecked();
    expect(screen.getByText('Fee 3 %')).toBeInTheDocument();
    expect(screen.getByText('Fee 2.9 %')).toBeInTheDocument();
    expect(screen.getByText('A fee of $1.80 (3 %) is added: you pay $61.80.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    typeAmount('100');
    expect(await screen.findByText('A fee of $2.90 (2.9 %) is added: you pay $102.90.')).toBeInTheDocument();
  });

  it('chooses the first gateway when PayPal is not offered', async () => {
    api({ 'GET /api/payments/gateways': ok([stripe, cryptomus]) });
    await renderPage(<PaymentsPage />, { path: '/payments' });
    expect(await screen.findByRole('radio', { name: /Credit or debit card/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Cryptomus/ })).not.toBeChecked();
  });

  it('tells about the one-time KYC for crypto gateways, with the ticket link', async () => {
    api();
    await renderPayments();
    expect(screen.queryByText(/one-time identity check/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Cryptomus/ }));
    expect(await screen.findByText(/You have not completed it yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a KYC ticket' })).toHaveAttribute(
      'href',
      '/support/new-ticket?kyc=true',
    );
  });

  it('offers auto-recharge only with a card gateway and sends the choice', async () => {
    const calls = api();
    const assign = stubLocationAssign();
    await renderPayments();
    expect(screen.queryByRole('switch', { name: /auto-recharge/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Cryptomus/ }));
    expect(screen.queryByRole('switch', { name: /auto-recharge/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    fireEvent.click(await screen.findByRole('switch', { name: /auto-recharge/ }));
    const amounts = screen.getByRole('radiogroup', { name: 'Recharge amount' });
    fireEvent.click(within(amounts).getByRole('radio', { name: '$20.00' }));
    const thresholds = screen.getByRole('radiogroup', { name: 'When my balance falls below' });
    expect(within(thresholds).getByRole('radio', { name: '$5.00' })).toBeChecked();

    fireEvent.click(checkoutButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkout.url));
    expect(calls.calls('POST', '/api/payments')[0]?.body).toEqual({
      credit: '60.00',
      gateway: 'stripe',
      enableAutoRecharge: true,
      autoRecharge: { amount: '20.00', minimumCreditThreshold: '5.00' },
    });
  });
});

describe('PaymentsPage: checkout', () => {
  it('redirects to the gateway when there is nothing to post', async () => {
    const calls = api();
    const assign = stubLocationAssign();
    await renderPayments();
    fireEvent.click(checkoutButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkout.url));
    expect(calls.calls('POST', '/api/payments')[0]?.body).toEqual({
      credit: '60.00',
      gateway: 'paypal',
      enableAutoRecharge: false,
    });
    expect(checkoutButton()).toBeDisabled();
  });

  it('posts a hidden form when the gateway wants fields', async () => {
    api({
      'POST /api/payments': ok({
        paymentId: 502,
        url: 'https://pay.example/form',
        postData: { a: '1', sig: 'x' },
      }),
    });
    const forms: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      forms.push(this);
    });
    const assign = stubLocationAssign();
    await renderPayments();
    fireEvent.click(checkoutButton());
    await waitFor(() => expect(forms).toHaveLength(1));
    const form = forms[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://pay.example/form');
    expect(Object.fromEntries(new FormData(form))).toEqual({ a: '1', sig: 'x' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when too many payments were attempted', async () => {
    api({ 'POST /api/payments': fail(403, 'REACHED_PAYMENT_LIMIT') });
    await renderPayments();
    fireEvent.click(checkoutButton());
    // The spec's exact wording (platform.md §8), through the translation.
    expect(await screen.findByText(REACHED_PAYMENT_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(checkoutButton()).toBeEnabled();
  });

  it('asks for the KYC when the server requires it', async () => {
    api({ 'POST /api/payments': fail(403, 'KYC_REQUIRED_FOR_PAYMENT') });
    await renderPayments();
    fireEvent.click(checkoutButton());
    expect(await screen.findByText(/This payment needs a one-time identity check/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a KYC ticket' })).toHaveAttribute(
      'href',
      '/support/new-ticket?kyc=true',
    );
  });

  it("shows the server's detail for other refusals", async () => {
    api({ 'POST /api/payments': fail(502, 'GATEWAY_ERROR') });
    await renderPayments();
    fireEvent.click(checkoutButton());
    expect(await screen.findByText('detail of GATEWAY_ERROR')).toBeInTheDocument();
  });
});

describe('PaymentsPage: saved VPS configuration', () => {
  it('forgets the flags when the customer leaves payments', async () => {
    api();
    sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.pendingOrder, '1');
    sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.fromCart, '1');
    const { router } = await renderPayments();
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.pendingOrder)).toBe('1');
    await router.navigate({ to: '/dashboard' });
    expect(await screen.findByText('Dashboard stub')).toBeInTheDocument();
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.pendingOrder)).toBeNull();
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.fromCart)).toBeNull();
  });
});
