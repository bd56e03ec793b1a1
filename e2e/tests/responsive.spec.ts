import { expect, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';

const navigation = 'Main navigation';

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('navigation lives in a drawer and the footer is hidden', async ({ page, request }) => {
    await signedInCustomer(page, request, 'phone');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
    await expect(page.getByRole('navigation', { name: navigation })).toBeHidden();
    // The footer is on the page (the brand has loaded) but not shown.
    await expect(page.locator('footer')).toHaveCount(1);
    await expect(page.locator('footer')).toBeHidden();
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await menuButton.click();
    const drawer = page.getByRole('navigation', { name: navigation });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await drawer.getByRole('link', { name: 'SSH Keys' }).click();
    await expect(page).toHaveURL(/\/sshkeys$/);
    await expect(page.getByRole('navigation', { name: navigation })).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('the sign-in page fits', async ({ page }) => {
    await page.goto('/signin');
    // The suite's machine is busy (two cores, a browser and the API): the first paint may take a while.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('footer')).toHaveCount(1);
    await expect(page.locator('footer')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar is always there and the footer has the legal links', async ({ page, request }) => {
    await signedInCustomer(page, request, 'desktop');
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: navigation })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    for (const name of ['Terms of Service', 'Acceptable Use Policy']) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https?:\/\//);
    }
  });
});
