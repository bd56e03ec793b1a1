import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { newCustomer, signUpViaApi, storeTokens } from '../support/accounts';

/**
 * Screenshots of the main screens for a human to look at, not assertions: run with SCREENSHOTS=1
 * (`SCREENSHOTS=1 npx playwright test screenshots`); the images land in /tmp/shots-e2e/.
 */
const OUT = '/tmp/shots-e2e';

const signedOutPages: [string, string][] = [
  ['signin', '/signin'],
  ['signup', '/signup'],
  ['forgotpassword', '/forgotpassword'],
  ['verificationfailure-signed-out', '/verificationfailure?reason=invalid'],
  ['404-signed-out', '/404'],
];
const signedInPages: [string, string][] = [
  ['dashboard', '/dashboard'],
  ['account-information', '/account/information'],
  ['account-email', '/account/email?verify=true'],
  ['account-security', '/account/security'],
  ['account-api-access', '/account/api-access'],
  ['account-log', '/account/log'],
  ['verificationsuccess', '/verificationsuccess'],
  ['verificationfailure', '/verificationfailure?reason=expired'],
  ['404', '/404'],
  ['sshkeys', '/sshkeys'],
  ['payments', '/payments'],
  ['transactions', '/transactions'],
  ['invoices', '/invoices'],
  ['auto-recharge', '/auto-recharge'],
  ['unavailable-ip-management', '/ip-management'],
];

async function shoot(page: Page, file: string, path: string, locale: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}/${file}.png`, fullPage: true });
}

for (const locale of ['en', 'ar']) {
  for (const width of [1280, 375]) {
    test.describe(`${locale} at ${width}px`, () => {
      test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
      test.use({ viewport: { width, height: width > 600 ? 800 : 740 } });

      test('main screens', async ({ page, request }) => {
        test.setTimeout(120_000);
        mkdirSync(OUT, { recursive: true });
        await page.addInitScript((lng) => localStorage.setItem('nimbus.language', lng), locale);
        const name = (screen: string) => `${locale}-${width}-${screen}`;

        for (const [screen, path] of signedOutPages) await shoot(page, name(screen), path, locale);

        const customer = newCustomer(`shots-${locale}-${width}`);
        await storeTokens(page, await signUpViaApi(request, customer));
        for (const [screen, path] of signedInPages) await shoot(page, name(screen), path, locale);
      });
    });
  }
}
