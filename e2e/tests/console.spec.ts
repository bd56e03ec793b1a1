import { expect, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';

test('a customer opens the console of a running instance in a popup and signs in on it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'console');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['vnc-web'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { instanceId: id, password } = (await created.json()).data.results[0] as {
    instanceId: number;
    password: string;
  };

  await page.goto(`/instances/${id}/access`);
  const open = page.getByRole('button', { name: 'Console' });
  await expect(open).toBeEnabled({ timeout: 60_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  await expect(popup).toHaveURL(new RegExp(`/novnc\\?instanceId=${id}$`));
  await expect(popup.getByRole('heading', { name: 'Console — vnc-web' })).toBeVisible();
  await expect(popup.getByRole('status')).toHaveText('Connected', { timeout: 30_000 });
  // noVNC draws the server's 768×504 text screen into its canvas.
  const canvas = popup.getByRole('application', { name: 'Instance screen' }).locator('canvas');
  await expect(canvas).toBeVisible();
  expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([768, 504]);

  // Keys go to the server: sign in with the instance's password and run a command.
  await canvas.click();
  await popup.keyboard.type('root');
  await popup.keyboard.press('Enter');
  await popup.keyboard.type(password);
  await popup.keyboard.press('Enter');
  await popup.keyboard.type('uname -a');
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('button', { name: 'Send Ctrl+Alt+Del' })).toBeEnabled();
  if (process.env.SCREENSHOTS) {
    await popup.waitForTimeout(1500);
    await popup.screenshot({ path: '/tmp/shots-e2e/console-en-1200.png' });
  }

  // A ticket opens one connection only: the same address with a made-up one is refused.
  const refused = await request.get(`/api/instances/${id}/console?ticket=made-up`, {
    headers: {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    },
  });
  expect(refused.status()).toBe(401);

  await popup.getByRole('button', { name: 'Reconnect' }).click();
  await expect(popup.getByRole('status')).toHaveText('Connected', { timeout: 30_000 });
});
