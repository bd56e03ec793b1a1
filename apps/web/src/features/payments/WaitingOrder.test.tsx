import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveDraft } from '../instance-creation/draft';
import { defaultCreationValues } from '../instance-creation/form-model';
import {
  appConfig,
  osList,
  product,
  region,
} from '../instance-creation/instance-creation-fixtures.test-helpers';
import { rememberWaitingOrder } from '../instance-creation/waiting-order';
import { PaymentsPage } from './PaymentsPage';
import {
  allGateways,
  billingInfo,
  inactiveAutoRecharge,
  mockApi,
  ok,
  paymentList,
  renderPage,
} from './payments.test-helpers';
import { hasSavedConfigurationOrder } from './saved-configuration';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

function api(balance: string) {
  return mockApi({
    'GET /api/payments/gateways': ok(allGateways),
    'GET /api/profile/billing-info': ok({ ...billingInfo, balance }),
    'GET /api/payments': ok(paymentList([])),
    'GET /api/auto-recharge/7': ok(inactiveAutoRecharge),
    'GET /api/regions': ok([region()]),
    'GET /api/products': ok([product(1)]),
    'GET /api/os': ok({ os: osList }),
    'GET /api/features': ok({}),
    'GET /api/app-configs': ok(appConfig),
    'GET /api/applications': ok({ applications: [], totalPages: 0, totalCount: 0, page: 1, pageSize: 500 }),
    'GET /api/applications/tags': ok([]),
  });
}

/** The cart's order of one monthly s-1 in Frankfurt, refused for credit: $12.00 needed, $0.00 held. */
function cartOrderWaiting(required = '12.00') {
  saveDraft({
    ...defaultCreationValues('monthly'),
    regionId: 1,
    productId: 1,
    osId: 11,
    hostnames: ['cart-1'],
    hostnamesEdited: [true],
  });
  rememberWaitingOrder(
    {
      customerBalance: '0.00',
      minimumRequiredBalance: required,
      numberOfDaysBalanceValidatedAgainst: 3,
      paygInstancesCount: 0,
      paygInstancesPriceSum: '0.0000',
      snapshotCount: 0,
      snapshotPriceSum: '0.0000',
    },
    true,
  );
}

const renderPayments = async () => {
  const rendered = await renderPage(<PaymentsPage />, { path: '/payments' });
  await screen.findByRole('radio', { name: /PayPal/ });
  // The waiting order's summary is a chunk of its own, fetched only when an order waits.
  if (hasSavedConfigurationOrder()) await screen.findByRole('complementary', { name: 'Order summary' });
  return rendered;
};
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const amountField = () => screen.getByLabelText('Other amount');

describe('PaymentsPage: balance', () => {
  it('shows the credit balance at the top, without a link to itself', async () => {
    api('52.98');
    await renderPayments();
    const credit = screen.getByRole('region', { name: 'Credit' });
    expect(await within(credit).findByText('$52.98')).toBeInTheDocument();
    expect(within(credit).queryByRole('link', { name: 'Add credit' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Order summary' })).toBeNull();
    expect(amountField()).toHaveValue('60');
  });
});

describe('PaymentsPage: an order waiting for credit', () => {
  it('summarises the order and presets the missing amount rounded up to a preset', async () => {
    cartOrderWaiting();
    api('0.00');
    await renderPayments();
    expect(await within(summary()).findByText('s-1')).toBeInTheDocument();
    expect(within(summary()).getByText('Frankfurt')).toBeInTheDocument();
    expect(within(summary()).getByText('cart-1')).toBeInTheDocument();
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('$8.00');
    const credit = within(summary()).getByTestId('waiting-order-credit');
    expect(credit).toHaveTextContent('Your order needs $12.00 more credit');
    expect(credit).toHaveTextContent('Needed for this order$12.00');
    expect(credit).toHaveTextContent('Missing$12.00');
    expect(credit).toHaveTextContent('preset to $20.00');
    expect(amountField()).toHaveValue('20');
    expect(screen.getByRole('button', { name: '$20' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(summary()).getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
      'href',
      '/cart',
    );
  });

  it('counts credit that arrived meanwhile', async () => {
    cartOrderWaiting();
    api('5.00');
    await renderPayments();
    expect(await within(summary()).findByTestId('waiting-order-credit')).toHaveTextContent('Missing$7.00');
    expect(amountField()).toHaveValue('10');
  });

  it('above the largest preset, presets the missing amount in whole dollars', async () => {
    cartOrderWaiting('412.30');
    api('0.00');
    await renderPayments();
    expect(await within(summary()).findByTestId('waiting-order-credit')).toHaveTextContent('Missing$412.30');
    expect(amountField()).toHaveValue('413');
  });

  it('is still there after a reload', async () => {
    cartOrderWaiting();
    api('0.00');
    const first = await renderPayments();
    await within(summary()).findByText('s-1');
    // A reload ends the page without leaving it: the flags stay for the next load.
    first.view.unmount();
    await renderPayments();
    expect(await within(summary()).findByText('cart-1')).toBeInTheDocument();
    expect(within(summary()).getByTestId('waiting-order-credit')).toHaveTextContent('Missing$12.00');
    expect(amountField()).toHaveValue('20');
  });
});
