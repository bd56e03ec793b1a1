import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { billableItems, ledgerEntries } from '../billing/billing.tables';
import { balanceOf, itemNow, post } from '../billing/billing.test-helpers';
import { runCycleBilling } from '../billing/cycle-billing';
import { anOrder, instanceRows, USD, verifiedCustomer } from '../instances/creation/creation.test-helpers';
import { preorders } from '../instances/instances.tables';
import { payments } from '../payments/payments.tables';
import { sweepIdempotencyRecords } from './idempotency.service';
import { idempotencyRequests } from './idempotency.tables';

type User = Awaited<ReturnType<typeof verifiedCustomer>>;

describe('Idempotency-Key on charging calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const send = (user: User, method: 'POST' | 'DELETE', url: string, key?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload ? { payload } : {}),
    });
  const order = (user: User, key: string | undefined, payload: object) =>
    send(user, 'POST', '/api/instances', key, payload);
  const charges = (customerId: number) =>
    t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.customerId, customerId), eq(ledgerEntries.kind, 'subscription_charge')));
  const ledgerSum = async (customerId: number) => {
    const [row] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.customerId, customerId));
    return Number(row!.sum);
  };
  /** Forgets the recorded answer, as when the process died after the commit but before answering. */
  const forgetAnswer = (customerId: number, key: string) =>
    t.db
      .update(idempotencyRequests)
      .set({ responseStatus: null, responseBody: null, completedAt: null })
      .where(and(eq(idempotencyRequests.customerId, customerId), eq(idempotencyRequests.key, key)));

  it('replays the first answer for the same key and body: one instance, one charge', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const body = anOrder({ billingCycle: 'monthly' });
    const first = await order(user, 'order-1', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await order(user, 'order-1', { ...body });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await instanceRows(t.db, user.id)).toHaveLength(1);
    expect(await charges(user.id)).toHaveLength(1);
    expect(await balanceOf(t.db, user.id)).toBe(await ledgerSum(user.id));
    // The key order of the body does not make it another request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await order(user, 'order-1', reordered)).headers['idempotent-replayed']).toBe('true');
  });

  it('replays refusals too, and without a key every call acts', async () => {
    const user = await verifiedCustomer(t, 1 * USD);
    const body = anOrder({ billingCycle: 'monthly' });
    const short = await order(user, 'short-1', body);
    expect(short.statusCode).toBe(460);
    await post(t.db, user.id, 100 * USD);
    // Same key: the first answer stands (a new attempt is a new key, as the panel sends).
    expect((await order(user, 'short-1', body)).statusCode).toBe(460);
    expect((await order(user, undefined, { ...body, hostnames: ['no-key-1'] })).statusCode).toBe(201);
    expect((await order(user, undefined, { ...body, hostnames: ['no-key-1'] })).statusCode).toBe(201);
    expect(await instanceRows(t.db, user.id)).toHaveLength(2);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for another body or another path, acting on neither', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const body = anOrder();
    expect((await order(user, 'reuse-1', body)).statusCode).toBe(201);
    const other = await order(user, 'reuse-1', { ...body, hostnames: ['another-host'] });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', data: null });
    const otherPath = await send(user, 'POST', '/api/payments', 'reuse-1', {
      credit: 10,
      gateway: 'sandbox',
    });
    expect(otherPath.statusCode).toBe(422);
    expect(await instanceRows(t.db, user.id)).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.customerId, user.id))).toHaveLength(0);
  });

  it('checks the key: 1 to 255 printable ASCII characters, else 400 IDEMPOTENCY_KEY_INVALID', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    for (const key of ['', 'x'.repeat(256), 'tab\tkey', 'caf\u00e9']) {
      const res = await order(user, key, anOrder());
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    expect((await order(user, `${'k'.repeat(254)}~`, anOrder())).statusCode).toBe(201);
    expect(await instanceRows(t.db, user.id)).toHaveLength(1);
  });

  it('answers 409 IDEMPOTENCY_REQUEST_IN_PROGRESS while the first request runs, then replays it', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const body = anOrder({ billingCycle: 'monthly' });
    // Hold the customer's credit row: the order waits inside its transaction.
    const blocker = new pg.Client({ connectionString: t.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM credit_accounts WHERE customer_id = $1 FOR UPDATE', [user.id]);
    const first = Promise.resolve(order(user, 'busy-1', body));
    try {
      await waitFor(async () => {
        // Outside the blocker's transaction: pg_stat_activity is a snapshot for a whole transaction.
        const [row] = await t.db
          .execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE wait_event_type = 'Lock' AND query ILIKE '%credit_accounts%' AND datname = current_database()`,
          )
          .then((r) => r.rows);
        return (row?.n ?? 0) > 0;
      });
      const second = await order(user, 'busy-1', body);
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    } finally {
      await blocker.query('COMMIT');
      await blocker.end();
    }
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(201);
    const third = await order(user, 'busy-1', body);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json()).toEqual(answered.json());
    expect(await instanceRows(t.db, user.id)).toHaveLength(1);
    expect(await charges(user.id)).toHaveLength(1);
  });

  it("keeps keys per customer: another customer's same key is a request of its own", async () => {
    const alice = await verifiedCustomer(t, 100 * USD);
    const bob = await verifiedCustomer(t, 100 * USD);
    const a = await order(alice, 'shared-key', anOrder());
    const b = await order(bob, 'shared-key', anOrder());
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().data.results[0].instanceId).not.toBe(a.json().data.results[0].instanceId);
    expect(await instanceRows(t.db, bob.id)).toHaveLength(1);
  });

  it('acts again once the key is older than 24 hours, and the sweep removes such keys', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const body = anOrder({ billingCycle: 'monthly' });
    expect((await order(user, 'old-1', body)).statusCode).toBe(201);
    await t.db
      .update(idempotencyRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyRequests.customerId, user.id));
    const again = await order(user, 'old-1', body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await instanceRows(t.db, user.id)).toHaveLength(2);
    expect(await charges(user.id)).toHaveLength(2);

    expect((await order(user, 'old-2', anOrder())).statusCode).toBe(201);
    await t.db
      .update(idempotencyRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyRequests.customerId, user.id), eq(idempotencyRequests.key, 'old-2')));
    expect(await sweepIdempotencyRecords(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ key: idempotencyRequests.key })
      .from(idempotencyRequests)
      .where(eq(idempotencyRequests.customerId, user.id));
    expect(left.map((r) => r.key)).toEqual(['old-1']);
  });

  it('resumes an order that committed without an answer: the same instances, no second charge', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const body = anOrder({ billingCycle: 'monthly', hostnames: ['resume-a', 'resume-b'] });
    const first = await order(user, 'resume-1', body);
    expect(first.statusCode).toBe(201);
    await forgetAnswer(user.id, 'resume-1');
    const again = await order(user, 'resume-1', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const ids = (r: typeof first) => r.json().data.results.map((x: { instanceId: number }) => x.instanceId);
    expect(ids(again)).toEqual(ids(first));
    expect(again.json().data.results.every((r: { code: string }) => r.code === 'CREATED')).toBe(true);
    expect(await instanceRows(t.db, user.id)).toHaveLength(2);
    expect(await charges(user.id)).toHaveLength(2);
    expect(await balanceOf(t.db, user.id)).toBe(await ledgerSum(user.id));
  });

  it('makes top-ups idempotent: one payment per key, resumed when unanswered', async () => {
    const user = await verifiedCustomer(t, 0);
    const topUp = (key: string, credit = 25) =>
      send(user, 'POST', '/api/payments', key, { credit, gateway: 'sandbox' });
    const first = await topUp('pay-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await topUp('pay-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await topUp('pay-1', 30)).statusCode).toBe(422);
    await forgetAnswer(user.id, 'pay-1');
    const resumed = await topUp('pay-1');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.paymentId).toBe(first.json().data.paymentId);
    expect(await t.db.select().from(payments).where(eq(payments.customerId, user.id))).toHaveLength(1);
    expect((await topUp('pay-2')).json().data.paymentId).not.toBe(first.json().data.paymentId);
  });

  it('makes preorders, renew now and deletion idempotent', async () => {
    const user = await verifiedCustomer(t, 1_000 * USD);
    // Preorder of a GPU plan (the preorder tests' order).
    const gpu = {
      type: 'vm',
      hostnames: ['gpu-idem'],
      regionId: 1,
      metadata: { productId: 21, osId: 101, features: [5], billingCycle: 'monthly', class: 'gpu-provided' },
    };
    const pre = await send(user, 'POST', '/api/preorders', 'pre-1', gpu);
    expect(pre.statusCode, pre.body).toBe(201);
    expect((await send(user, 'POST', '/api/preorders', 'pre-1', gpu)).headers['idempotent-replayed']).toBe(
      'true',
    );
    await forgetAnswer(user.id, 'pre-1');
    const again = await send(user, 'POST', '/api/preorders', 'pre-1', gpu);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.preorders).toEqual(pre.json().data.preorders);
    expect(await t.db.select().from(preorders).where(eq(preorders.customerId, user.id))).toHaveLength(1);

    // Renew now: a monthly instance suspended at renewal.
    const created = await order(user, 'renew-setup', anOrder({ billingCycle: 'monthly' }));
    const id = created.json().data.results[0].instanceId as number;
    const [row] = await instanceRows(t.db, user.id).then((rows) => rows.filter((r) => r.id === id));
    const item = await itemNow(t.db, row!.billableItemId!);
    const balance = await balanceOf(t.db, user.id);
    await post(t.db, user.id, -balance);
    await runCycleBilling(t.db, new Date(item.cycleEnd!.getTime() + 3_600_000));
    expect((await itemNow(t.db, item.id)).status).toBe('suspended');
    await post(t.db, user.id, 100 * USD);
    const renewed = await send(user, 'POST', `/api/instances/${id}/renew`, 'renew-1');
    expect(renewed.statusCode, renewed.body).toBe(200);
    const replay = await send(user, 'POST', `/api/instances/${id}/renew`, 'renew-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await forgetAnswer(user.id, 'renew-1');
    const resumed = await send(user, 'POST', `/api/instances/${id}/renew`, 'renew-1');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.isSuspended).toBe(false);
    const cycles = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.customerId, user.id), eq(ledgerEntries.billableItemId, item.id)));
    expect(cycles.filter((e) => e.kind === 'subscription_charge')).toHaveLength(2);

    // Deletion with its refund.
    const deleted = await send(user, 'DELETE', `/api/instances/${id}`, 'delete-1');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const deletedAgain = await send(user, 'DELETE', `/api/instances/${id}`, 'delete-1');
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
    expect(deletedAgain.json()).toEqual(deleted.json());
    const [ended] = await t.db.select().from(billableItems).where(eq(billableItems.id, item.id));
    expect(ended!.status).not.toBe('active');
    expect(await balanceOf(t.db, user.id)).toBe(await ledgerSum(user.id));
  });

  it('shows the header on the charging operations of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const headerOf = (path: string, method: string) =>
      (doc.paths[path][method].parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    for (const [path, method] of [
      ['/api/instances', 'post'],
      ['/api/preorders', 'post'],
      ['/api/payments', 'post'],
      ['/api/auto-recharge', 'post'],
      ['/api/instances/{id}/renew', 'post'],
      ['/api/instances/{id}', 'delete'],
    ] as const) {
      expect(headerOf(path, method), `${method} ${path}`).toMatchObject({ required: false });
    }
    expect(headerOf('/api/instances', 'get')).toBeUndefined();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
