import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/accounts';
import { checkout, payInSandbox } from '../support/billing';
import { api, readyCustomer } from '../support/instances';
import { codeIn, waitForMail } from '../support/mailbox';
import { field } from '../support/ui';

/** "6d 23h 59m left": the countdown of a preorder's GPU. */
const COUNTDOWN = /\d+d \d+h \d+m left/;

test('a GPU plan is preordered: confirmed screen, then an "Allocating GPU" row in the list', async ({
  page,
  request,
}) => {
  const customer = await readyCustomer(page, request, 'gpu');
  await page.goto('/createinstance?planType=gpu-provided&region=1&osId=101');
  await expect(page.getByRole('heading', { name: 'Create instance', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /GPU RTX 4090/ }).click();
  await page.getByLabel('Hostname of instance 1').fill('gpu-1');
  // Preordered, not charged now: the summary and the button say so.
  await expect(page.getByTestId('order-total')).toContainText('Due when allocated');
  await page.getByRole('button', { name: 'Request GPU server' }).click();

  // The GPU request confirmed screen, with the expected date and the countdown.
  await expect(page).toHaveURL(/\/preorder\/pending$/);
  await expect(page.getByRole('heading', { name: 'GPU request confirmed', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem', { name: 'gpu-1' });
  await expect(card.getByText('GPU RTX 4090', { exact: false })).toBeVisible();
  await expect(card.getByText(/^Expected by /)).toBeVisible();
  await expect(card.getByText(COUNTDOWN)).toBeVisible();

  // The plan's required NVIDIA driver travelled with the order (the server refuses the plan without it).
  const listed = await request.get('/api/preorders', { headers: api(customer.tokens) });
  const { preorders } = (await listed.json()).data as { preorders: { metadata: { hostname: string } }[] };
  expect(preorders.map((p) => p.metadata.hostname)).toEqual(['gpu-1']);

  // In the list: allocating with its countdown, no link into it, and it cannot be selected.
  await page.getByRole('link', { name: 'Go to services' }).click();
  await expect(page).toHaveURL(/\/services\/instanceList/);
  const row = page.getByRole('row', { name: /gpu-1/ });
  await expect(row.getByRole('cell', { name: 'Allocating GPU', exact: true })).toBeVisible();
  await expect(row.getByText(COUNTDOWN)).toBeVisible();
  await expect(row.getByRole('link', { name: /gpu-1/ })).toHaveCount(0);
  await expect(row.getByRole('checkbox', { name: /gpu-1/ })).toBeDisabled();
});

test('the cart: configure signed out, sign up, verify on its own step, pay what is missing, and the VPS is deployed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = newCustomer('cart');
  const minimum = /^At least \$([\d.]+) of credit is needed\.$/;

  await test.step('configure the order signed out', async () => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Order your VPS', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: /Cloud S/ }).click();
    await page.getByRole('combobox', { name: 'Billing cycle' }).click();
    await page.getByRole('option', { name: 'Monthly' }).click();
    await page.getByLabel('Hostname of instance 1').fill('cart-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  await test.step('sign up through the form; the cart waits for the email on its verify step', async () => {
    const signUp = page.getByRole('region', { name: 'Create your account' });
    await signUp.getByRole('link', { name: 'Sign up' }).click();
    await field(page, 'Full name').fill(customer.fullname);
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill(customer.password);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const verify = page.getByRole('region', { name: 'Verify your email' });
    await expect(verify).toBeVisible();
    await expect(verify.getByText(customer.email)).toBeVisible();
    await expect(verify.getByRole('button', { name: 'Resend code' })).toBeVisible();
    // Not back at step 1: the order was not sent to be refused.
    await expect(page.getByLabel('Hostname of instance 1')).toHaveCount(0);
    await expect(page.getByText('Verify your email address before creating instances.')).toHaveCount(0);
  });

  await test.step('enter the mailed code; without credit the order stops at the payment step', async () => {
    const mail = await waitForMail(request, customer.email, 'verify-email');
    await page.getByLabel(/^Verification code/).fill(codeIn(mail));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Add credit' })).toBeVisible({ timeout: 15_000 });
    // No balance dialog over the step: the step is the cart's answer to the low balance.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(minimum)).toBeVisible();
  });

  let needed = '';
  await test.step('Payments shows the order, what is missing and a top-up that covers it, also after a reload', async () => {
    needed = minimum.exec((await page.getByText(minimum).textContent()) ?? '')?.[1] ?? 'missing';
    await page.getByRole('link', { name: 'Go to payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('link', { name: 'Credit balance: $0.00' })).toBeVisible();
    for (const load of ['arrival', 'reload']) {
      if (load === 'reload') await page.reload();
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await expect(summary.getByText('cart-1')).toBeVisible();
      await expect(summary.getByText(/Cloud S/)).toBeVisible();
      await expect(summary.getByTestId('order-total')).toContainText('$');
      // The balance is zero: all of the minimum is missing; the top-up is the preset that covers it.
      await expect(summary.getByTestId('waiting-order-credit')).toContainText(`Missing$${needed}`);
      const preset = [10, 20, 60, 150, 300].find((p) => p >= Number(needed));
      const expected = preset ? String(preset) : String(Math.ceil(Number(needed)));
      await expect(page.getByRole('textbox', { name: 'Other amount' })).toHaveValue(expected);
    }
  });

  await test.step('pay in the sandbox; the VPS is deployed and the top bar shows the new balance', async () => {
    await checkout(page);
    await payInSandbox(page, 'Pay the full amount');
    // The "Deploying your VPS…" overlay can be gone before a check sees it once the payment settles
    // quickly, so the journey is judged by where it lands.
    await expect(page).toHaveURL(/\/createinstance\/pending$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Your services are ready' })).toBeVisible({
      timeout: 40_000,
    });
    await expect(page.getByText('cart-1').first()).toBeVisible();
    const accessToken = await page.evaluate(() => localStorage.getItem('nimbus.accessToken'));
    const info = await request.get('/api/profile/billing-info', {
      headers: { 'x-token': accessToken ?? '' },
    });
    const { balance } = (await info.json()).data as { balance: string };
    expect(Number(balance)).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: /^Credit balance: / })).toHaveAccessibleName(
      `Credit balance: $${Number(balance).toFixed(2)}`,
    );
  });
});
