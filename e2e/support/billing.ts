import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Tokens } from './accounts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What the payer does on the sandbox checkout page (the labels of its radio buttons). */
export type SandboxOutcome =
  | 'Pay the full amount'
  | 'Underpay (pay half)'
  | 'Overpay (pay 10 % more)'
  | 'Leave the payment pending'
  | 'Fail the payment';

/** The sandbox's own value of each outcome, for checkouts finished over HTTP. */
const outcomeValue: Record<SandboxOutcome, string> = {
  'Pay the full amount': 'pay',
  'Underpay (pay half)': 'underpay',
  'Overpay (pay 10 % more)': 'overpay',
  'Leave the payment pending': 'pending',
  'Fail the payment': 'fail',
};

/** On /payments, once the gateways have loaded: checks out with the sandbox, landing on its hosted page. */
export async function checkout(page: Page) {
  await expect(page.getByRole('radio', { name: /^Sandbox \(test payments\)/ })).toBeChecked();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText('Sandbox — test mode, no real money')).toBeVisible();
}

/** Opens /payments, picks a preset amount ("20" for the "$20" button) and checks out. */
export async function startTopUp(page: Page, amount: string) {
  await page.goto('/payments');
  await page.getByRole('button', { name: `$${amount}`, exact: true }).click();
  await checkout(page);
  await expect(page.getByText(`$${amount}.00`, { exact: true })).toBeVisible();
}

/** On the sandbox checkout page: chooses what the payer does and continues back to the panel. */
export async function payInSandbox(page: Page, outcome: SandboxOutcome) {
  await page.getByRole('radio', { name: outcome }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The big balance figure of the Credit card (on /transactions and the dashboard). */
export const balanceFigure = (page: Page) =>
  page
    .getByRole('region', { name: 'Credit' })
    .getByRole('paragraph')
    .filter({ hasText: /^-?\$[\d,]+\.\d{2}$/ });

/**
 * Waits until the Credit card on /transactions shows `balance`. Webhooks and automatic top-ups are
 * processed by background jobs, so the page is reloaded until the figure arrives.
 */
export async function expectBalance(page: Page, balance: string, timeout = 15_000) {
  await expect(async () => {
    await page.goto('/transactions');
    await expect(balanceFigure(page)).toHaveText(balance, { timeout: 2_000 });
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
}

/** The payment history's row (wide screens) of the newest payment whose credit is `amount` ("$60.00"). */
export const paymentRow = (page: Page, amount: string) =>
  page
    .getByRole('table', { name: 'Payment history' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: amount, exact: true }) })
    .first();

/**
 * Clicks a payment's PDF link on /payments: the receipt opens in a new tab with `download=true` and
 * starts the download itself. Resolves with the file's suggested name and its first bytes.
 */
export async function downloadReceipt(page: Page, paymentId: number) {
  const link = page.getByRole('link', { name: `Download the PDF receipt of payment ${paymentId}` });
  const opened = page.waitForEvent('popup');
  await link.click();
  const receiptTab = await opened;
  const download = await receiptTab.waitForEvent('download');
  await expect(receiptTab).toHaveURL(/\/payments\/print\?.*download=true/);
  const file = await download.path();
  const head = (await readFile(file)).subarray(0, 5).toString('latin1');
  await receiptTab.close();
  return { name: download.suggestedFilename(), head };
}

/**
 * Starts a sandbox top-up and finishes it over HTTP, as the payer's browser would: for tests that need
 * a payment to exist but do not test paying.
 */
export async function topUpViaApi(
  request: APIRequestContext,
  tokens: Tokens,
  credit: string,
  outcome: SandboxOutcome = 'Pay the full amount',
) {
  // The panel's own access-token header (ACCESS_TOKEN_HEADER of the contract).
  const headers = { 'x-token': tokens.accessToken };
  const started = await request.post('/api/payments', {
    headers,
    data: { credit, gateway: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { data } = (await started.json()) as { data: { paymentId: number; url: string } };
  const paid = await request.post(data.url, { form: { outcome: outcomeValue[outcome] }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  // The gateway's notice is processed by a background job: wait until the payment has settled.
  await expect
    .poll(
      async () => {
        const list = await request.get('/api/payments', { headers });
        const body = (await list.json()) as { data: { payments: { id: number; status: string }[] } };
        return body.data.payments.find((p) => p.id === data.paymentId)?.status ?? 'not listed';
      },
      { message: `payment ${data.paymentId} to settle`, timeout: 15_000 },
    )
    .not.toMatch(/^(NEW|not listed)$/);
  return data.paymentId;
}

/**
 * Runs the operator CLI against the e2e server's database: with the same data folder and port it joins
 * the embedded PostgreSQL the server under test started (see apps/api/src/db/embedded.ts).
 */
export async function operatorCli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'node',
    [resolve(repoRoot, 'apps/api/dist/admin.js'), ...args],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: resolve(repoRoot, process.env.E2E_DATA_DIR ?? '.data/e2e'),
        EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54349)),
        LOG_LEVEL: 'warn',
      },
      timeout: 60_000,
    },
  );
  return stdout;
}
