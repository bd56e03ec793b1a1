import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

describe('health and conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports liveness and readiness in the envelope', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ code: 'OKAY', detail: '', data: { status: 'up' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().data).toEqual({ database: 'up' });
  });

  it('answers unknown API paths with a 404 envelope and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document and sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('documents every call of the account area in OpenAPI (the catalogue test checks its own), and no static routes', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    const expected = [
      '/api/auth',
      '/api/auth/customer-login',
      '/api/auth/user-info',
      '/api/auth/refresh-token',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/confirm-reset-password',
      '/api/auth/change-password',
      '/api/auth/change-email',
      '/api/auth/update-profile',
      '/api/auth/unverified-email',
      '/api/auth/verify-main-email',
      '/api/auth/verify-secondary-email',
      '/api/auth/verify-email-code',
      '/api/auth/verify-secondary-email-code',
      '/api/auth/resend-email-verification-token',
      '/api/auth/language',
      '/api/customer-stats',
      '/api/account/api-token',
      '/api/logs',
      '/api/branding',
      '/api/profile/billing-info',
      '/api/invoices',
      '/api/v2/invoices/{id}',
      '/api/v2/invoices/print',
      '/api/invoice-items',
      '/api/transactions',
      '/api/payments',
      '/api/payments/print',
      '/api/payments/print/pdf',
      '/api/payments/webhooks/{gateway}',
      '/api/payments/gateways',
      '/api/auto-recharge',
      '/api/auto-recharge/{id}',
      '/api/auto-recharge/gateways/{id}/cards',
      '/api/auto-recharge/gateways/{id}/change-default-card',
      '/api/ssh-keys',
      '/api/ssh-keys/{id}',
      '/api/health',
      '/api/ready',
    ];
    expect(expected.filter((p) => !paths.includes(p))).toEqual([]);
    expect(paths.filter((p) => !p.startsWith('/api/') && !p.startsWith('/dev/'))).toEqual([]);
  });

  it('answers malformed and oversized bodies with a 4xx envelope, never a 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_JSON', data: null });

    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer-login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', data: null });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer-login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe('VALIDATION_ERROR');
  });
});
