import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Database } from '../../db/client';
import { customers } from '../auth/auth.tables';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { customerWithCredit } from '../billing/billing.test-helpers';
import type { TestCustomer } from '../instances/instances.test-helpers';

let keys = 0;
/** A fresh Idempotency-Key header. */
export const idemKey = () => ({ 'idempotency-key': `fip-test-${Date.now()}-${++keys}` });

/** 1.50 USD, the demo catalogue's floatingIpPricePerMonth, in micros. */
export const PRICE = 1_500_000;

/** The floating IP tests' app (the instances' fake driver is mocked in by each file) and its calls. */
export function useFloatingIpsApp() {
  let t: TestApp;
  const env = {
    app: undefined as unknown as TestApp['app'],
    db: undefined as unknown as Database,
    config: undefined as unknown as TestApp['config'],
    customer: (credit = 100_000_000) => customerWithCredit(env.app, env.db, credit),
    call: (
      user: TestCustomer,
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) =>
      env.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...user.headers, ...headers },
        ...(payload ? { payload } : {}),
      }),
    buy: async (user: TestCustomer, regionId: number, count = 1) => {
      const res = await env.call(user, 'POST', '/floating-ip', { regionId, count }, idemKey());
      if (res.statusCode !== 201) throw new Error(`buy failed: ${res.statusCode} ${res.body}`);
      return res.json().data.items as { id: number; address: string; expiresAt: string }[];
    },
    suspend: (user: TestCustomer) =>
      env.db.update(customers).set({ status: 'suspended_by_admin' }).where(eq(customers.id, user.id)),
  };
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    Object.assign(env, { app: t.app, db: t.db, config: t.config });
  });
  afterAll(() => t.close());
  return env;
}
