import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/accounts';
import { checkout, payInSandbox } from '../support/billing';
import { api, readyCustomer, verifyEmail } from '../support/instances';
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

test('the cart: configure signed out, sign up, pay the missing credit, and the VPS is deployed', async ({
  page,
  request,
}) => {
  test.setTimeout(110_000);
  const customer = newCustomer('cart');

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

  await test.step('sign up through the form and come back to the cart', async () => {
    const signUp = page.getByRole('region', { name: 'Create your account' });
    await signUp.getByRole('link', { name: 'Sign up' }).click();
    await field(page, 'Full name').fill(customer.fullname);
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill(customer.password);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    // A new account's email is not verified yet: the order waits for it, the configuration kept.
    await expect(page.getByText('Verify your email address before creating instances.')).toBeVisible();
    await expect(page.getByLabel('Hostname of instance 1')).toHaveValue('cart-1');
  });

  await test.step('verify the email; without credit the order stops at the payment step', async () => {
    await verifyEmail(request, customer.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Add credit' })).toBeVisible();
    // No balance dialog over the step: the step is the cart's answer to the low balance.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/^At least \$[\d.]+ of credit is needed\.$/)).toBeVisible();
  });

  await test.step('pay the missing credit in the sandbox; the VPS is deployed', async () => {
    const minimum = await page.getByText(/^At least \$[\d.]+ of credit is needed\.$/).textContent();
    await page.getByRole('link', { name: 'Go to payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    // The balance is zero: the top-up is preset to the whole minimum.
    const needed = /\$([\d.]+)/.exec(minimum ?? '')?.[1];
    await expect(page.getByRole('textbox', { name: 'Other amount' })).toHaveValue(needed ?? 'missing');
    await checkout(page);
    await payInSandbox(page, 'Pay the full amount');
    await expect(page.getByText('Deploying your VPS…')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/createinstance\/pending$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Your services are ready' })).toBeVisible({
      timeout: 40_000,
    });
    await expect(page.getByText('cart-1').first()).toBeVisible();
  });
});
