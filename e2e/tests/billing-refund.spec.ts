import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { api, readyCustomer } from '../support/instances';

/**
 * Issue 11: deleting a monthly server refunds its unused days, and the panel says so everywhere — on
 * the deletion page after success (also after a reload), in Transactions, and the history adds up to
 * the balance.
 */

async function get<T>(request: APIRequestContext, tokens: Tokens, path: string) {
  const response = await request.get(path, { headers: api(tokens) });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Decimal money string → micros, without floating point. */
const micros = (value: string) => {
  const [whole = '0', frac = ''] = value.replace('-', '').split('.');
  const abs = Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0'));
  return value.startsWith('-') ? -abs : abs;
};

test('deleting a monthly server shows its refund on the deletion page and in Transactions', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { tokens } = await readyCustomer(page, request, 'refund');
  const created = await request.post('/api/instances', {
    headers: api(tokens),
    data: {
      region: 1,
      osId: 101,
      productId: 2,
      hostnames: ['refund-me'],
      billingCycle: 'monthly',
      isSubscriptionAutoRenewEnabled: true,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const id = (await created.json()).data.results[0].instanceId as number;
  await expect
    .poll(async () => (await get<{ status: string }>(request, tokens, `/api/instances/${id}`)).status, {
      timeout: 90_000,
    })
    .toBe('active');
  const preview = await get<{ refundAmount: string; refundable: boolean }>(
    request,
    tokens,
    `/api/instances/${id}/subscription-refund`,
  );
  expect(preview.refundable).toBe(true);
  const refunded = `$${Number(preview.refundAmount).toFixed(2)}`;

  // Delete it from the list, through the deletion page.
  await page.goto('/services/instanceList');
  await page.getByRole('checkbox', { name: 'Select all services' }).check();
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page).toHaveURL(/\/instance-deletion$/);
  await expect(page.getByText(`Total refund: ${refunded}`)).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Delete service' });
  await expect(confirm).toBeDisabled();
  await page.getByRole('textbox', { name: 'Type the hostname refund-me to confirm' }).fill('refund-me');
  await confirm.click();
  const dialog = page.getByRole('dialog', { name: 'Deletion completed' });
  await expect(dialog.getByText(`Refunded to your credit: ${refunded}`)).toBeVisible({ timeout: 30_000 });

  // Behind the dialog and after a reload, the page says what was refunded, never "No refund".
  const outcome = async (behindDialog: boolean) => {
    const card = page.getByRole('region', { name: 'Deletion completed', includeHidden: behindDialog });
    await expect(
      card.getByText(`Deletion completed. ${refunded} was refunded to your credit.`),
    ).toBeVisible();
    await expect(card.getByText(`Refunded ${refunded}`)).toBeVisible();
    await expect(card.getByText('No refund')).toHaveCount(0);
  };
  await outcome(true);
  await page.reload();
  await outcome(false);
  await page.getByRole('button', { name: 'Back to services' }).click();
  await expect(page).toHaveURL(/\/services\/instanceList/);

  // Transactions: the refund is a row of its own, the open invoice a running total, and the rows add up.
  await page.goto('/transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  const refundRow = table.getByRole('row', { name: /Refund for refund-me/ });
  await expect(refundRow.getByText(`+${refunded}`)).toBeVisible();
  await expect(table.getByRole('row', { name: /so far/ }).getByText('Month to date')).toBeVisible();
  const { transactions } = await get<{ transactions: { balanceChange: string }[] }>(
    request,
    tokens,
    '/api/transactions?pageSize=100',
  );
  const sum = transactions.reduce((total, row) => total + micros(row.balanceChange), 0);
  const info = await get<{ balance: string }>(request, tokens, '/api/profile/billing-info');
  expect(Math.round(sum / 10_000)).toBe(Math.round(micros(info.balance) / 10_000));
  const balance = `$${Number(info.balance).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByRole('region', { name: 'Credit' }).getByText(balance)).toBeVisible();
});
