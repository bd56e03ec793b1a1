import { expect, test } from '@playwright/test';
import { readyCustomer } from '../support/instances';
import { isoMirrorOrigin, startIsoMirror } from '../support/iso-mirror';
import { toast } from '../support/ui';

test('a customer imports an ISO, deploys an instance from it, detaches it and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const mirror = await startIsoMirror('/debian-13-netinst.iso', 8 * 1024 * 1024);
  try {
    await readyCustomer(page, request, 'custom-iso');
    await page.goto('/services/customIso');
    await expect(page.getByRole('tab', { name: 'Custom ISO', selected: true })).toBeVisible();
    await expect(page.getByText('No custom ISO yet')).toBeVisible();

    await page.getByRole('button', { name: 'Import ISO' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a custom ISO' });
    const url = dialog.getByRole('textbox', { name: 'ISO address (https)' });
    await url.fill('https://127.0.0.1/internal.iso');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Debian 13 netinst');
    await dialog.getByRole('button', { name: 'Import' }).click();
    // A private address is refused on the field (the server's SSRF guard); the dialog stays.
    await expect(
      dialog.getByText('Use a public address: private and local networks are not allowed.'),
    ).toBeVisible();

    await url.fill(`${isoMirrorOrigin}/debian-13-netinst.iso`);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(toast(page, /Importing Debian 13 netinst/)).toBeVisible();
    const card = page.getByRole('region', { name: 'Debian 13 netinst' });
    await expect(card.getByText('Uploading')).toBeVisible();
    await expect(card.getByRole('progressbar')).toBeVisible();
    // Finished by the download job; the page hears of it by server push.
    await expect(toast(page, /Custom ISO Debian 13 netinst was imported/)).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText('Uploaded')).toBeVisible();
    await expect(card.getByText(/The ISO is removed on/)).toBeVisible();

    await card.getByRole('link', { name: 'Deploy an instance from this ISO' }).click();
    await expect(page).toHaveURL(/\/createinstance\?.*isoId=/);
    const source = page
      .getByRole('radiogroup', { name: 'Custom ISO' })
      .getByRole('radio', { name: /Debian 13 netinst/ });
    await expect(source).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: /Cloud S/ }).click();
    await page.getByLabel('Hostname of instance 1').fill('iso-install');
    await page.getByRole('button', { name: /Create instance/ }).click();
    await expect(page.getByRole('heading', { name: 'Your services are ready' })).toBeVisible({
      timeout: 60_000,
    });

    await page.goto('/services/customIso');
    const using = card.getByRole('list', { name: 'Instances using this ISO' });
    await expect(using.getByRole('link', { name: /iso-install/ })).toBeVisible();
    await using.getByRole('link', { name: /iso-install/ }).click();
    await expect(page).toHaveURL(/\/instances\/\d+\/access$/);
    await expect(page.getByText('A custom ISO is attached.')).toBeVisible();
    await expect(page.getByText('Custom ISO (installed by you)')).toBeVisible();
    const detach = page.getByRole('button', { name: 'Detach ISO' });
    await expect(detach).toBeEnabled({ timeout: 60_000 });
    await detach.click();
    await page
      .getByRole('dialog', { name: 'Detach the ISO?' })
      .getByRole('button', { name: 'Detach ISO' })
      .click();
    await expect(toast(page, 'The ISO was detached. The instance is rebooting from its disk.')).toBeVisible();
    await expect(page.getByText('A custom ISO is attached.')).toHaveCount(0);

    await page.goto('/services/customIso');
    await expect(card.getByText('No instance has this ISO attached.')).toBeVisible();
    await card.getByRole('button', { name: 'Delete Debian 13 netinst' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Debian 13 netinst?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Custom ISO Debian 13 netinst was deleted.')).toBeVisible();
    await expect(page.getByText('No custom ISO yet')).toBeVisible();
  } finally {
    await mirror.close();
  }
});
