import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { api, readyCustomer } from '../support/instances';

/**
 * The dashboard as a customer sees it after their first server (platform.md §2 Dashboard): the five
 * tiles, the credit card with what the server cost this month, auto-recharge with its dialog, and a
 * list that fails on the server showing its own Try again while the rest of the page works.
 */

test.use({ viewport: { width: 1280, height: 900 } });

async function post<T>(request: APIRequestContext, tokens: Tokens, path: string, data: object) {
  const response = await request.post(path, { headers: api(tokens), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** One tile of the summary, by its label. */
const tile = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Service summary' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
/** Waits until the tile labelled `label` shows `figure`, and nothing else. */
const expectTile = (page: Page, label: string, figure: number) =>
  expect(tile(page, label)).toHaveText(new RegExp(`^${label}${figure}$`));

test('the dashboard shows the tiles, the credit spent on a new server, auto-recharge and a list that fails alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // $400 of credit; a Cloud M server for a month ($10.00 and $2.00 for its IPv4, charged at once), a ticket.
  const { tokens } = await readyCustomer(page, request, 'dashboard');
  const created = await post<{ results: { instanceId: number | null }[] }>(
    request,
    tokens,
    '/api/instances',
    {
      region: 1,
      osId: 101,
      productId: 2,
      hostnames: ['dash-monthly'],
      billingCycle: 'monthly',
      isSubscriptionAutoRenewEnabled: true,
    },
  );
  const id = created.results[0]?.instanceId;
  expect(id).toEqual(expect.any(Number));
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/instances/${id}`, { headers: api(tokens) });
        return ((await response.json()) as { data: { status: string } }).data.status;
      },
      { message: 'the server to become active', timeout: 90_000 },
    )
    .toBe('active');
  await post(request, tokens, '/api/tickets', {
    title: 'Reverse DNS for dash-monthly',
    department: 'support',
    message: 'Please set the reverse DNS of my new server to mail.example.com.',
  });

  await test.step('the five tiles count the server, the ticket and the month’s invoice', async () => {
    await page.goto('/dashboard');
    await expectTile(page, 'Services', 1);
    await expectTile(page, 'Active VPS', 1);
    await expectTile(page, 'Suspended VPS', 0);
    await expectTile(page, 'Open tickets', 1);
    await expectTile(page, 'Invoices', 1);
  });

  await test.step('the credit card shows the balance and the server’s month as spent; Add credit tops up', async () => {
    const credit = page.getByRole('region', { name: 'Credit' });
    await expect(credit.getByText('$388.00', { exact: true })).toBeVisible();
    // Nothing hourly runs: the one figure under the balance is this month's spending.
    await expect(credit.getByRole('term')).toHaveText(['Spent this month']);
    await expect(credit.getByRole('definition')).toHaveText(['$12.00']);
    await credit.getByRole('link', { name: 'Add credit' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  });

  await test.step('auto-recharge invites to turn it on, and its dialog offers the sandbox card', async () => {
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Auto recharge' });
    await card.getByRole('button', { name: 'Enable now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Auto recharge' });
    await expect(dialog.getByRole('radiogroup', { name: 'Recharge amount' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Sandbox \(test payments\)/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the services list fails on the server: its own panel with Try again, the rest stays', async () => {
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/instances',
      (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'INTERNAL_ERROR', detail: 'Internal error', data: null }),
            })
          : route.fallback(),
    );
    await page.goto('/dashboard');
    const services = page.getByRole('region', { name: 'Your services' });
    const panel = services.getByRole('alert');
    // The panel retries a failing call twice (1 s, then 2 s apart) before it gives up.
    await expect(panel).toContainText('We could not load your services.', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Credit' }).getByText('$388.00')).toBeVisible();
    const tickets = page.getByRole('table', { name: 'Open tickets' });
    await expect(tickets.getByRole('cell', { name: 'Reverse DNS for dash-monthly' })).toBeVisible();
    await expectTile(page, 'Services', 1);

    failing = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(services.getByRole('link', { name: 'dash-monthly' })).toBeVisible();
    await expect(panel).toBeHidden();
  });

  await test.step('on a phone the cards stand one above the other', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    const credit = await page.getByRole('region', { name: 'Credit' }).boundingBox();
    const autoRecharge = await page.getByRole('region', { name: 'Auto recharge' }).boundingBox();
    expect(credit && autoRecharge).toBeTruthy();
    expect(autoRecharge!.y).toBeGreaterThanOrEqual(credit!.y + credit!.height);
    expect(Math.abs(autoRecharge!.x - credit!.x)).toBeLessThan(1);
  });
});
