import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signedInCustomer, type Tokens } from './accounts';
import { topUpViaApi } from './billing';
import { linkIn, waitForMail } from './mailbox';

/** Verifies the customer's main email through the link of the verification mail (creation needs it). */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const mail = await waitForMail(request, email, 'verify-email');
  const verified = await request.get(linkIn(mail, '/api/auth/verify-main-email'), { maxRedirects: 0 });
  expect(verified.status()).toBeLessThan(400);
}

/** A signed-in customer with a verified email (creation needs one) and credit. */
export async function readyCustomer(page: Page, request: APIRequestContext, label: string) {
  const customer = await signedInCustomer(page, request, label);
  await verifyEmail(request, customer.email);
  await topUpViaApi(request, customer.tokens, '400');
  return customer;
}

/** The panel's access-token header, for API calls made on a customer's behalf. */
export const api = (tokens: Tokens) => ({ 'x-token': tokens.accessToken });
