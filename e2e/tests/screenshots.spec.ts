import { test } from '@playwright/test';
import { newCustomer, signUpViaApi, storeTokens } from '../support/accounts';
import { describeShotVariants, shoot } from '../support/screenshots';

/**
 * Screenshots of the main screens for a human to look at, not assertions: run with SCREENSHOTS=1
 * (`SCREENSHOTS=1 npx playwright test screenshots`); the images land in /tmp/shots-e2e/. The instance
 * screens, which need seeded instances, are in screenshots-instances.spec.ts.
 */
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
  ['verificationfailure-email-in-use', '/verificationfailure?reason=email_in_use&type=email'],
  ['404', '/404'],
  ['sshkeys', '/sshkeys'],
  ['payments', '/payments'],
  ['transactions', '/transactions'],
  ['invoices', '/invoices'],
  ['auto-recharge', '/auto-recharge'],
];

describeShotVariants((variant) => {
  test('main screens', async ({ page, request }) => {
    test.setTimeout(120_000);
    for (const [screen, path] of signedOutPages) await shoot(page, variant, screen, path);

    const customer = newCustomer(`shots-${variant.locale}-${variant.width}`);
    await storeTokens(page, await signUpViaApi(request, customer));
    for (const [screen, path] of signedInPages) await shoot(page, variant, screen, path);
  });
});
