import { expect, type Page, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';

/** The applications' names on the cards shown, in order. */
const cardNames = (page: Page) =>
  page.getByRole('region', { name: 'Applications' }).getByRole('heading', { level: 2 }).allTextContents();

test('a customer searches the applications, filters and pages them, and deploys one', async ({
  page,
  request,
}) => {
  await signedInCustomer(page, request, 'apps');
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Applications' })
    .click();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();

  // Featured first, with the beta badge where it applies.
  await expect(page.getByRole('button', { name: 'Featured', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('7 applications')).toBeVisible();
  await expect(page.getByRole('article', { name: 'WordPress' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Ollama with Open WebUI' }).getByText('Beta')).toBeVisible();
  await expect(page.getByRole('article', { name: 'WordPress' }).getByText('Beta')).toHaveCount(0);

  // A name that is not featured: nothing here, everything a click away.
  const search = page.getByRole('searchbox', { name: 'Search applications' });
  await search.fill('postgres');
  await expect(page.getByText('No application matches')).toBeVisible();
  await expect(page).toHaveURL(/\/applications\?name=postgres$/);
  await page.getByRole('button', { name: 'Show all categories' }).click();
  await expect(page.getByRole('article', { name: 'PostgreSQL' })).toBeVisible();
  expect(await cardNames(page)).toEqual(['PostgreSQL']);
  await expect(page).toHaveURL(/name=postgres&tag=all$/);

  // Every active application: 15, two pages of 12.
  await search.fill('');
  await expect(page.getByText('15 applications')).toBeVisible();
  await expect(page).toHaveURL(/\/applications\?tag=all$/);
  expect(await cardNames(page)).toHaveLength(12);
  await page
    .getByRole('navigation', { name: 'Application pages' })
    .getByRole('button', { name: 'Go to page 2' })
    .click();
  await expect(page).toHaveURL(/tag=all&page=2$/);
  await expect.poll(() => cardNames(page)).toHaveLength(3);
  // Retired applications are not offered.
  await expect(page.getByRole('article', { name: 'Joomla' })).toHaveCount(0);

  // A category starts again at its first page; the page survives a reload.
  await page.getByRole('button', { name: 'VPN', exact: true }).click();
  await expect(page).toHaveURL(/\/applications\?tag=vpn$/);
  await expect.poll(() => cardNames(page)).toEqual(['WireGuard VPN', 'OpenVPN Access Server']);
  await page.reload();
  await expect(page.getByRole('button', { name: 'VPN', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => cardNames(page)).toEqual(['WireGuard VPN', 'OpenVPN Access Server']);

  // The details: the summary's HTML and its links, which open in a new tab.
  await page.getByRole('button', { name: 'Details of WireGuard VPN' }).click();
  const dialog = page.getByRole('dialog', { name: 'WireGuard VPN' });
  await expect(dialog.getByText('51821', { exact: true })).toBeVisible();
  const links = dialog.getByRole('region', { name: 'Learn more' }).getByRole('link');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('href', /^https:\/\//);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Deploy: instance creation, with the application chosen.
  await page.getByRole('link', { name: 'Deploy WireGuard VPN' }).click();
  await expect(page).toHaveURL(/\/createinstance\?appId=9&ram=2$/);
  await expect(page.getByRole('heading', { name: 'Create instance', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /WireGuard VPN/ })).toHaveAttribute('aria-checked', 'true');
});
