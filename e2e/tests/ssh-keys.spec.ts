import { expect, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';

// Real OpenSSH keys, as `ssh-keygen` wrote them, with the fingerprints `ssh-keygen -lf` prints.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGVlU+MyEQbEGfN2TLBETaA7a30sKwOziy4vnzFJtVMM test@x';
const ED25519_FINGERPRINT = 'SHA256:/igim6TxDmkLIVlEkZNKwPD8kl0uTu4VNVsaANubbD4';

test('a customer adds an SSH key, sees it listed with its fingerprint, and deletes it', async ({
  page,
  request,
}) => {
  const customer = await signedInCustomer(page, request, 'ssh');
  await page.goto('/sshkeys');
  await expect(page.getByRole('heading', { name: 'SSH Keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No SSH keys yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add SSH key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add SSH key' });
  await dialog.getByLabel('Name').fill('Work laptop');
  await dialog.getByLabel('Public key').fill('ssh-rsa not-a-key');
  await expect(dialog.getByText(/This is not an OpenSSH public key/)).toBeVisible();
  await dialog.getByLabel('Public key').fill(ED25519);
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByText('SSH key “Work laptop” added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'SSH keys' });
  await expect(table.getByRole('cell', { name: 'Work laptop', exact: true })).toBeVisible();
  await expect(table).toContainText('ED25519 · 256 bits');
  await expect(table.getByText(ED25519.slice(0, 30), { exact: false })).toBeVisible();

  // The same name again is refused on the name field, by the server.
  await page.getByRole('button', { name: 'Add SSH key' }).first().click();
  await dialog.getByLabel('Name').fill('work laptop');
  await dialog.getByLabel('Public key').fill(ED25519);
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(dialog.getByText('You already have a key with this name.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const listed = await request.get('/api/ssh-keys', {
    headers: { 'x-token': customer.tokens.accessToken },
  });
  expect((await listed.json()).data.sshKeys[0].fingerprint).toBe(ED25519_FINGERPRINT);

  await page.getByRole('button', { name: 'Delete SSH key “Work laptop”' }).click();
  await page
    .getByRole('dialog', { name: 'Delete SSH key?' })
    .getByRole('button', { name: 'Delete key' })
    .click();
  await expect(page.getByText('SSH key deleted')).toBeVisible();
  await expect(page.getByText('No SSH keys yet')).toBeVisible();
});
