import { expect, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';
import {
  checkout,
  downloadReceipt,
  expectBalance,
  payInSandbox,
  paymentRow,
  startTopUp,
} from '../support/billing';

test.use({ viewport: { width: 1280, height: 900 } });

/** The payment id the gateway came back with (`?paymentId=` of the result screen). */
const paymentIdOf = (url: string) => Number(new URL(url).searchParams.get('paymentId'));

test('a customer tops up $60 through the sandbox and gets the credit, the receipt and the transaction', async ({
  page,
  request,
}) => {
  await signedInCustomer(page, request, 'top-up');
  let paymentId = 0;

  await test.step('the $60 preset and the sandbox are chosen by default', async () => {
    await page.goto('/payments');
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: '$60', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('No payments yet')).toBeVisible();
  });

  await test.step('pay the full amount on the sandbox page', async () => {
    await checkout(page);
    await expect(page.getByText('$60.00', { exact: true })).toBeVisible();
    await payInSandbox(page, 'Pay the full amount');
    await expect(page).toHaveURL(/\/paymentssuccess\?paymentId=\d+$/);
    paymentId = paymentIdOf(page.url());
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByText(`Payment #${paymentId}: $60.00`)).toBeVisible();
    // The result screen watches the payment until the webhook's job has settled it.
    await expect(page.getByText('Your balance: $60.00')).toBeVisible({ timeout: 15_000 });
  });

  await test.step('the balance shows the credit', async () => {
    await expectBalance(page, '$60.00');
  });

  await test.step('the payment is listed as paid and its PDF receipt downloads', async () => {
    await page.goto('/payments');
    const row = paymentRow(page, '$60.00');
    await expect(row.getByRole('cell', { name: String(paymentId), exact: true })).toBeVisible();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText('Sandbox (test payments)')).toBeVisible();

    const receipt = await downloadReceipt(page, paymentId);
    expect(receipt.name).toMatch(/\.pdf$/);
    expect(receipt.head).toBe('%PDF-');
  });

  await test.step('the transactions list the payment', async () => {
    await page.goto('/transactions');
    const table = page.getByRole('table', { name: 'Transactions' });
    const row = table.getByRole('row').filter({ hasText: '+$60.00' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Payment', exact: true })).toBeVisible();
    await expect(row.getByText('Completed', { exact: true })).toBeVisible();
  });
});

test('an underpaid checkout credits only what arrived', async ({ page, request }) => {
  await signedInCustomer(page, request, 'underpaid');

  await startTopUp(page, '20');
  await payInSandbox(page, 'Underpay (pay half)');
  await expect(page).toHaveURL(/\/paymentsunderpaid\?paymentId=\d+$/);
  const paymentId = paymentIdOf(page.url());
  await expect(page.getByRole('heading', { name: 'Payment received in part' })).toBeVisible();
  await expect(
    page.getByText(
      'Less than the full amount arrived. Only what was received has been added to your balance.',
    ),
  ).toBeVisible();
  // As on the failed screen, the settled status and balance must replace the first, unsettled answer.
  await expect(page.getByText('Underpaid', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your balance: $10.00')).toBeVisible();

  await expectBalance(page, '$10.00');

  await page.goto('/payments');
  const row = paymentRow(page, '$20.00');
  await expect(row.getByText('Underpaid', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Show details of payment ${paymentId}` }).click();
  // The details open in the table row under the payment's own.
  const details = row.locator('xpath=following-sibling::tr[1]');
  await expect(details).toContainText('Amount received');
  await expect(details).toContainText('$10.00');
  await expect(
    page.getByRole('button', {
      name: 'Less than the price of $20.00 was received. Only what was received was added to your balance: $10.00.',
    }),
  ).toBeVisible();
});

test('a failed payment leaves the balance alone; a pending one waits', async ({ page, request }) => {
  await signedInCustomer(page, request, 'failed');

  await test.step('fail the payment', async () => {
    await startTopUp(page, '10');
    await payInSandbox(page, 'Fail the payment');
    await expect(page).toHaveURL(/\/paymentsfail\?paymentId=\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    // The gateway's notice is processed by a job after the payer is back: the screen must catch up
    // (soft, so the journey goes on and shows everything else that holds).
    await expect(page.getByText('Rejected', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectBalance(page, '$0.00');
  });

  await test.step('leave a payment pending', async () => {
    await startTopUp(page, '20');
    await payInSandbox(page, 'Leave the payment pending');
    await expect(page).toHaveURL(/\/paymentspending\?paymentId=\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment pending' })).toBeVisible();
    await expect(page.getByText('Waiting for the payment to be confirmed…')).toBeVisible({
      timeout: 15_000,
    });
    await expectBalance(page, '$0.00');
  });

  await test.step('the history shows both, without receipts', async () => {
    await page.goto('/payments');
    await expect(paymentRow(page, '$10.00').getByText('Rejected', { exact: true })).toBeVisible();
    await expect(paymentRow(page, '$20.00').getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download the PDF receipt/ })).toHaveCount(0);
  });
});
