import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer boots an instance into rescue mode with a generated password and back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'rescue');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['broken-boot'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;

  await page.goto(`/instances/${id}/rescuemode`);
  await expect(page.getByRole('heading', { name: 'Rescue mode', level: 2 })).toBeVisible();
  // Until the instance is built, rescue waits with the other actions.
  const enable = page.getByRole('button', { name: 'Enable rescue mode' });
  await expect(enable).toBeEnabled({ timeout: 60_000 });

  // Both fields are required; a weak password is refused before anything is sent.
  await enable.click();
  await expect(toast(page, 'Enter the rescue password in both fields.')).toBeVisible();
  await page.getByLabel(/^Rescue password/).fill('rescue123');
  await page.getByLabel(/^Confirm rescue password/).fill('rescue123');
  await enable.click();
  await expect(
    page.getByText('The password must contain a lowercase letter, an uppercase letter and a digit.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Generate password' }).click();
  const generated = (await page.getByTestId('generated-rescue-password').textContent()) ?? '';
  expect(generated).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8}$/);
  await expect(page.getByLabel(/^Rescue password/)).toHaveValue(generated);
  await enable.click();
  await expect(toast(page, 'broken-boot is restarting in rescue mode.')).toBeVisible();
  await expect(page.getByText('This instance is in rescue mode.')).toBeVisible();
  await expect(page.getByText('Rescue', { exact: true }).first()).toBeVisible();

  // In rescue the guest's own password and hostname wait; the console and power off do not.
  await page.getByRole('tab', { name: 'Access' }).click();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Power off' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Console' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Rescue mode' }).click();
  await page.getByRole('button', { name: 'Leave rescue mode' }).click();
  await page
    .getByRole('dialog', { name: 'Leave rescue mode on broken-boot?' })
    .getByRole('button', { name: 'Leave rescue mode' })
    .click();
  // The toast is read by its text (while the dialog closes, the rest of the page is hidden from role
  // queries), and before the page has followed the instance out of rescue: a toast lasts 6 s.
  await expect(page.getByText('broken-boot is restarting into its own system.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable rescue mode' })).toBeVisible({ timeout: 60_000 });

  // Both are in the instance's log, without the password.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByText('Rescue mode enabled on instance broken-boot')).toBeVisible();
  await expect(page.getByText('Rescue mode left on instance broken-boot')).toBeVisible();
  const logs = await request.get(`/api/logs?instanceId=${id}`, { headers: api(customer.tokens) });
  expect(await logs.text()).not.toContain(generated);
});
