import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api';
import { pageRoute, renderRoutes, stubRoute, testBranding, underTest } from '../../../test/render';
import { testUser } from '../../account/account.test-helpers';
import { billingKeys } from '../../billing/queries';
import { TopBar } from './TopBar';

const billingInfo = (balance: string) => ({
  id: 7,
  balance,
  suspendTimestamp: null,
  usageRate: '0.0000',
  spentThisMonth: '0.00',
  kycStatus: 'none',
  isSuspendedByBilling: false,
});

async function renderTopBar(sandboxPayments: boolean, balances: string[] = ['52.98']) {
  const answers = [...balances];
  const api = mockApi({
    'GET /api/auth/user-info': ok(testUser),
    'GET /api/profile/billing-info': () =>
      ok(billingInfo(answers.length > 1 ? answers.shift()! : answers[0]!)),
  });
  const rendered = await renderRoutes(
    '/dashboard',
    (root) => [
      pageRoute(root, '/dashboard', underTest(<TopBar navigationOpen={false} onOpenNavigation={() => {}} />)),
      stubRoute(root, '/payments', 'Payments stub'),
    ],
    { branding: { ...testBranding, sandboxPayments }, ready: () => screen.findByTestId('page-under-test') },
  );
  return { ...rendered, api };
}

describe('TopBar: credit balance', () => {
  const balanceLink = () => screen.findByRole('link', { name: /^Credit balance: / });

  it('shows the balance, which leads to Payments', async () => {
    await renderTopBar(false);
    const link = await balanceLink();
    expect(link).toHaveAccessibleName('Credit balance: $52.98');
    expect(link).toHaveTextContent('$52.98');
    fireEvent.click(link);
    expect(await screen.findByText('Payments stub')).toBeInTheDocument();
  });

  it('follows the credit when the billing info is read again (after a payment, an order, a refund)', async () => {
    const { queryClient, api } = await renderTopBar(false, ['52.98', '59.74']);
    expect(await balanceLink()).toHaveAccessibleName('Credit balance: $52.98');
    await queryClient.invalidateQueries({ queryKey: billingKeys.info() });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Credit balance: / })).toHaveAccessibleName(
        'Credit balance: $59.74',
      ),
    );
    expect(api.calls('GET', '/api/profile/billing-info')).toHaveLength(2);
  });

  it('shows a negative balance as such', async () => {
    await renderTopBar(false, ['-3.50']);
    expect(await balanceLink()).toHaveAccessibleName('Credit balance: -$3.50');
  });
});

describe('TopBar: test payments badge', () => {
  it('is shown while sandbox payments are on', async () => {
    await renderTopBar(true);
    const badge = screen.getByText('Test payments');
    expect(badge).toBeVisible();
    fireEvent.mouseOver(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Sandbox payments are on: credit is added without real money.',
    );
  });

  it('is absent on a live install', async () => {
    await renderTopBar(false);
    expect(screen.queryByText('Test payments')).toBeNull();
  });
});
