import { expect, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';
import { toast } from '../support/ui';

test('an API token acts as the customer until it is revoked', async ({ page, request }) => {
  const customer = await signedInCustomer(page, request, 'api-token');
  await page.goto('/account/api-access');
  await expect(page.getByText('You have no API token.')).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new API token' });
  const shown = dialog.getByLabel('API token', { exact: true });
  await expect(shown).toHaveText(/\S{20,}/);
  const token = (await shown.textContent())!.trim();

  const userInfo = () =>
    request.get('/api/auth/user-info', { headers: { authorization: `Bearer ${token}` } });
  const allowed = await userInfo();
  expect(allowed.status()).toBe(200);
  const body = (await allowed.json()) as { data: { email: { email: string } } };
  expect(body.data.email.email).toBe(customer.email);

  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(token)).toHaveCount(0);
  // Afterwards only the token's prefix is shown.
  const prefix = page.getByRole('tabpanel').locator('code').filter({ hasText: /…$/ });
  await expect(prefix).toBeVisible();
  expect(token.startsWith((await prefix.textContent())!.replace('…', ''))).toBe(true);

  await page.getByRole('button', { name: 'Revoke token' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the API token?' });
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(toast(page, 'The API token has been revoked.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create token' })).toBeVisible();

  expect((await userInfo()).status()).toBe(401);
});
