import { expect, type Locator, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';
import { api, readyCustomer } from '../support/instances';

/** How many lines the text of `cell` takes. */
const lines = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('an SSH key name stays on one line and the instance tabs all fit', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await readyCustomer(page, request, 'wide');
    const key = await request.post('/api/ssh-keys', {
      headers: api(customer.tokens),
      data: {
        name: 'ada-workstation-2024',
        publicKey:
          'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGVlU+MyEQbEGfN2TLBETaA7a30sKwOziy4vnzFJtVMM ada@work',
      },
    });
    expect(key.status()).toBe(201);
    await page.goto('/sshkeys');
    const name = page.getByRole('cell', { name: 'ada-workstation-2024', exact: true });
    await expect(name).toBeVisible();
    expect(await lines(name)).toBe(1);

    const order = await request.post('/api/instances', {
      headers: api(customer.tokens),
      data: { region: 1, osId: 101, productId: 1, hostnames: ['wide-1'], billingCycle: 'hourly' },
    });
    expect(order.status(), await order.text()).toBe(201);
    const id = (await order.json()).data.results[0].instanceId;
    await page.goto(`/instances/${id}/access`);
    const tabs = page.getByRole('tablist', { name: 'Instance sections' });
    await expect(tabs.getByRole('tab', { name: 'Backups' })).toBeVisible();
    // Every tab inside the strip: nothing hidden under a scroll arrow.
    const strip = await tabs.boundingBox();
    for (const tab of await tabs.getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect(box && strip && box.x >= strip.x && box.x + box.width <= strip.x + strip.width + 0.5).toBe(true);
    }
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the phone menu offers New Service', async ({ page, request }) => {
    await signedInCustomer(page, request, 'phone');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    // A click lands only on what is on top: the top bar used to cover this button.
    await page.getByRole('link', { name: 'New Service' }).click();
    await expect(page).toHaveURL(/\/createinstance/);
  });
});
