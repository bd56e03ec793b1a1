import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Meets every password rule: 8+ characters, an English letter and a special character. */
export const PASSWORD = 'Start#Pass2024';
export const NEW_PASSWORD = 'Changed!Pass2025';

/** Every test signs up its own customer, so tests never share state and can run in any order. */
export function uniqueEmail(label = 'customer'): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@nimbus-e2e.test`;
}

export interface Customer {
  fullname: string;
  email: string;
  password: string;
}

export function newCustomer(label?: string): Customer {
  return { fullname: 'Ada Lovelace', email: uniqueEmail(label), password: PASSWORD };
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** Signs a customer up through `POST /api/auth` (faster than the form when sign-up is not under test). */
export async function signUpViaApi(request: APIRequestContext, customer: Customer): Promise<Tokens> {
  const response = await request.post('/api/auth', {
    data: {
      fullname: customer.fullname,
      email: customer.email,
      password: customer.password,
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: Tokens };
  return body.data;
}

/** Puts the tokens where the panel keeps them, as a finished sign-in would. */
export async function storeTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.goto('/signin');
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('nimbus.accessToken', accessToken);
    localStorage.setItem('nimbus.refreshToken', refreshToken);
    localStorage.setItem('nimbus.hadSession', '1');
  }, tokens);
}

/** A new customer, signed up over the API and signed in in this page's browser. */
export async function signedInCustomer(
  page: Page,
  request: APIRequestContext,
  label?: string,
): Promise<Customer & { tokens: Tokens }> {
  const customer = newCustomer(label);
  const tokens = await signUpViaApi(request, customer);
  await storeTokens(page, tokens);
  return { ...customer, tokens };
}
