import { expect, type Page, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';
import { topUpViaApi } from '../support/billing';

test.use({ viewport: { width: 1280, height: 900 } });

/** The filters the address bar holds, as name → value. */
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test('transaction filters live in the URL, survive a reload and are removed together', async ({
  page,
  request,
}) => {
  const customer = await signedInCustomer(page, request, 'filters');
  await topUpViaApi(request, customer.tokens, '20');
  await page.goto('/transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').filter({ hasText: '+$20.00' })).toHaveCount(1);

  const typeChip = page.getByRole('button', { name: 'Remove filter Type: Payment' });
  const dateChip = page.getByRole('button', { name: 'Remove filter Date: Last 6 months' });

  await test.step('choose type Payment and the last 6 months', async () => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Payment' });
    await dialog.getByLabel('Date', { exact: true }).selectOption({ label: 'Last 6 months' });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();

    await expect(typeChip).toBeVisible();
    await expect(dateChip).toBeVisible();
    await expect.poll(() => queryOf(page)).toEqual({ type: 'payment', interval: 'last6Months' });
    await expect(table.getByRole('row').filter({ hasText: '+$20.00' })).toHaveCount(1);
  });

  await test.step('a reload keeps them', async () => {
    await page.reload();
    await expect(typeChip).toBeVisible();
    await expect(dateChip).toBeVisible();
    expect(queryOf(page)).toEqual({ type: 'payment', interval: 'last6Months' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await expect(dialog.getByLabel('Type', { exact: true })).toHaveValue('payment');
    await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue('last6Months');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('"Remove all" clears them', async () => {
    await page.getByRole('button', { name: 'Remove all' }).click();
    await expect(typeChip).toBeHidden();
    await expect(dateChip).toBeHidden();
    await expect.poll(() => queryOf(page)).toEqual({});
    await expect(page.getByRole('button', { name: 'Remove all' })).toBeHidden();
  });

  await test.step('a custom range ending before it starts is refused', async () => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await dialog.getByLabel('Date', { exact: true }).selectOption({ label: 'Custom date' });
    await dialog.getByLabel('From', { exact: true }).fill('2026-03-10');
    await dialog.getByLabel('To', { exact: true }).fill('2026-03-01');
    await expect(dialog.getByText('The end date cannot be before the start date.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeVisible();
    expect(queryOf(page)).toEqual({});
  });
});

test('a new customer has no invoices, and a malformed invoice address is not found', async ({
  page,
  request,
}) => {
  await signedInCustomer(page, request, 'invoices');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expect(
    page.getByText('An invoice is opened for each month in which you use paid services.'),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.goto('/invoices/abc');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
