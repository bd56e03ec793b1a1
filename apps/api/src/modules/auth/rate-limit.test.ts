import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signIn, uniqueEmail } from './auth.test-helpers';

describe('rate limits on the auth calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: 3, RATE_LIMIT_AUTH_WINDOW_SECONDS: 60 });
  });
  afterAll(() => t.close());

  it('answers 429 RATE_LIMITED with Retry-After once sign-in attempts exceed the limit', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, email, 'whatever!1')).statusCode).toBe(401);
    const limited = await signIn(t.app, email, 'whatever!1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['POST', '/api/auth', { fullname: 'A', email: 'bad', password: 'x' }],
    ['POST', '/api/auth/forgot-password', { email: 'someone@example.com' }],
    ['POST', '/api/auth/confirm-reset-password?token=x', { new_password: 'whatever!1' }],
    ['POST', '/api/auth/refresh-token', undefined],
    ['POST', '/api/auth/verify-email-code', { code: '123456' }],
    ['POST', '/api/auth/verify-secondary-email-code', { code: '123456' }],
    ['POST', '/api/auth/resend-email-verification-token', undefined],
  ] as const)('limits %s %s separately', async (method, url, payload) => {
    const send = () => t.app.inject({ method, url, payload });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).not.toBe(429);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
  });
});
