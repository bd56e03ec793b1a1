import { expect, test } from '@playwright/test';
import { newCustomer, signedInCustomer, signUpViaApi } from '../support/accounts';
import { codeIn, waitForMail } from '../support/mailbox';
import { field, signInWithForm, toast } from '../support/ui';

test('the 6-digit code from the mail verifies the address', async ({ page, request }) => {
  const customer = await signedInCustomer(page, request, 'code');
  const mail = await waitForMail(request, customer.email, 'verify-email');

  await page.goto('/account/email?verify=true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Unverified', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Verify your email address' });
  await field(form, 'Verification code').fill(codeIn(mail));
  await form.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(toast(page, 'Your email address is verified.')).toBeVisible();
  await expect(panel.getByText('Verified', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
});

test('a wrong code is refused on the field', async ({ page, request }) => {
  const customer = await signedInCustomer(page, request, 'wrong-code');
  const code = codeIn(await waitForMail(request, customer.email, 'verify-email'));
  const wrong = code === '000000' ? '111111' : '000000';

  await page.goto('/account/email?verify=true');
  const form = page.getByRole('form', { name: 'Verify your email address' });
  await field(form, 'Verification code').fill(wrong);
  await form.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(form.getByText('This code is wrong or has expired.', { exact: false })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Unverified', { exact: true })).toBeVisible();
});

test('an invalid link explains itself and a signed-in customer can ask for a new mail', async ({
  page,
  request,
}) => {
  const customer = await signedInCustomer(page, request, 'bad-link');
  const first = await waitForMail(request, customer.email, 'verify-email');

  await page.goto('/api/auth/verify-main-email?token=bogus');
  await expect(page).toHaveURL(/\/verificationfailure\?reason=invalid$/);
  await expect(page.getByRole('heading', { name: 'This verification link is not valid' })).toBeVisible();
  await expect(page.getByText(/The link may have been used already or copied incompletely\./)).toBeVisible();

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(toast(page, 'We sent you a new verification email.')).toBeVisible();
  await waitForMail(request, customer.email, 'verify-email', first.id);
  await expect(page.getByRole('link', { name: 'Enter a code instead' })).toBeVisible();
});

test('an invalid link tells a signed-out visitor to sign in for a new mail', async ({ page, request }) => {
  const customer = newCustomer('bad-link-out');
  await signUpViaApi(request, customer);

  await page.goto('/api/auth/verify-main-email?token=bogus');
  await expect(page).toHaveURL(/\/verificationfailure\?reason=invalid$/);
  await expect(page.getByRole('heading', { name: 'This verification link is not valid' })).toBeVisible();
  await expect(page.getByText(/Sign in to ask for a new verification email\./)).toBeVisible();

  // After signing in, the customer lands where the code can be typed and a new mail asked for.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/account\/email\?verify=true$/);
  await expect(page.getByRole('form', { name: 'Verify your email address' })).toBeVisible();
});
