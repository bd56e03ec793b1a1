import type { Card } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allGateways,
  billingInfo,
  fail,
  mockApi,
  ok,
  renderPage,
  stripe,
} from '../payments/payments.test-helpers';
import { submitRoute, submitted } from '../surveys/surveys.test-helpers';
import { AutoRechargePage } from './AutoRechargePage';
import { activeAutoRecharge } from './auto-recharge-fixtures.test-helpers';

afterEach(() => vi.restoreAllMocks());

const SURVEY = 'deactivate-stripe-auto-recharge';

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

  it('asks why with the deactivation survey, sends it, then deactivates with the reasons in words', async () => {
    const calls = api({
      [submitRoute(SURVEY)]: submitted(SURVEY),
      'DELETE /api/auto-recharge/7': ok(),
    });
    await renderAutoRecharge();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate auto-recharge' });
    const reasons = await within(dialog).findByRole('group', { name: 'Your reasons' });
    expect(within(reasons).getAllByRole('checkbox')).toHaveLength(5);
    const confirm = within(dialog).getByRole('button', { name: 'Deactivate' });
    // No reason, no deactivation (platform.md §4, §5).
    expect(confirm).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'My card had problems' }));
    expect(confirm).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Something else' }));
    const more = within(dialog).getByRole('textbox', { name: 'Tell us more' });
    expect(confirm).toBeDisabled();
    fireEvent.change(more, { target: { value: 'Moving to invoices' } });
    fireEvent.click(confirm);

    expect(await screen.findByText('Auto-recharge has been deactivated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Deactivate auto-recharge' })).not.toBeInTheDocument(),
    );
    const answer = calls.calls('POST', '/api/surveys/4/submit')[0]!;
    const { reference } = answer.body as { reference: string };
    expect(answer.body).toEqual({
      reference,
      choices: [
        { id: 402, reason: null },
        { id: 405, reason: 'Moving to invoices' },
      ],
    });
    expect(reference).toMatch(/^[\w-]{1,64}$/);
    expect(calls.calls('DELETE', '/api/auto-recharge/7')[0]?.body).toEqual({
      reason: 'My card had problems; Something else: Moving to invoices',
    });
    // The survey first: the deactivation's answer may remove the page's settings.
    expect(calls.seen.findIndex((r) => r.method === 'POST')).toBeLessThan(
      calls.seen.findIndex((r) => r.method === 'DELETE'),
    );
  });

  it('asks anew at each deactivation: a fresh reference every time the dialog opens', async () => {
    const calls = api({ [submitRoute(SURVEY)]: submitted(SURVEY), 'DELETE /api/auto-recharge/7': ok() });
    await renderAutoRecharge();
    for (let time = 0; time < 2; time++) {
      fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
      const dialog = await screen.findByRole('dialog', { name: 'Deactivate auto-recharge' });
      fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'I prefer to add credit myself' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      await waitFor(() => expect(calls.calls('DELETE', '/api/auto-recharge/7')).toHaveLength(time + 1));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    const references = calls
      .calls('POST', '/api/surveys/4/submit')
      .map((r) => (r.body as { reference: string }).reference);
    expect(new Set(references).size).toBe(2);
  });

  it('says when deactivation fails, and a retry does not answer the survey twice', async () => {
    let deactivation = fail(500, 'INTERNAL_ERROR');
    const calls = api({
      [submitRoute(SURVEY)]: submitted(SURVEY),
      'DELETE /api/auto-recharge/7': () => deactivation,
    });
    await renderAutoRecharge();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate auto-recharge' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'I am stopping my services' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('detail of INTERNAL_ERROR')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    deactivation = ok();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.calls('DELETE', '/api/auto-recharge/7')).toHaveLength(2));
    expect(calls.calls('POST', '/api/surveys/4/submit')).toHaveLength(1);
  });

  it('still deactivates when the survey cannot be sent: the reason goes with the deactivation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = api({
      [submitRoute(SURVEY)]: fail(500, 'INTERNAL_ERROR'),
      'DELETE /api/auto-recharge/7': ok(),
    });
    await renderAutoRecharge();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate auto-recharge' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'I am stopping my services' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Auto-recharge has been deactivated.')).toBeInTheDocument();
    expect(calls.calls('DELETE', '/api/auto-recharge/7')[0]?.body).toEqual({
      reason: 'I am stopping my services',
    });
    expect(screen.queryByText('detail of INTERNAL_ERROR')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
