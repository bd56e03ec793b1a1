import { expect, type Page, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';
import { topUpViaApi } from '../support/billing';
import { textIn } from '../support/i18n';

/** Nothing sticks out sideways: the page scrolls only up and down. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('payments and transactions fit and list their entries as cards', async ({ page, request }) => {
    const customer = await signedInCustomer(page, request, 'billing-phone');
    const paymentId = await topUpViaApi(request, customer.tokens, '20');

    await test.step('/payments', async () => {
      await page.goto('/payments');
      const cards = page.getByRole('list', { name: 'Payment history' });
      const card = cards.getByRole('listitem').filter({ hasText: `Payment #${paymentId}` });
      await expect(card.getByText('Paid', { exact: true })).toBeVisible();
      await expect(
        card.getByRole('link', { name: `Download the PDF receipt of payment ${paymentId}` }),
      ).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });

    await test.step('/transactions', async () => {
      await page.goto('/transactions');
      const cards = page.getByRole('list', { name: 'Transactions' });
      await expect(cards.getByRole('listitem').filter({ hasText: '+$20.00' })).toHaveCount(1);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  });
});

test.describe('in Arabic', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the payments page runs right to left and is translated', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('nimbus.language', 'ar'));
    await signedInCustomer(page, request, 'billing-ar');
    await page.goto('/payments');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // textIn also accepts the English text, so the heading is found either way; it must not be English.
    const amountHeading = page.getByRole('heading', { name: textIn('ar', 'payments', 'amount.title') });
    await expect(amountHeading).toBeVisible();
    await expect(amountHeading).not.toHaveText('Amount');
    await expectNoHorizontalOverflow(page);
  });
});
