import { paymentErrorCodes } from '@nimbus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Env } from '../../config';
import { relaxedLimits } from '../auth/auth.test-helpers';
import {
  deliverWebhook,
  newCustomer,
  postPayment,
  sandboxEvent,
  submitCheckout,
} from './payments.test-helpers';

const stripe: Partial<Env> = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

/**
 * The sandbox gateway credits without money: offered by default only to a loopback-bound demo with no
 * real gateway; PAYMENT_SANDBOX forces it either way.
 */
describe.each([
  { name: 'loopback host, no gateway (default)', env: { HOST: '127.0.0.1' }, sandbox: true },
  { name: '::1, no gateway (default)', env: { HOST: '::1' }, sandbox: true },
  { name: '0.0.0.0, no gateway (default)', env: { HOST: '0.0.0.0' }, sandbox: false },
  { name: 'public address, no gateway (default)', env: { HOST: '203.0.113.7' }, sandbox: false },
  { name: 'loopback behind a trusted proxy', env: { HOST: '127.0.0.1', TRUST_PROXY: true }, sandbox: false },
  {
    name: '0.0.0.0 with PAYMENT_SANDBOX=true',
    env: { HOST: '0.0.0.0', PAYMENT_SANDBOX: true },
    sandbox: true,
  },
  {
    name: 'loopback with PAYMENT_SANDBOX=false',
    env: { HOST: '127.0.0.1', PAYMENT_SANDBOX: false },
    sandbox: false,
  },
  { name: 'loopback with a real gateway', env: { HOST: '127.0.0.1', ...stripe }, sandbox: false },
] satisfies { name: string; env: Partial<Env>; sandbox: boolean }[])(
  'sandbox payments: $name',
  ({ env, sandbox }) => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });

    it(sandbox ? 'are offered and announced' : 'are not offered anywhere', async () => {
      t = await createTestApp({ ...relaxedLimits, ...env });
      const gateways = (await t.app.inject({ method: 'GET', url: '/api/payments/gateways' })).json().data;
      expect(gateways.map((g: { name: string }) => g.name).includes('sandbox')).toBe(sandbox);
      const branding = (await t.app.inject({ method: 'GET', url: '/api/branding' })).json().data;
      expect(branding.sandboxPayments).toBe(sandbox);

      const user = await newCustomer(t);
      const res = await postPayment(t, user, { credit: 60, gateway: 'sandbox' });
      if (sandbox) {
        expect(res.statusCode, res.body).toBe(200);
        const page = await t.app.inject({ method: 'GET', url: new URL(res.json().data.url).pathname });
        expect(page.statusCode).toBe(200);
        return;
      }
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: paymentErrorCodes.gatewayUnavailable, data: null });
      expect(res.json().detail).toMatch(/not offered/);

      // The hosted checkout and its webhook are gone too: a 404 in the envelope, not the panel's page.
      for (const answer of [
        await t.app.inject({ method: 'GET', url: '/sandbox/checkout/sbx_anything' }),
        await submitCheckout(t, '/sandbox/checkout/sbx_anything', { outcome: 'pay' }),
        await deliverWebhook(t, sandboxEvent({ id: 1, externalId: 'sbx_anything' }, 'PAID', 60_000_000)),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json()).toMatchObject({ data: null });
      }
    });
  },
);
