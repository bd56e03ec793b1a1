import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signedInCustomer } from '../support/accounts';

test('a customer finds VPN and Forex servers under Solutions and deploys them from the catalogue', async ({
  page,
  request,
}) => {
  await signedInCustomer(page, request, 'solutions');
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });

  await sidebar.getByRole('link', { name: 'VPN and Proxy' }).click();
  await expect(page).toHaveURL(/\/solutions\/vpn-proxy$/);
  await expect(page.getByRole('heading', { name: 'VPN and Proxy', level: 1 })).toBeVisible();
  const vpn = page.getByRole('region', { name: 'Ready to deploy' });
  // The demo catalogue's applications tagged vpn, and none of the others.
  await expect(vpn.getByRole('heading', { name: 'WireGuard VPN' })).toBeVisible();
  await expect(vpn.getByRole('heading', { name: 'OpenVPN Access Server' })).toBeVisible();
  await expect(vpn.getByRole('heading', { name: 'WordPress' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Regions' }).getByText('Singapore')).toBeVisible();

  await vpn.getByRole('link', { name: 'Deploy WireGuard VPN' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/createinstance' && url.searchParams.get('appId') === '9',
  );
  await expect(page.getByRole('radio', { name: /WireGuard VPN/ })).toHaveAttribute('aria-checked', 'true');

  await sidebar.getByRole('link', { name: 'Forex VPS' }).click();
  await expect(page.getByRole('heading', { name: 'Forex VPS', level: 1 })).toBeVisible();
  const platforms = page.getByRole('region', { name: 'Trading platforms' });
  await expect(platforms.getByRole('heading', { name: 'MetaTrader 4 for Forex' })).toBeVisible();
  await platforms.getByRole('link', { name: 'Deploy MetaTrader 5 multi-terminal' }).click();
  // ForexInstanceCreation, with the platform chosen among the forex applications.
  await expect(page).toHaveURL(
    (url) => url.pathname === '/createinstance/forex' && url.searchParams.get('appId') === '12',
  );
  await expect(page.getByRole('radio', { name: /MetaTrader 5 multi-terminal/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Forex trading', pressed: true })).toBeVisible();
});

test('the provider’s banner shows on the panel, opens its link in a new tab and stays closed once dismissed', async ({
  page,
  request,
}) => {
  await signedInCustomer(page, request, 'banner');
  await page.goto('/dashboard');
  const banner = page.getByRole('status', { name: 'Announcement' });
  // The demo catalogue's banner.
  await expect(banner).toContainText('High Frequency plans are now available in Singapore');
  const link = banner.getByRole('link', { name: /Read more/ });
  await expect(link).toHaveAttribute('href', 'https://nimbus.example/news/high-frequency-singapore');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Announcement' })).toHaveCount(0);
});

test('the browser’s Google Analytics id is recorded with the account once', async ({ page, request }) => {
  await page.context().addCookies([{ name: '_ga', value: 'GA1.1.1827526090.1689745728', url: baseURL }]);
  await signedInCustomer(page, request, 'stats');
  const recorded = page.waitForRequest(
    (r) => r.url().endsWith('/api/customer-stats') && r.method() === 'POST',
  );
  await page.goto('/dashboard');
  const sent = await recorded;
  expect(sent.postDataJSON()).toEqual({ googleId: '1827526090.1689745728' });
  expect((await sent.response())?.status()).toBe(200);
  // Remembered, so the next page loads do not send it again.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('nimbus.customerStats')))
    .toContain('1827526090.1689745728');
});
