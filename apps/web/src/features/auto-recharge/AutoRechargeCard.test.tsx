import type { AutoRechargeInfo } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  allGateways,
  billingInfo,
  fail,
  inactiveAutoRecharge,
  mockApi,
  ok,
  renderPage,
  stripe,
  stubLocationAssign,
} from '../payments/payments.test-helpers';
import { AutoRechargeCard } from './AutoRechargeCard';
import { activeAutoRecharge, stripeState } from './auto-recharge-fixtures.test-helpers';

function api(info: AutoRechargeInfo, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/profile/billing-info': ok(billingInfo),
    'GET /api/payments/gateways': ok(allGateways),
    'GET /api/auto-recharge/7': ok(info),
    ...extra,
  });
}
const renderCard = () => renderPage(<AutoRechargeCard />, { path: '/dashboard' });
const openModal = async (button = 'Enable now') => {
  const enable = await screen.findByRole('button', { name: button });
  await waitFor(() => expect(enable).toBeEnabled());
  fireEvent.click(enable);
  return screen.findByRole('dialog', { name: 'Auto recharge' });
};

describe('AutoRechargeCard', () => {
  it('invites to turn auto-recharge on', async () => {
    api(inactiveAutoRecharge);
    await renderCard();
    expect(await screen.findByText(/Top up automatically from your card/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable now' })).toBeInTheDocument();
  });

  it('shows a healthy setup in green with its amounts', async () => {
    api(activeAutoRecharge());
    await renderCard();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    expect(screen.queryByText('Automatic payment failed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/auto-recharge');
  });

  it('shows a failing gateway status in red with the payment-failed banner', async () => {
    const failing = stripeState({
      status: 'CARD_DECLINED',
      metadata: {
        defaultCard: null,
        lastFailure: { at: '2026-01-09T00:00:00.000Z', reason: 'insufficient_funds' },
      },
    });
    api(activeAutoRecharge(failing));
    await renderCard();
    expect(await screen.findByText('Card declined')).toBeInTheDocument();
    expect(screen.getByText('Automatic payment failed')).toBeInTheDocument();
    expect(screen.getByText('Reason: insufficient_funds')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });

  it('says in a toast and in the card when the settings cannot be loaded', async () => {
    api(inactiveAutoRecharge, { 'GET /api/auto-recharge/7': fail(500, 'INTERNAL_ERROR') });
    await renderCard();
    await waitFor(() =>
      expect(screen.getAllByText('We could not load your auto-recharge settings.')).toHaveLength(2),
    );
  });
});

describe('AutoRechargeModal', () => {
  it('reads "Checkout and activate" for a card gateway without a saved card', async () => {
    api(inactiveAutoRecharge);
    await renderCard();
    const dialog = await openModal();
    expect(within(dialog).getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'PayPal' })).not.toBeInTheDocument();
    // 0.01 per hour: $10 lasts 41 days.
    expect(within(dialog).getByRole('radio', { name: '$10.00 (covers about 41 days)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '$30.00 (covers about 125 days)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '$5.00' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Checkout and activate' })).toBeInTheDocument();
  });

  it('reads "Activate" with a verified gateway while inactive', async () => {
    api({ ...inactiveAutoRecharge, gateways: [stripeState({ isActive: false })] });
    await renderCard();
    expect(within(await openModal()).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('reads "Update" when active on a verified gateway, starting from the current settings', async () => {
    api(activeAutoRecharge());
    await renderCard();
    const dialog = await openModal('Change settings');
    expect(within(dialog).getByRole('radio', { name: '$20.00 (covers about 83 days)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '$10.00' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('activates on a verified gateway with an active profile', async () => {
    const calls = api(
      { ...inactiveAutoRecharge, gateways: [stripeState({ isActive: false })] },
      {
        'POST /api/auto-recharge': ok({ isGatewayVerified: true, isProfileActive: true, redirectURI: null }),
      },
    );
    await renderCard();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: '$20.00 (covers about 83 days)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Auto-recharge is now active.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/auto-recharge')[0]?.body).toEqual({
      gatewayId: stripe.id,
      amount: '20.00',
      minimumCreditThreshold: '5.00',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.calls('GET', '/api/auto-recharge/7')).toHaveLength(2));
  });

  it('says activation failed when the verified gateway leaves the profile inactive', async () => {
    api(
      { ...inactiveAutoRecharge, gateways: [stripeState({ isActive: false })] },
      {
        'POST /api/auto-recharge': ok({ isGatewayVerified: true, isProfileActive: false, redirectURI: null }),
      },
    );
    await renderCard();
    fireEvent.click(within(await openModal()).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(/Auto-recharge could not be activated/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends the customer to save a card when the gateway is not verified', async () => {
    const redirectURI = 'https://pay.example/setup/abc';
    api(inactiveAutoRecharge, {
      'POST /api/auto-recharge': ok({ isGatewayVerified: false, isProfileActive: false, redirectURI }),
    });
    const assign = stubLocationAssign();
    await renderCard();
    fireEvent.click(within(await openModal()).getByRole('button', { name: 'Checkout and activate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectURI));
  });

  it('explains an option that is no longer offered', async () => {
    api(inactiveAutoRecharge, { 'POST /api/auto-recharge': fail(400, 'INVALID_AUTO_RECHARGE_OPTION') });
    await renderCard();
    fireEvent.click(within(await openModal()).getByRole('button', { name: 'Checkout and activate' }));
    expect(
      await screen.findByText('These options are no longer offered. Please choose again.'),
    ).toBeInTheDocument();
  });
});
