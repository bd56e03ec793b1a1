import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer resizes an hourly instance up, then down by a clean install with a new password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'resize');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['resize-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;
  const detail = async () =>
    (await (await request.get(`/api/instances/${id}`, { headers: api(customer.tokens) })).json()).data;

  await page.goto(`/instances/${id}/resize`);
  await expect(page.getByRole('heading', { name: 'Choose the new size', level: 2 })).toBeVisible();
  await expect(page.getByText('The instance can be resized once it has finished')).toBeHidden({
    timeout: 60_000,
  });
  const current = page.getByRole('radio', { name: /Cloud S/ });
  await expect(current).toHaveAttribute('aria-checked', 'true');
  const resize = page.getByRole('button', { name: 'Resize', exact: true });
  await expect(resize).toBeDisabled();

  await page.getByRole('radio', { name: /Cloud M/ }).click();
  await expect(page.getByRole('table', { name: 'Summary' })).toContainText('2 vCPUs');
  await expect(page.getByText(/New price:/)).toContainText('per hour');
  await resize.click();
  await expect(toast(page, 'resize-web is being resized.')).toBeVisible();
  await expect.poll(async () => (await detail()).planName, { timeout: 30_000 }).toBe('Cloud M');
  expect(await detail()).toMatchObject({ vcpuCount: 2, ram: 2048, disk: 50 });

  // Back to Cloud S: its 25 GB disk is smaller, so only a clean install can do it.
  await page.getByRole('radio', { name: /Cloud S/ }).click();
  await expect(page.getByText(/The new disk is smaller than the current one/)).toBeVisible();
  const cleanInstall = page.getByRole('button', { name: 'Clean install and resize' });
  await expect(cleanInstall).toBeDisabled();
  await page.getByRole('checkbox', { name: /all data on its disk will be lost/ }).check();
  await cleanInstall.click();
  const dialog = page.getByRole('dialog', { name: 'New password' });
  const password = (await dialog.getByTestId('new-password').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await detail()).disk, { timeout: 30_000 }).toBe(25);

  const logs = await request.get(`/api/logs?instanceId=${id}`, { headers: api(customer.tokens) });
  const events = ((await logs.json()).data.logs as { event: string }[]).map((l) => l.event);
  expect(events.filter((e) => e === 'instance_resized')).toHaveLength(2);
  expect(JSON.stringify(await logs.json())).not.toContain(password);
});
