import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer buys a floating IP, attaches it, turns auto-renew off and releases it; the charge is invoiced', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'floating');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['fip-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const instanceId = (await created.json()).data.results[0].instanceId as number;
  const get = async (path: string) =>
    (await (await request.get(`/api/${path}`, { headers: api(customer.tokens) })).json()).data;
  await expect
    .poll(async () => (await get(`instances/${instanceId}`)).status, { timeout: 120_000 })
    .toBe('active');

  await page.goto('/ip-management');
  await expect(page.getByRole('heading', { name: 'Floating IPs', level: 1 })).toBeVisible();
  await expect(page.getByText('No floating IPs yet')).toBeVisible();
  await expect(page.getByText(/\$1\.50 per month each/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Frankfurt' }).click();
  await page.getByRole('button', { name: 'Add floating IPs' }).click();
  await expect(toast(page, 'Floating IPs created: 1.')).toBeVisible();

  const { items } = (await get('floating-ip')).data as { items: { id: number; address: string }[] };
  expect(items).toHaveLength(1);
  const address = items[0]!.address;
  // Cards at this width (the ten-column table needs an extra-large screen).
  const row = page
    .getByRole('list', { name: 'Floating IPs' })
    .getByRole('listitem')
    .filter({ hasText: address });
  await expect(row).toContainText('Frankfurt');
  await expect(row).toContainText('Renews on');

  await row.getByRole('button', { name: `Attach ${address} to an instance` }).click();
  const dialog = page.getByRole('dialog', { name: `Attach ${address}` });
  await dialog.getByRole('combobox', { name: 'Instance' }).click();
  await page.getByRole('option', { name: /fip-web/ }).click();
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(toast(page, `${address} attached to fip-web.`)).toBeVisible();
  await expect(row.getByRole('link', { name: 'fip-web' })).toBeVisible();

  await row.getByRole('switch', { name: `Auto-renew ${address}` }).click();
  await expect(row.getByRole('switch', { name: `Auto-renew ${address}` })).not.toBeChecked();
  await expect(row).toContainText('Expires on');
  expect((await get('floating-ip')).data.items[0].autoRenew).toBe(false);

  // The first month is on this month's invoice, as a line of its own.
  const transactions = (await get('transactions')).transactions as { type: string; referenceId: number }[];
  const invoice = transactions.find((t) => t.type === 'invoice');
  expect(invoice).toBeDefined();
  await page.goto('/transactions');
  await expect(page.getByText(/Invoice for/).first()).toBeVisible();
  await page.goto(`/invoices/${invoice!.referenceId}`);
  await expect(page.getByText(`Floating IP ${address}`)).toBeVisible();

  await page.goto('/ip-management');
  await page.getByRole('button', { name: `Release ${address}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Release floating IP' });
  await expect(confirm).toContainText('The month already paid is not refunded.');
  await confirm.getByRole('button', { name: 'Release' }).click();
  await expect(toast(page, `${address} released.`)).toBeVisible();
  await expect(page.getByText('No floating IPs yet')).toBeVisible();
  expect((await get('floating-ip')).data.totalCount).toBe(0);
});

test('a floating IP ordered with a new instance is charged with it and attached to it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'floating-order');
  await page.goto('/createinstance?planType=default&region=1&osId=101');
  await expect(page.getByRole('heading', { name: 'Create instance', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('radio', { name: /Cloud S/ }).click();
  await page.getByRole('combobox', { name: 'Billing cycle' }).click();
  await page.getByRole('option', { name: 'Hourly' }).click();
  const floating = page.getByRole('combobox', { name: /Floating IPs/ });
  await expect(floating).toBeEnabled();
  // Opened from the keyboard: a pointer held down past MUI's 200 ms on a loaded machine would pick the
  // item that the long menu put under it.
  await floating.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: '1 per instance', exact: true }).click();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('1 × $1.50/mo');
  await expect(summary).toContainText('Floating IPs, first month (charged now)');
  await page.getByLabel('Hostname of instance 1').fill('fip-order');
  await page.getByRole('button', { name: /Create instance/ }).click();
  await expect(page.getByRole('heading', { name: 'Your services are ready' })).toBeVisible({
    timeout: 60_000,
  });

  const get = async (path: string) =>
    (await (await request.get(`/api/${path}`, { headers: api(customer.tokens) })).json()).data;
  const [ip] = (await get('floating-ip')).data.items as { address: string; instance: { hostname: string } }[];
  expect(ip?.instance.hostname).toBe('fip-order');
  await page.goto('/ip-management');
  const row = page
    .getByRole('list', { name: 'Floating IPs' })
    .getByRole('listitem')
    .filter({ hasText: ip!.address });
  await expect(row.getByRole('link', { name: 'fip-order' })).toBeVisible();

  // Its first month is on the invoice beside the instance.
  const transactions = (await get('transactions')).transactions as { type: string; referenceId: number }[];
  const invoice = transactions.find((t) => t.type === 'invoice');
  await page.goto(`/invoices/${invoice!.referenceId}`);
  await expect(page.getByText(`Floating IP ${ip!.address}`)).toBeVisible();
});
