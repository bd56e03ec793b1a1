import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer enables weekly backups, changes them to daily, finds them in Services and disables them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'backups');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['backup-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;
  const settings = async () =>
    (await (await request.get(`/api/backups?instanceId=${id}`, { headers: api(customer.tokens) })).json())
      .data;

  await page.goto(`/instances/${id}/backups`);
  await expect(page.getByRole('heading', { name: 'Automated backups', level: 2 })).toBeVisible();
  await expect(page.getByText('No backup has been taken yet.', { exact: false })).toBeVisible();
  const enable = page.getByRole('button', { name: 'Enable backups' });
  await expect(enable).toBeEnabled({ timeout: 60_000 });
  // Sunday and Monday are chosen by default; Wednesday is added.
  await page.getByRole('button', { name: 'Wednesday' }).click();
  await enable.click();
  const confirm = page.getByRole('dialog', { name: 'Enable automated backups?' });
  await expect(confirm).toContainText('a month, billed by the hour');
  await confirm.getByRole('button', { name: 'Enable backups' }).click();
  await expect(toast(page, 'Automated backups are enabled.')).toBeVisible();
  await expect(page.getByText(/^Next backup:/)).toBeVisible();
  expect(await settings()).toMatchObject({ status: 'active', scheduleWeekDays: [0, 1, 3] });

  await page.getByRole('radio', { name: 'Daily' }).check();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(toast(page, 'The backup schedule was updated.')).toBeVisible();
  expect(await settings()).toMatchObject({ scheduleFrequency: 'daily', scheduleWeekDays: null });

  await page.goto('/services/backups');
  const table = page.getByRole('table', { name: 'Backups' });
  await expect(table.getByRole('link', { name: /backup-web/ })).toBeVisible();
  await table.getByRole('link', { name: /backup-web/ }).click();
  await expect(page).toHaveURL(new RegExp(`/instances/${id}/backups$`));

  await page.getByRole('button', { name: 'Disable backups' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable automated backups?' });
  await disable.getByRole('button', { name: 'Disable backups' }).click();
  await expect(toast(page, /stored backups are deleted in 72 hours/)).toBeVisible();
  expect((await settings()).status).toBe('disabled');

  const logs = await request.get(`/api/logs?instanceId=${id}`, { headers: api(customer.tokens) });
  const events = ((await logs.json()).data.logs as { event: string }[]).map((l) => l.event);
  expect(events).toEqual(
    expect.arrayContaining([
      'instance_backup_enabled',
      'instance_backup_updated',
      'instance_backup_disabled',
    ]),
  );
});
