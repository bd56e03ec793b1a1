import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';

test('the Performance tab fills in as the worker collects readings, and asks for the agent where needed', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await readyCustomer(page, request, 'performance');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['busy-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;

  await page.goto(`/instances/${id}/performance`);
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 2 })).toBeVisible();
  await expect(page.getByText('1 vCPU')).toBeVisible();
  // Memory and disk usage come from the monitoring agent, which this instance was created without.
  await expect(page.getByText(/Needs the monitoring agent/).first()).toBeVisible();
  // The collector runs every minute; the tab follows the new samples by server push, without a reload.
  await expect(page.getByRole('progressbar', { name: /^CPU: \d+%$/ })).toBeVisible({ timeout: 150_000 });
  const cpu = page.getByRole('region', { name: 'CPU usage (%)' });
  await expect(cpu.getByRole('img', { name: /^CPU usage \(%\): from \d/ })).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(cpu.getByRole('img', { name: /^CPU usage \(%\): from \d/ })).toBeVisible();
});
