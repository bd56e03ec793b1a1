import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { libvirtUnavailable, poolVolumes, readText, registerHost } from '../support/libvirt-host';
import { toast } from '../support/ui';

const unavailable = libvirtUnavailable();
if (unavailable) console.warn(`Browser journey on the libvirt driver: SKIPPED (${unavailable})`);

test.skip(unavailable !== null, unavailable ?? '');
test.beforeAll(async () => {
  await registerHost();
});

test('a customer runs a real server: active, its console shows the guest, a snapshot is taken and restored, a password waits for the next start, and deleting it frees its disk', async ({
  page,
  request,
}) => {
  const customer = await readyCustomer(page, request, 'libvirt');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['kvm-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.results[0].instanceId as number;

  // The list follows the build on the host until the server is on.
  await page.goto('/services/instanceList');
  const row = page.getByRole('row', { name: /kvm-web/ });
  await expect(row.getByText('On')).toBeVisible({ timeout: 120_000 });
  const disks = () => poolVolumes().filter((v) => v.startsWith(`nimbus-instance-${id}-`));
  expect(disks()).toEqual(
    expect.arrayContaining([`nimbus-instance-${id}-d1.qcow2`, `nimbus-instance-${id}-seed.iso`]),
  );

  // The console is the guest's own screen: its login prompt carries the hostname from the seed.
  await page.goto(`/instances/${id}/access`);
  const open = page.getByRole('button', { name: 'Console' });
  await expect(open).toBeEnabled({ timeout: 60_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  await expect(popup.getByRole('status')).toHaveText('Connected', { timeout: 30_000 });
  const canvas = popup.getByRole('application', { name: 'Instance screen' }).locator('canvas');
  await expect
    .poll(async () => readText(await canvas.screenshot()), { timeout: 90_000, intervals: [2000] })
    .toContain('kvm-web login:');
  if (process.env.SCREENSHOTS) await popup.screenshot({ path: '/tmp/shots-e2e/libvirt-console-en-1200.png' });
  await popup.close();

  // A snapshot of the running server, then restored over its disk.
  await page.goto(`/instances/${id}/snapshot`);
  const take = page.getByRole('button', { name: 'Take snapshot' });
  await expect(take).toBeEnabled({ timeout: 60_000 });
  await take.click();
  await expect(toast(page, /^Snapshot kvm-web-.* is ready\.$/)).toBeVisible({ timeout: 120_000 });
  const table = page.getByRole('table', { name: 'Snapshots' });
  const name = (await table.locator('tbody tr td').first().textContent()) ?? '';
  expect(poolVolumes().some((v) => v.startsWith('nimbus-image-'))).toBe(true);
  await table.getByRole('button', { name: `Restore ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore ${name}?` });
  await dialog.getByRole('textbox').fill('restore');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, `Snapshot ${name} was restored.`)).toBeVisible({ timeout: 120_000 });
  // The restore wrote the disk's next generation and removed the one it replaced.
  await expect.poll(disks, { timeout: 30_000 }).toContain(`nimbus-instance-${id}-d2.qcow2`);
  expect(disks()).not.toContain(`nimbus-instance-${id}-d1.qcow2`);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: '/tmp/shots-e2e/libvirt-snapshots-en-1200.png' });
  // Deleting the snapshot removes its copy from the pool.
  await table.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, `Snapshot ${name} was deleted.`)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => poolVolumes().some((v) => v.startsWith('nimbus-image-')), { timeout: 30_000 })
    .toBe(false);

  // Off, its guest agent cannot take a new password: the server takes it at its next start, and says so.
  await page.goto(`/instances/${id}/access`);
  await page.getByRole('button', { name: 'Power off' }).click();
  await page
    .getByRole('dialog', { name: 'Power off kvm-web?' })
    .getByRole('button', { name: 'Power off' })
    .click();
  await expect(page.getByRole('button', { name: 'Power on' })).toBeEnabled({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page
    .getByRole('dialog', { name: 'Reset the password of kvm-web?' })
    .getByRole('button', { name: 'Reset password' })
    .click();
  const shown = page.getByRole('dialog', { name: 'New password' });
  await expect(shown).toContainText('The server takes this password the next time it starts');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: '/tmp/shots-e2e/libvirt-password-en-1200.png' });
  await shown.getByRole('button', { name: 'Close' }).click();
  if (process.env.SCREENSHOTS) {
    // The same note in Arabic, right to left, on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => localStorage.setItem('nimbus.language', 'ar'));
    await page.reload();
    await page.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
    await expect(page.getByRole('dialog', { name: 'كلمة المرور الجديدة' })).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-e2e/libvirt-password-ar-375.png' });
    await page.evaluate(() => localStorage.setItem('nimbus.language', 'en'));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/services/instanceList');
  }

  // Deleted from the list: the domain and every volume of the server leave the host.
  await page.goto('/services/instanceList');
  await page.getByRole('checkbox', { name: 'Select all services' }).check();
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page).toHaveURL(/\/instance-deletion$/);
  await page.getByRole('textbox', { name: 'Type the hostname kvm-web to confirm' }).fill('kvm-web');
  await page.getByRole('button', { name: 'Delete service' }).click();
  await expect(page.getByRole('dialog', { name: 'Deletion completed' })).toBeVisible({ timeout: 60_000 });
  await expect.poll(disks, { timeout: 90_000, intervals: [2000] }).toEqual([]);
});
