import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { runAutoRechargeCheck } from '../auto-recharge/auto-recharge.charge';
import { activateWithNewCard } from '../auto-recharge/auto-recharge.test-helpers';
import { ledgerEntries } from '../billing/billing.tables';
import { balanceOf } from '../billing/billing.test-helpers';
import { reconcileBalances } from '../billing/reconciliation';
import type { SandboxEvent } from './gateways/sandbox';
import { payments, webhookInbox } from './payments.tables';
import {
  type Customer,
  deliverWebhook,
  newCustomer,
  openSandboxCheckout,
  paymentRow,
  processInbox,
  registryOf,
  sandboxEvent,
  submitCheckout,
} from './payments.test-helpers';
import { processWebhook } from './webhooks';

/** Nothing is credited twice or lost when deliveries, processing and top-ups all happen at once. */
describe('payments under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  /** Runs everything at once; fails with the first error after all have settled. */
  async function all<T>(work: Promise<T>[]): Promise<T[]> {
    const settled = await Promise.allSettled(work);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
  }

  it('keeps every balance equal to its ledger, each payment credited once', async () => {
    // Sign-ups one by one: parallel first sign-ups can exhaust the pool while the JWT key loads
    // (reported to the lead); that is the auth area's, not what this test is about.
    const customers: Customer[] = [];
    for (let i = 0; i < 10; i++) customers.push(await newCustomer(t));
    // Half of them also have auto-recharge on an empty balance, charged while everything else runs.
    for (const user of customers.slice(0, 3)) await activateWithNewCard(t, user);

    // Four checkouts each: paid (delivered twice with one id, and replayed with another),
    // underpaid, overpaid, and paid-then-refunded (whose refund may arrive first and be ignored).
    const plans = await all(
      customers.flatMap((user) =>
        (['paid', 'under', 'over', 'refund'] as const).map(async (plan, i) => {
          const { paymentId } = await openSandboxCheckout(t, user, `${10 + i}.25`);
          return { user, plan, payment: await paymentRow(t, paymentId) };
        }),
      ),
    );
    const deliveries = plans.flatMap(({ plan, payment }) => {
      if (plan === 'paid') {
        const event = sandboxEvent(payment, 'PAID', null);
        return [event, event, sandboxEvent(payment, 'PAID', null)];
      }
      if (plan === 'under') return [sandboxEvent(payment, 'UNDERPAID', Math.floor(payment.price / 2))];
      if (plan === 'over') return [sandboxEvent(payment, 'OVERPAID', payment.price + 1_000_000)];
      return [sandboxEvent(payment, 'PAID', null), sandboxEvent(payment, 'REFUNDED', null)];
    });

    const topUps = customers.map(async (user) => {
      const { path } = await openSandboxCheckout(t, user, '7.77');
      const res = await submitCheckout(t, path, { outcome: 'pay' });
      expect(res.statusCode, res.body).toBe(303);
    });
    const deliver = async (event: SandboxEvent) => {
      const res = await deliverWebhook(t, event);
      expect(res.statusCode, res.body).toBe(200);
    };
    const autoRecharge = (user: Customer) =>
      runAutoRechargeCheck({ db: t.db, gateways: registryOf(t) }, user.id);
    await all<unknown>([...deliveries.map(deliver), ...topUps, ...customers.slice(0, 3).map(autoRecharge)]);

    // Every stored row processed twice at once, while the auto-recharge checks run again.
    const rows = await t.db
      .select({ id: webhookInbox.id })
      .from(webhookInbox)
      .where(isNull(webhookInbox.processedAt));
    expect(rows.length).toBeGreaterThanOrEqual(
      deliveries.length - plans.filter((p) => p.plan === 'paid').length,
    );
    const process = (id: number) => processWebhook({ db: t.db, gateways: registryOf(t) }, id);
    await all<unknown>([
      ...rows.flatMap(({ id }) => [process(id), process(id)]),
      ...customers.map(autoRecharge),
    ]);
    expect(await processInbox(t)).toBe(0);

    // The outcomes that do not depend on the order of arrival.
    for (const { plan, payment } of plans) {
      const row = await paymentRow(t, payment.id);
      if (plan === 'paid') expect(row).toMatchObject({ status: 'PAID', credited: payment.credit });
      if (plan === 'under')
        expect(row).toMatchObject({ status: 'UNDERPAID', credited: Math.floor(payment.price / 2) });
      if (plan === 'over')
        expect(row).toMatchObject({ status: 'OVERPAID', credited: payment.credit + 1_000_000 });
      if (plan === 'refund') {
        expect(['PAID', 'REFUNDED']).toContain(row.status);
        expect(row.credited).toBe(row.status === 'PAID' ? payment.credit : 0);
      }
    }

    // Each payment's ledger entries add up to what it says it credited.
    const perPayment = await t.db.execute<{ id: number; credited: string; ledger: string }>(sql`
      SELECT p.id, p.credited, coalesce(sum(l.amount), 0) AS ledger
      FROM payments p LEFT JOIN ledger_entries l ON l.payment_id = p.id
      GROUP BY p.id HAVING p.credited <> coalesce(sum(l.amount), 0)`);
    expect(perPayment.rows).toEqual([]);
    // Each customer's balance is exactly the sum of their payments' credit.
    for (const user of customers) {
      const own = await t.db.select().from(payments).where(eq(payments.customerId, user.id));
      const credited = own.reduce((sum, p) => sum + p.credited, 0);
      expect(await balanceOf(t.db, user.id)).toBe(credited);
      expect(own.filter((p) => p.isAutoRecharge && p.status === 'PAID').length).toBe(
        customers.indexOf(user) < 3 ? 1 : 0,
      );
      expect(
        own.filter((p) => !p.isAutoRecharge && p.credit === 7_770_000 && p.status === 'PAID'),
      ).toHaveLength(1);
    }
    expect(await reconcileBalances(t.db)).toEqual([]);
    const keys = await t.db
      .select({ key: ledgerEntries.idempotencyKey, n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.idempotencyKey)
      .having(sql`count(*) > 1`);
    expect(keys).toEqual([]);
  });
});
