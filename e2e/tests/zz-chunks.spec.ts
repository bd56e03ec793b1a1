import { expect, test } from '@playwright/test';
import { newCustomer, signUpViaApi } from '../support/accounts';
import { api, verifyEmail } from '../support/instances';
import { topUpViaApi } from '../support/billing';

test('chunks', async ({ browser, request }) => {
  const customer = newCustomer('chunks');
  const tokens = await signUpViaApi(request, customer);
  await verifyEmail(request, customer.email);
  await topUpViaApi(request, tokens, '50');
  const created = await request.post('/api/instances', {
    headers: api(tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['chunks-1'], billingCycle: 'hourly' },
  });
  const id = ((await created.json()) as { data: { results: { instanceId: number }[] } }).data.results[0]?.instanceId;
  for (const wanted of (process.env.ROUTES ?? '/signin,/dashboard,/account/information').split(',')) {
    const route = wanted.replace(':id', String(id));
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' } });
    if (route !== '/signin') {
      await context.addInitScript((t) => {
        localStorage.setItem('nimbus.accessToken', t.accessToken);
        localStorage.setItem('nimbus.refreshToken', t.refreshToken);
        localStorage.setItem('nimbus.hadSession', '1');
      }, tokens);
    }
    const page = await context.newPage();
    const rows: [string, number][] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() !== 'script') return;
      pending.push(r.sizes().then((s) => { rows.push([r.url().replace(/.*\/assets\//, ''), s.responseBodySize]); }));
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    rows.sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((s, r) => s + r[1], 0);
    console.log(`== ${route} ${(total / 1024).toFixed(1)} KB`);
    for (const [u, b] of rows) console.log(`${(b / 1024).toFixed(1).padStart(7)} ${u}`);
    await context.close();
  }
});
