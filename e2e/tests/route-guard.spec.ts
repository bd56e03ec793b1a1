import { expect, test } from '@playwright/test';
import { newCustomer, signedInCustomer, signUpViaApi } from '../support/accounts';
import { field, signInWithForm } from '../support/ui';

test.describe('signed out', () => {
  test('a first-time visitor of a login-required route is sent to sign-up', async ({ page }) => {
    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('a returning visitor goes to sign-in, then on to the wanted route', async ({ page, request }) => {
    const customer = newCustomer('returning');
    await signUpViaApi(request, customer);
    await page.goto('/signin');
    await page.evaluate(() => localStorage.setItem('nimbus.hadSession', '1'));

    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  });

  test('a visitor whose session ended elsewhere is sent to sign-in and back to their page', async ({
    page,
    request,
  }) => {
    const customer = await signedInCustomer(page, request, 'ended');
    // Signing out on another device ends the session: the stored refresh token no longer works.
    const logout = await request.post('/api/auth/logout', {
      headers: { 'x-refresh-token': customer.tokens.refreshToken },
    });
    expect(logout.ok()).toBe(true);

    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInWithForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/account\/security$/);
  });

  test('tokens in the query sign the browser in and lead to the wanted route', async ({ page, request }) => {
    const customer = newCustomer('query');
    const tokens = await signUpViaApi(request, customer);
    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/signup$/);

    const query = new URLSearchParams({ ...tokens }).toString();
    await page.goto(`/dashboard?${query}`);
    // The guard saved the wanted route on the first visit; the tokens leave the address bar.
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Information' }).click();
    await expect(field(page, 'Full name')).toHaveValue(customer.fullname);
  });

  test('tokens in the query sign the browser in on the route itself', async ({ page, request }) => {
    const customer = newCustomer('query-direct');
    const tokens = await signUpViaApi(request, customer);
    await page.goto(`/dashboard?${new URLSearchParams({ ...tokens })}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hello, ${customer.fullname}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: `Hello, ${customer.fullname}` })).toBeVisible();
  });

  test('cart and invoice print are open without signing in', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Order your VPS' })).toBeVisible();
    await page.goto('/invoices/print');
    await expect(page).toHaveURL(/\/invoices\/print$/);
    await expect(
      page.getByRole('heading', { name: 'This invoice link is invalid or has expired.' }),
    ).toBeVisible();
  });

  test('an unknown path is not found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page, request }) => {
    await signedInCustomer(page, request, 'guard');
  });

  test('guest routes lead to the dashboard', async ({ page }) => {
    for (const path of ['/signin', '/signup', '/forgotpassword']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  });

  const redirects: [string, RegExp][] = [
    ['/', /\/dashboard$/],
    ['/services', /\/services\/instanceList$/],
    ['/services?status=suspended', /\/services\/instanceList\?status=suspended$/],
    ['/account', /\/account\/information$/],
    ['/createinstance/virtualization', /\/createinstance$/],
    ['/invoices/abc', /\/404$/],
    ['/account/nonsense', /\/404$/],
    ['/no/such/page', /\/404$/],
  ];
  test('short, old and malformed addresses are redirected', async ({ page }) => {
    for (const [from, to] of redirects) {
      await page.goto(from);
      await expect(page, from).toHaveURL(to);
    }
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  });

  test('a well-formed invoice address reaches the invoice page, which asks for that invoice', async ({
    page,
  }) => {
    // This customer has no invoice 123: the page asks for it and then shows not found, so the address
    // itself cannot be what is checked (it may already be /404 when looked at).
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/v2/invoices/123'));
    await page.goto('/invoices/123');
    await asked;
    await expect(page).toHaveURL(/\/404$/);
  });

  test('cart and invoice print stay reachable', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Order your VPS' })).toBeVisible();
    await page.goto('/invoices/print');
    await expect(page).toHaveURL(/\/invoices\/print$/);
    await expect(
      page.getByRole('heading', { name: 'This invoice link is invalid or has expired.' }),
    ).toBeVisible();
  });

  test('the IP Management page, once a later release, is open to a signed-in customer', async ({ page }) => {
    await page.goto('/ip-management');
    await expect(page).toHaveURL(/\/ip-management$/);
    await expect(page.getByRole('heading', { name: 'Floating IPs', level: 1 })).toBeVisible();
  });
});
