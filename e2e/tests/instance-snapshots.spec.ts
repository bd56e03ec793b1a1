import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

test('a customer takes a snapshot, restores it by typing the word, and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'snapshots');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['snap-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;

  await page.goto(`/instances/${id}/snapshot`);
  await expect(page.getByRole('heading', { name: 'Snapshots', level: 2 })).toBeVisible();
  await expect(page.getByText('No snapshots yet')).toBeVisible();
  const take = page.getByRole('button', { name: 'Take snapshot' });
  await expect(take).toBeEnabled({ timeout: 60_000 });
  await take.click();
  await expect(toast(page, /Taking a snapshot of snap-web/)).toBeVisible();
  // The server says when it is done (server push): no reload.
  await expect(toast(page, /^Snapshot snap-web-.* is ready\.$/)).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Snapshots' });
  await expect(table.getByText('Ready')).toBeVisible();
  await expect(table.getByText(/^\d+\.\d{2} GB$/)).toBeVisible();
  const name = (await table.locator('tbody tr td').first().textContent()) ?? '';
  expect(name).toMatch(/^snap-web-\d{4}-\d{2}-\d{2}-\d{4}$/);

  // Restore asks for the word first; the instance shows the restore as a change.
  await table.getByRole('button', { name: `Restore ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore ${name}?` });
  await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
  await dialog.getByRole('textbox').fill('restore');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, `Snapshot ${name} was restored.`)).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText('Never')).toHaveCount(0);

  // Billed by the hour from now on: an hourly item for the snapshot exists.
  const list = await request.get(`/api/snapshots?instanceId=${id}`, { headers: api(customer.tokens) });
  const [snapshot] = (await list.json()).data.items;
  expect(snapshot).toMatchObject({ status: 'active', monthlyPrice: expect.stringMatching(/^\d+\.\d{4}$/) });

  // Deploy a new instance from it: the creation screen opens on the Snapshots tab with it chosen.
  await table.getByRole('link', { name: `Create an instance from ${name}` }).click();
  await expect(page).toHaveURL(/\/createinstance\?.*snapshotId=/);
  const source = page
    .getByRole('radiogroup', { name: 'Snapshots' })
    .getByRole('radio', { name: new RegExp(name) });
  await expect(source).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: /Cloud S/ }).click();
  await page.getByLabel('Hostname of instance 1').fill('snap-copy');
  await page.getByRole('button', { name: /Create instance/ }).click();
  await expect(page.getByRole('heading', { name: 'Your services are ready' })).toBeVisible({
    timeout: 60_000,
  });
  const copies = await request.get('/api/instances', { headers: api(customer.tokens) });
  const copy = ((await copies.json()).data.instances as { hostname: string; os: { name: string } }[]).find(
    (i) => i.hostname === 'snap-copy',
  );
  expect(copy?.os.name).toBe('Ubuntu 24.04 LTS');
  // The snapshot cannot be deleted while an instance is still being built from it (a 409 the UI shows).
  await expect
    .poll(
      async () => {
        const all = await request.get('/api/instances', { headers: api(customer.tokens) });
        return ((await all.json()).data.instances as { hostname: string; status: string }[]).find(
          (i) => i.hostname === 'snap-copy',
        )?.status;
      },
      { timeout: 90_000 },
    )
    .toBe('active');
  await page.goto(`/instances/${id}/snapshot`);

  await table.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, `Snapshot ${name} was deleted.`)).toBeVisible();
  await expect(page.getByText('No snapshots yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByText('Snapshot of instance snap-web taken')).toBeVisible();
  await expect(page.getByText('Snapshot restored onto instance snap-web')).toBeVisible();
  await expect(page.getByText('Snapshot of instance snap-web deleted')).toBeVisible();
});
