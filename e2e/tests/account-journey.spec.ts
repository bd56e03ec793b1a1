import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, newCustomer } from '../support/accounts';
import { textIn } from '../support/i18n';
import { mailPage, waitForMail } from '../support/mailbox';
import { chooseInUserMenu, dismissToast, field, signInWithForm, toast } from '../support/ui';

test('a customer signs up, verifies, edits the profile, changes password and language', async ({
  page,
  request,
}) => {
  const customer = newCustomer('journey');

  await test.step('sign up through the form', async () => {
    await page.goto('/signup');
    await field(page, 'Full name').fill(customer.fullname);
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill(customer.password);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hello, ${customer.fullname}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify email' })).toBeVisible();
  });

  await test.step('verify with the link of the mail', async () => {
    const mail = await waitForMail(request, customer.email, 'verify-email');
    await page.goto(mailPage(mail.id));
    await page.getByRole('link', { name: 'Confirm email address' }).click();
    await expect(page).toHaveURL(/\/verificationsuccess$/);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

    await page.goto('/account/email');
    const current = page.getByRole('tabpanel');
    await expect(current.getByText(customer.email, { exact: true })).toBeVisible();
    await expect(current.getByText('Verified', { exact: true })).toBeVisible();
    await expect(current.getByText('Unverified', { exact: true })).toHaveCount(0);
  });

  await test.step('sign out and sign in again', async () => {
    await chooseInUserMenu(page, 'Sign out');
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hello, ${customer.fullname}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify email' })).toHaveCount(0);
  });

  const profile = { fullname: 'Grace Hopper', phone: '+14155552671', city: 'Arlington' };
  await test.step('edit the profile; it persists', async () => {
    await page.goto('/account/information');
    await field(page, 'Full name').fill(profile.fullname);
    await field(page, 'Phone').fill(profile.phone);
    await field(page, 'City').fill(profile.city);
    await page.getByRole('button', { name: 'Save' }).click();
    await dismissToast(page, 'Your profile has been saved.');

    await page.reload();
    await expect(field(page, 'Full name')).toHaveValue(profile.fullname);
    await expect(field(page, 'Phone')).toHaveValue(profile.phone);
    await expect(field(page, 'City')).toHaveValue(profile.city);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Nothing changed.')).toBeVisible();
  });

  await test.step('change the password; signed out, only the new one works', async () => {
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await field(page, 'Current password').fill(customer.password);
    await field(page, 'New password').fill(NEW_PASSWORD);
    await field(page, 'Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(toast(page, 'Password changed. Sign in again.')).toBeVisible();

    await signInWithForm(page, customer.email, customer.password);
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    await field(page, 'Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hello, ${profile.fullname}` })).toBeVisible();
  });

  await test.step('switch to Arabic: the page turns right to left', async () => {
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  await test.step('sign out in Arabic', async () => {
    await chooseInUserMenu(
      page,
      textIn('ar', 'shell', 'userMenu.signOut'),
      textIn('ar', 'shell', 'userMenu.open'),
    );
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: textIn('ar', 'auth', 'signIn.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
