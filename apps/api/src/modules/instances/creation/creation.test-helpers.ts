import type { AccountStatus, CreateInstancesRequest } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app';
import type { Database } from '../../../db/client';
import { jobSender } from '../../../jobs/sender';
import { customers } from '../../auth/auth.tables';
import { customerWithCredit } from '../../billing/billing.test-helpers';
import { productRegions } from '../../catalogue/catalogue.tables';
import { createHypervisor } from '../../compute/compute';
import { advanceDueServers } from '../../compute/compute.test-helpers';
import { convergeInstance } from '../converge';
import { instances } from '../instances.tables';

/** Test-only helpers of the creation, converge and preorder tests. */

export const USD = 1_000_000;

/** A signed-up customer with a verified email and `credit` micros. */
export async function verifiedCustomer(t: TestApp, credit = 1_000 * USD) {
  const user = await customerWithCredit(t.app, t.db, credit);
  await t.db.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, user.id));
  return user;
}

export const setAccountStatus = (db: Database, customerId: number, status: AccountStatus) =>
  db.update(customers).set({ status }).where(eq(customers.id, customerId));

export const setStock = (db: Database, productId: number, regionId: number, stock: number, ddos?: number) =>
  db
    .update(productRegions)
    .set({ stockCapacity: stock, ...(ddos === undefined ? {} : { ddosIpv4Capacity: ddos }) })
    .where(and(eq(productRegions.productId, productId), eq(productRegions.regionId, regionId)));

let hostCounter = 0;
export const hostname = (prefix = 'vps') => `${prefix}-${Date.now().toString(36)}-${++hostCounter}`;

/** A valid order: one Cloud S in Frankfurt with Ubuntu 24.04, billed hourly. */
export const anOrder = (overrides: Partial<CreateInstancesRequest> = {}): CreateInstancesRequest => ({
  region: 1,
  productId: 1,
  class: 'default',
  osId: 101,
  hostnames: [hostname()],
  billingCycle: 'hourly',
  ...overrides,
});

export const postInstances = (t: TestApp, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/instances', headers, payload });

/** Posts an order and expects it refused with `status` and `code`; returns the answer's body. */
export async function expectOrderError(
  t: TestApp,
  headers: Record<string, string>,
  payload: object,
  status: number,
  code: string,
) {
  const res = await postInstances(t, headers, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json();
}

/** Creates an order and expects 201; returns the per-instance results. */
export async function createOk(t: TestApp, headers: Record<string, string>, payload: object) {
  const res = await postInstances(t, headers, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.results as {
    hostname: string;
    code: string;
    instanceId: number;
    password: string | null;
  }[];
}

export async function instanceRows(db: Database, customerId: number) {
  return db.select().from(instances).where(eq(instances.customerId, customerId)).orderBy(instances.id);
}

/**
 * Runs converge with the simulator, and the simulator's due steps, until the instance settles (bounded):
 * what the worker does for a new or changing instance, without waiting for it.
 */
export async function settleInstance(t: TestApp, id: number) {
  const hypervisor = createHypervisor({ config: t.config, db: t.db, jobs: jobSender(t.db) });
  for (let i = 0; i < 12; i++) {
    await advanceDueServers(t.db);
    if ((await convergeInstance({ db: t.db, hypervisor }, id)) === 'settled') return;
  }
  throw new Error(`instance ${id} did not settle`);
}
