import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGVlU+MyEQbEGfN2TLBETaA7a30sKwOziy4vnzFJtVMM test@x';

test('a customer deploys two servers with an SSH key, manages one and deletes both', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await readyCustomer(page, request, 'deploy');
  const key = await request.post('/api/ssh-keys', {
    headers: api(customer.tokens),
    data: { name: 'Laptop', publicKey: ED25519 },
  });
  expect(key.status()).toBe(201);

  // Frankfurt, Ubuntu 24.04, a Regular plan, hourly; two instances.
  await page.goto('/createinstance?planType=default&region=1&osId=101');
  await expect(page.getByRole('heading', { name: 'Create instance', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /Cloud S/ }).click();
  await page.getByRole('combobox', { name: 'Billing cycle' }).click();
  await page.getByRole('option', { name: 'Hourly' }).click();
  await page
    .getByRole('group', { name: 'SSH keys' })
    .getByRole('checkbox', { name: /Laptop/ })
    .check();
  await page.getByRole('button', { name: 'One instance more' }).click();
  await page.getByLabel('Hostname of instance 1').fill('web-1');
  await page.getByLabel('Hostname of instance 2').fill('web-2');
  await expect(page.getByText('Hourly rate')).toBeVisible();
  await page.getByRole('button', { name: 'Create 2 instances' }).click();

  // The pending page follows both until they are up.
  await expect(page).toHaveURL(/\/createinstance\/pending$/);
  await expect(page.getByRole('heading', { name: 'Creating your services' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your services are ready' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('Copy this password now: it is shown only once.').first()).toBeVisible();

  // The list turns them active by polling.
  await page.getByRole('link', { name: 'Go to services' }).click();
  await expect(page).toHaveURL(/\/services\/instanceList/);
  const web1 = page.getByRole('row', { name: /web-1/ });
  await expect(web1.getByText('On', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: /web-2/ }).getByText('On', { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // Open one: rename it, power it off and on, restart it.
  await web1.getByRole('link', { name: /web-1/ }).click();
  await expect(page).toHaveURL(/\/instances\/\d+\/access$/);
  await expect(page.getByText(ED25519.slice(0, 20), { exact: false }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Hostname', exact: true }).fill('web-1-renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The hostname was changed to web-1-renamed.')).toBeVisible();

  await page.getByRole('button', { name: 'Power off' }).click();
  await page
    .getByRole('dialog', { name: 'Power off web-1-renamed?' })
    .getByRole('button', { name: 'Power off' })
    .click();
  await expect(toast(page, /is powering off/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Power on' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Power on' }).click();
  await expect(toast(page, /is powering on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Power off' })).toBeEnabled({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Restart' }).click();
  const restart = page.getByRole('dialog', { name: /Restart web-1-renamed/ });
  await restart.getByRole('textbox').fill('Re Start');
  await restart.getByRole('button', { name: 'Restart' }).click();
  await expect(toast(page, 'web-1-renamed is restarting.')).toBeVisible();

  // The log tab lists what happened.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page).toHaveURL(/\/log$/);
  await expect(page.getByText(/web-1-renamed/).first()).toBeVisible();
  const logs = await request.get(`/api/logs?instanceId=${page.url().match(/instances\/(\d+)/)?.[1]}`, {
    headers: api(customer.tokens),
  });
  const events = ((await logs.json()).data.logs as { event: string }[]).map((l) => l.event);
  expect(events).toEqual(
    expect.arrayContaining([
      'instance_created',
      'instance_hostname_changed',
      'instance_powered_off',
      'instance_powered_on',
      'instance_restarted',
    ]),
  );

  // Bulk delete both from the list, one by one with progress.
  await page.goto('/services/instanceList');
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByText('No service is selected.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all services' }).check();
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page).toHaveURL(/\/instance-deletion$/);
  await page.getByRole('textbox', { name: /number of services to delete/ }).fill('2');
  await page
    .getByRole('button', { name: /Delete/ })
    .last()
    .click();
  const progress = page.getByRole('dialog');
  await expect(progress.getByText(/2\s*\/\s*2/)).toBeVisible({ timeout: 30_000 });
  await progress.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/services\/instanceList/);
  // The servers are torn down in the background; once they are gone the list is empty.
  await expect
    .poll(
      async () => {
        const list = await request.get('/api/instances', { headers: api(customer.tokens) });
        return ((await list.json()).data.instances as unknown[]).length;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await page.reload();
  await expect(page.getByText('You have no services yet')).toBeVisible();
});
