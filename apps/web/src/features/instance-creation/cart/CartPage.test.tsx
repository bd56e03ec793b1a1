import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../api/tokens';
import { fail, mockApi, ok } from '../../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../../test/render';
import { testUser } from '../../account/account.test-helpers';
import { cartStage, saveDraft, setCartStage } from '../draft';
import { defaultCreationValues } from '../form-model';
import { catalogueApi, ownedFloatingIps } from '../instance-creation.test-helpers';
import { appConfig, osList, product, region } from '../instance-creation-fixtures.test-helpers';
import { CartPage } from './CartPage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const unverified = {
  ...testUser,
  email: { email: 'new@example.com', isVerified: false },
  accountState: 'unverified',
};
const refusal = {
  customerBalance: '0.00',
  minimumRequiredBalance: '12.00',
  numberOfDaysBalanceValidatedAgainst: 3,
  paygInstancesCount: 0,
  paygInstancesPriceSum: '0.0000',
  snapshotCount: 0,
  snapshotPriceSum: '0.0000',
};

/** The cart's configuration as the draft keeps it through sign-up: one monthly s-1 in Frankfurt. */
const saveCartOrder = (overrides: Partial<ReturnType<typeof defaultCreationValues>> = {}) =>
  saveDraft({
    ...defaultCreationValues('monthly'),
    regionId: 1,
    productId: 1,
    osId: 11,
    hostnames: ['cart-1'],
    hostnamesEdited: [true],
    ...overrides,
  });

/** A new customer back from signing up, with the cart's configuration kept; the address verifies on the code. */
function signedUpWithOrder() {
  tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
  saveCartOrder();
  setCartStage('signUp');
  let verified = false;
  return mockApi({
    'GET /api/regions': ok([region()]),
    'GET /api/products': ok([product(1)]),
    'GET /api/os': ok({ os: osList }),
    'GET /api/features': ok({}),
    'GET /api/app-configs': ok(appConfig),
    'GET /api/applications': ok({ applications: [], totalPages: 0, totalCount: 0, page: 1, pageSize: 500 }),
    'GET /api/applications/tags': ok([]),
    'GET /api/ssh-keys': ok({ sshKeys: [] }),
    'GET /api/auth/user-info': () => ok(verified ? testUser : unverified),
    'POST /api/auth/verify-email-code': () => {
      verified = true;
      return ok();
    },
    'POST /api/instances': () =>
      verified ? fail(460, 'INSUFFICIENT_BALANCE', { data: refusal }) : fail(403, 'EMAIL_NOT_VERIFIED'),
  });
}

const renderCart = () =>
  renderRoutes(
    '/cart',
    (root) => [pageRoute(root, '/cart', CartPage), stubRoute(root, '/payments', 'Payments stub')],
    {
      ready: () => screen.findByRole('heading', { level: 1, name: 'Order your VPS' }),
    },
  );

describe('CartPage: a new account verifies its email on a step of its own', () => {
  it('waits on the verify step, then orders once the code is entered', async () => {
    const api = signedUpWithOrder();
    await renderCart();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    // Not step 1, and no order sent that the server would refuse.
    expect(screen.queryByLabelText('Hostname of instance 1')).toBeNull();
    expect(api.calls('POST', '/api/instances')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    // Verified: the order goes out; without credit it stops at the payment step with what it needs.
    expect(await screen.findByRole('heading', { name: 'Add credit' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances')).toHaveLength(1);
    expect(screen.getByText('At least $12.00 of credit is needed.')).toBeInTheDocument();
    expect(cartStage()).toBe('payment');
  });

  it('follows a link clicked elsewhere when asked', async () => {
    const api = signedUpWithOrder();
    await renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'I have clicked the link' }));
    expect(await screen.findByText(/The address is not verified yet/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances')).toHaveLength(0);
    // The link is clicked in another tab: the server now says verified.
    await fetch('/api/auth/verify-email-code', { method: 'POST', body: '{}' });
    fireEvent.click(screen.getByRole('button', { name: 'I have clicked the link' }));
    await waitFor(() => expect(api.calls('POST', '/api/instances')).toHaveLength(1), { timeout: 5000 });
  });

  it('an account refused as unverified on deploying goes to the verify step, not to step 1', async () => {
    signedUpWithOrder();
    setCartStage('deploy');
    await renderCart();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Hostname of instance 1')).toBeNull();
  });
});

/**
 * A signed-in customer back on the cart to deploy an order of 3 floating IPs, holding 4 of the catalogue's
 * 5 already (one more fits, not three); the order is answered `answer`.
 */
function orderPastFloatingIpLimit(answer: ReturnType<typeof ok>) {
  tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
  saveCartOrder({ floatingIPCount: 3 });
  setCartStage('deploy');
  return catalogueApi({
    'GET /api/auth/user-info': ok(testUser),
    'GET /api/floating-ip': ok(ownedFloatingIps(4)),
    'POST /api/instances': answer,
  });
}

describe('CartPage: floating IPs chosen signed out, past the account’s limit', () => {
  it('orders without them and says so while it waits for payment', async () => {
    const api = orderPastFloatingIpLimit(fail(460, 'INSUFFICIENT_BALANCE', { data: refusal }));
    await renderCart();
    expect(
      await screen.findByText(
        /leave room for 1 more, so this order goes on without the 3 floating IPs you chose/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/instances')).toHaveLength(1));
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({ floatingIPCount: 0 });
    // On to paying what is missing, the warning still in view.
    expect(await screen.findByRole('link', { name: 'Go to payments' })).toBeInTheDocument();
    expect(screen.getByText(/without their cost/)).toBeInTheDocument();
  });

  it('tells it on the way to the pending page when the order deploys', async () => {
    const api = orderPastFloatingIpLimit(
      ok({ results: [{ hostname: 'cart-1', code: 'CREATED', detail: '', instanceId: 9, password: 'pw' }] }),
    );
    await renderRoutes(
      '/cart',
      (root) => [pageRoute(root, '/cart', CartPage), stubRoute(root, '/createinstance/pending', 'Pending')],
      { ready: () => screen.findByRole('heading', { level: 1, name: 'Order your VPS' }) },
    );
    expect(await screen.findByRole('heading', { name: 'Pending' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({ floatingIPCount: 0 });
    expect(screen.getByRole('status')).toHaveTextContent(/without the 3 floating IPs you chose/);
  });
});
