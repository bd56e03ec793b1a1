import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer names the address, enables IPv6, buys transfer and protects the instance', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'network');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: {
      productId: 1,
      region: 1,
      osId: 101,
      hostnames: ['net-web'],
      billingCycle: 'hourly',
      assignIpv4: true,
      assignIpv6: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;
  const get = async (path: string) =>
    (await (await request.get(`/api/${path}`, { headers: api(customer.tokens) })).json()).data;

  await page.goto(`/instances/${id}/network`);
  const ipv4 = page.getByRole('table', { name: 'IPv4' });
  await expect(ipv4).toBeVisible({ timeout: 60_000 });
  const ip = (await get(`instances/${id}`)).mainIp as string;
  await expect(ipv4).toContainText(ip);

  const ptr = page.getByRole('textbox', { name: 'Reverse DNS (PTR)' });
  await ptr.fill('mail.example.com');
  // Saving waits for the instance to finish building: the server refuses PTR edits meanwhile.
  const savePtr = ptr.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' });
  await expect(savePtr).toBeEnabled({ timeout: 90_000 });
  await savePtr.click();
  await expect(toast(page, `The reverse-DNS name of ${ip} was saved.`)).toBeVisible();
  expect((await get(`instances/${id}`)).mainIpPTR).toBe('mail.example.com');

  await expect(page.getByRole('button', { name: 'Enable IPv6' })).toBeEnabled({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Enable IPv6' }).click();
  await expect(toast(page, 'IPv6 was enabled. Reboot the instance to use it.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'IPv6' })).toContainText('/64');

  const transfer = page.getByRole('region', { name: 'Transfer' });
  await expect(transfer.getByText(/GiB of 1,024\.00 GiB used/)).toBeVisible();
  await transfer.getByRole('button', { name: 'Add transfer' }).click();
  await transfer.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add transfer?' });
  await expect(confirm).toContainText('$5.00');
  await confirm.getByRole('button', { name: 'Add transfer' }).click();
  await expect(toast(page, '1 TB of transfer was added to this cycle.')).toBeVisible();
  await expect(transfer.getByText(/GiB of 2,048\.00 GiB used/)).toBeVisible();
  // The package is charged at once: the month's invoice, in Transactions, holds its $5.00 (hours come later).
  const { transactions } = await get('transactions');
  expect(transactions).toContainEqual(expect.objectContaining({ type: 'invoice', value: '-5.00' }));

  await page.getByRole('button', { name: 'Enable DDoS protection' }).click();
  const ddos = page.getByRole('dialog', { name: 'Enable DDoS protection?' });
  await ddos.getByRole('button', { name: 'Enable DDoS protection' }).click();
  await expect(page.getByText('Protected', { exact: true })).toBeVisible();
  const protectedIp = (await get(`instances/${id}`)).mainIp as string;
  expect(protectedIp).not.toBe(ip);
  await expect(toast(page, `DDoS protection is on. The new IPv4 address is ${protectedIp}.`)).toBeVisible();
});
