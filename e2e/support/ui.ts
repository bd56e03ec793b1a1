import { expect, type Locator, type Page } from '@playwright/test';

/** A form field by its accessible name (labels of required fields carry a hidden "*"). */
export const field = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true });

/** The toast of the panel (a status alert in the snackbar) showing `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.MuiSnackbar-root').getByRole('status').filter({ hasText: text });

/** Closes the toast showing `text`, so the next one is not queued behind it for six seconds. */
export async function dismissToast(page: Page, text: string | RegExp, closeLabel = 'Close') {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: closeLabel }).click();
  await expect(shown).toBeHidden();
}

/** Signs in through the /signin form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the avatar menu of the top bar and chooses an entry. */
export async function chooseInUserMenu(
  page: Page,
  entry: string | RegExp,
  menuLabel: string | RegExp = 'Account menu',
) {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}
