import type { Card } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  allGateways,
  billingInfo,
  fail,
  mockApi,
  ok,
  renderPage,
  stripe,
} from '../payments/payments.test-helpers';
import { AutoRechargePage } from './AutoRechargePage';
import { activeAutoRecharge } from './auto-recharge-fixtures.test-helpers';

const card = (id: number, overrides: Partial<Card> = {}): Card => ({
  id,
  brand: 'visa',
  last4: '4242',
  name: 'Ada Lovelace',
  expMonth: 4,
  expYear: 2030,
  isDefault: false,
  ...overrides,
});
const cards = [card(1, { isDefault: true }), card(2, { brand: 'mastercard', last4: '5454', expMonth: 11 })];

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/profile/billing-info': ok(billingInfo),
    'GET /api/payments/gateways': ok(allGateways),
    'GET /api/auto-recharge/7': ok(activeAutoRecharge()),
    [`GET /api/auto-recharge/gateways/${stripe.id}/cards`]: ok({ cards }),
    ...extra,
  });
}
const renderAutoRecharge = () => renderPage(<AutoRechargePage />, { path: '/auto-recharge' });

describe('AutoRechargePage', () => {
  it('shows the breadcrumb, the settings and the saved cards', async () => {
    api();
    await renderAutoRecharge();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByText('Billing')).toBeInTheDocument();
    expect(within(trail).getByText('Auto recharge')).toBeInTheDocument();
    expect(await screen.findByText('Current settings')).toBeInTheDocument();
    expect(screen.getByText('Credit or debit card')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Mastercard ending in 5454/ })).toBeInTheDocument();
    expect(screen.getByText('Expires 11/2030')).toBeInTheDocument();
  });

  it('keeps Update disabled until another card is chosen, then makes it the default', async () => {
    const calls = api({
      [`POST /api/auto-recharge/gateways/${stripe.id}/change-default-card`]: ok(),
    });
    await renderAutoRecharge();
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /Visa ending in 4242/ }));
    expect(update).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /Mastercard ending in 5454/ }));
    expect(update).toBeEnabled();
    fireEvent.click(update);
    expect(await screen.findByText('Your default card was changed.')).toBeInTheDocument();
    expect(
      calls.calls('POST', `/api/auto-recharge/gateways/${stripe.id}/change-default-card`)[0]?.body,
    ).toEqual({
      cardId: 2,
    });
    await waitFor(() => expect(calls.calls('GET', '/api/auto-recharge/7')).toHaveLength(2));
  });

  it('asks for a reason before deactivating', async () => {
    const calls = api({ 'DELETE /api/auto-recharge/7': ok() });
    await renderAutoRecharge();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate auto-recharge' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.calls('DELETE', '/api/auto-recharge/7')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Moving to invoices' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Auto-recharge has been deactivated.')).toBeInTheDocument();
    expect(calls.calls('DELETE', '/api/auto-recharge/7')[0]?.body).toEqual({ reason: 'Moving to invoices' });
  });

  it('says when deactivation fails', async () => {
    api({ 'DELETE /api/auto-recharge/7': fail(500, 'INTERNAL_ERROR') });
    await renderAutoRecharge();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate auto-recharge' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Too costly' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('detail of INTERNAL_ERROR')).toBeInTheDocument();
  });
});
