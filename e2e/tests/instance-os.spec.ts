import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer changes the operating system and reinstalls it, each time with a new password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'change-os');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['os-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;

  await page.goto(`/instances/${id}/os`);
  await expect(page.getByRole('heading', { name: 'Change operating system', level: 2 })).toBeVisible();
  const change = page.getByRole('button', { name: 'Change OS' });
  const accept = page.getByRole('checkbox', {
    name: "I understand that all data on the instance's disk will be lost.",
  });
  // The image it runs is chosen: Change OS waits for another one, whatever is ticked.
  await expect(
    page.getByText('The operating system can be changed once the instance has finished'),
  ).toBeHidden({
    timeout: 60_000,
  });
  await accept.first().check();
  await expect(change).toBeDisabled();
  await page.getByRole('radio', { name: 'Debian' }).click();
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'New password' });
  const password = (await dialog.getByTestId('new-password').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'os-web is being rebuilt with the new operating system.')).toBeVisible();

  // The instance rebuilds (the page follows it) and runs the new image.
  await page.getByRole('tab', { name: 'Access' }).click();
  await expect(page.getByText('Debian 12 Bookworm')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Power off' })).toBeEnabled({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Change OS' }).click();
  await page
    .getByRole('checkbox', { name: "I understand that all data on the instance's disk will be lost." })
    .last()
    .check();
  await page.getByRole('button', { name: 'Reinstall' }).click();
  const again = page.getByRole('dialog', { name: 'New password' });
  expect(await again.getByTestId('new-password').textContent()).not.toBe(password);
  await again.getByRole('button', { name: 'Close' }).click();

  // Each change is logged once the worker has seen the driver's rebuild succeed.
  const events = async () => {
    const logs = await request.get(`/api/logs?instanceId=${id}`, { headers: api(customer.tokens) });
    return ((await logs.json()).data.logs as { event: string }[]).map((l) => l.event);
  };
  await expect
    .poll(events, { timeout: 60_000 })
    .toEqual(expect.arrayContaining(['instance_os_changed', 'instance_reinstalled']));
  const logs = await request.get(`/api/logs?instanceId=${id}`, { headers: api(customer.tokens) });
  expect(JSON.stringify(await logs.json())).not.toContain(password);
});
