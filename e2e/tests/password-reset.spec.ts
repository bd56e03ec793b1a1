import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, newCustomer, signUpViaApi } from '../support/accounts';
import { linkIn, mailPage, waitForMail } from '../support/mailbox';
import { chooseInUserMenu, field, signInWithForm } from '../support/ui';

test('a forgotten password is reset with the mailed link, which works only once', async ({
  page,
  request,
}) => {
  const customer = newCustomer('reset');
  await signUpViaApi(request, customer);

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  // The address changes before the page's code has loaded, and until then the sign-in form, with its own
  // Email field, is still the one on screen (seen in CI on a busy machine).
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await field(page, 'Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: customer.email })).toBeVisible();

  const mail = await waitForMail(request, customer.email, 'reset-password');
  const link = linkIn(mail, '/resetpassword?token=');
  await page.goto(mailPage(mail.id));
  await page.getByRole('link', { name: 'Choose a new password' }).click();
  await expect(page).toHaveURL(link);

  await field(page, 'New password').fill(NEW_PASSWORD);
  await field(page, 'Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/resetpasswordsuccess$/);
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWithForm(page, customer.email, customer.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await signInWithForm(page, customer.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The spent link: the form is refused with the invalid-or-expired message and a way to a new link.
  await chooseInUserMenu(page, 'Sign out');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto(link);
  await field(page, 'New password').fill('Another#Pass2026');
  await field(page, 'Confirm new password').fill('Another#Pass2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired. Request a new one.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
