import { expect, test } from '@playwright/test';
import { signedInCustomer } from '../support/accounts';
import { checkout, expectBalance, operatorCli, payInSandbox, paymentRow } from '../support/billing';

test.use({ viewport: { width: 1280, height: 900 } });

test('auto-recharge turned on at checkout tops the balance up when usage crosses the threshold', async ({
  page,
  request,
}) => {
  // The recharge waits for a background check: queued at once by the CLI, or the minute's sweep.
  test.setTimeout(180_000);
  const customer = await signedInCustomer(page, request, 'auto-recharge');

  await test.step('top up $60 with auto-recharge on: $10 when the balance falls below $5', async () => {
    await page.goto('/payments');
    await page.getByRole('switch', { name: 'Also turn on auto-recharge with this card' }).check();
    // With no usage yet the smallest options are offered first, and chosen.
    const amount = page.getByRole('radiogroup', { name: 'Recharge amount' });
    const threshold = page.getByRole('radiogroup', { name: 'When my balance falls below' });
    await expect(amount.getByRole('radio', { name: '$10.00', exact: true })).toBeChecked();
    await expect(threshold.getByRole('radio', { name: '$5.00', exact: true })).toBeChecked();
    await amount.getByRole('radio', { name: '$10.00', exact: true }).check();
    await threshold.getByRole('radio', { name: '$5.00', exact: true }).check();
    await checkout(page);
  });

  await test.step('save test card 4242 on the sandbox page and pay', async () => {
    const card = page.getByRole('radio', { name: /^visa •••• 4242 — off-session charges succeed$/ });
    await expect(card).toBeChecked();
    await page.getByRole('textbox', { name: 'Cardholder name' }).fill(customer.fullname);
    await payInSandbox(page, 'Pay the full amount');
    await expect(page).toHaveURL(/\/paymentssuccess\?paymentId=\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expectBalance(page, '$60.00');
  });

  await test.step('the auto-recharge page shows it active with the card', async () => {
    await expect(async () => {
      await page.goto('/auto-recharge');
      const card = page.getByRole('region', { name: 'Auto recharge' });
      await expect(card.getByText('Active', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const summary = page.getByRole('region', { name: 'Auto recharge' });
    await expect(summary).toContainText('$10.00');
    await expect(summary).toContainText('$5.00');
    const settings = page.getByRole('region', { name: 'Current settings' });
    await expect(settings).toContainText('Sandbox (test payments)');
    await expect(settings.getByText('Visa ending in 4242')).toBeVisible();
    const saved = page.getByRole('region', { name: 'Saved cards' });
    await expect(saved.getByRole('radio', { name: /Visa ending in 4242/ })).toBeVisible();
  });

  await test.step('usage takes the balance below $5 (the operator removes $58)', async () => {
    const output = await operatorCli(
      'credit',
      'remove',
      customer.email,
      '58',
      '--reason',
      'E2E usage below the threshold',
    );
    expect(output).toContain('Below the auto-recharge threshold: a recharge check is queued.');
  });

  await test.step('the card is charged $10: the balance becomes $12.00', async () => {
    await expectBalance(page, '$12.00', 90_000);
  });

  await test.step('the payments list the automatic top-up as paid', async () => {
    await page.goto('/payments');
    const row = paymentRow(page, '$10.00');
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Show details of payment \d+$/ }).click();
    await expect(row.locator('xpath=following-sibling::tr[1]')).toContainText('Auto-recharge via Sandbox');
  });

  await test.step('the activity log records the processed auto-recharge', async () => {
    await page.goto('/account/log');
    await expect(page.getByText('Auto-recharge of $10.00 processed')).toBeVisible();
    await expect(
      page.getByText('Auto-recharge activated: $10.00 when credit falls below $5.00'),
    ).toBeVisible();
  });
});
