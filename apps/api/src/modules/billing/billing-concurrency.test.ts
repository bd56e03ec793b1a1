import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createDatabase, type Database } from '../../db/client';
import { customers } from '../auth/auth.tables';
import { relaxedLimits } from '../auth/auth.test-helpers';
import type { BillableItem } from './billable-items';
import { creditAccounts, invoiceItems, ledgerEntries } from './billing.tables';
import { balanceOf, customerWithCredit, post, startItem } from './billing.test-helpers';
import { runCycleBilling } from './cycle-billing';
import { billHour, runHourlyBilling } from './hourly-billing';
import { ledgerBalance } from './ledger';
import { reconcileBalances } from './reconciliation';

const at = (iso: string) => new Date(iso);
const CUSTOMERS = 8;
const START_CREDIT = 50_000_000;
const MONTHLY = 10_000_000;
const TOP_UPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((d) => d * 1_000_000); // 55.00 in all
const CHARGES = [1, 2, 3, 4, 5].map((d) => -d * 100_000); // −1.50 in all
const SWING = 100_000_000;
const HOURS = ['2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z', '2026-06-01T02:00:00Z'].map(at);
/** Hourly items at 0.0100 and 0.0200 an hour. */
const HOURLY_PRICES = [7_300_000, 14_600_000];
const HOURLY_PER_HOUR = 30_000;

interface Customer {
  id: number;
  hourly: BillableItem[];
  cycle: BillableItem;
}

/**
 * Many customers, many operations at once, against real PostgreSQL: top-ups and charges (some sent
 * twice with the same key), several hourly runs for the same hours, two cycle runs side by side. The
 * money must come out exact whatever the interleaving.
 */
describe('billing under concurrency', () => {
  let t: TestApp;
  let db: Database;
  let closePool: () => Promise<void>;
  const people: Customer[] = [];

  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    const { db: wide, pool } = createDatabase(t.url, 20);
    db = wide;
    closePool = () => pool.end();
    for (let c = 0; c < CUSTOMERS; c++) {
      const user = await customerWithCredit(t.app, t.db, START_CREDIT);
      const hourly = [];
      for (const monthlyPrice of HOURLY_PRICES)
        hourly.push(await startItem(t.db, user.id, { monthlyPrice, startedAt: HOURS[0] }));
      // Its cycle ends at 2026-06-01T00:00, due in the first round.
      const cycle = await startItem(t.db, user.id, {
        billingCycle: 'monthly',
        monthlyPrice: MONTHLY,
        startedAt: at('2026-05-01T00:00:00Z'),
      });
      people.push({ id: user.id, hourly, cycle });
    }
  });
  afterAll(async () => {
    await closePool();
    await t.close();
  });

  /** Runs every operation at once; returns the errors, so the money can be checked even when some fail. */
  async function together(operations: (() => Promise<unknown>)[]) {
    const settled = await Promise.allSettled(operations.map((op) => op()));
    return settled.flatMap((s) => (s.status === 'rejected' ? [String(s.reason?.cause ?? s.reason)] : []));
  }
  const twice = <T>(op: () => Promise<T>) => [op, op];

  it('keeps every balance equal to its ledger and charges every source once', async () => {
    const firstRound = [
      ...people.flatMap((p) => [
        ...TOP_UPS.flatMap((amount, i) =>
          twice(() => post(db, p.id, amount, { kind: 'top_up', idempotencyKey: `payment:${p.id}:${i}` })),
        ),
        ...CHARGES.flatMap((amount, i) => {
          const charge = () => post(db, p.id, amount, { idempotencyKey: `charge:${p.id}:${i}` });
          return [charge, charge, charge];
        }),
      ]),
      ...Array.from({ length: 4 }, () => () => billHour(db, HOURS[0]!)),
      ...twice(() => runCycleBilling(db, at('2026-06-01T00:30:00Z'))),
    ];
    const secondRound = [
      // Each customer dips below zero and back while the hours are billed: suspend and lift race the runs.
      ...people.flatMap((p) => [
        ...twice(() => post(db, p.id, -SWING, { idempotencyKey: `swing:${p.id}:down` })),
        ...twice(() => post(db, p.id, SWING, { kind: 'top_up', idempotencyKey: `swing:${p.id}:up` })),
      ]),
      ...Array.from({ length: 3 }, () => () => billHour(db, HOURS[1]!)),
      ...Array.from({ length: 3 }, () => () => runHourlyBilling(db, at('2026-06-01T03:30:00Z'))),
      ...twice(() => runCycleBilling(db, at('2026-06-01T03:30:00Z'))),
    ];
    const failures = [...(await together(firstRound)), ...(await together(secondRound))];
    expect.soft(failures, 'operations that failed').toEqual([]);

    // Every cached balance is the sum of its ledger, by the job and by direct sums.
    expect(await reconcileBalances(t.db)).toEqual([]);
    const sums = await t.db.execute<{ customer_id: number; balance: string; ledger: string }>(sql`
      SELECT ca.customer_id, ca.balance, coalesce(sum(le.amount), 0) AS ledger
      FROM credit_accounts ca LEFT JOIN ledger_entries le USING (customer_id)
      GROUP BY ca.customer_id, ca.balance`);
    for (const row of sums.rows) expect(row.balance, `customer ${row.customer_id}`).toBe(row.ledger);

    // The expected totals, exactly.
    const topUps = TOP_UPS.reduce((a, b) => a + b);
    const charges = CHARGES.reduce((a, b) => a + b);
    const expected = START_CREDIT - 2 * MONTHLY + topUps + charges - HOURS.length * HOURLY_PER_HOUR;
    expect(expected).toBe(83_410_000);
    for (const p of people) {
      expect(await balanceOf(t.db, p.id), `customer ${p.id}`).toBe(expected);
      expect(await ledgerBalance(t.db, p.id)).toBe(expected);
    }

    // No idempotency key applied twice; each customer has exactly the entries its sources made.
    const ids = people.map((p) => p.id);
    const entries = await t.db.select().from(ledgerEntries).where(inArray(ledgerEntries.customerId, ids));
    expect(new Set(entries.map((e) => e.idempotencyKey)).size).toBe(entries.length);
    const entriesPerCustomer =
      1 + TOP_UPS.length + CHARGES.length + 2 + 2 + HOURS.length * HOURLY_PRICES.length;
    expect(entries).toHaveLength(CUSTOMERS * entriesPerCustomer);

    // Each usage hour charged exactly once per item, and its invoice line counts exactly those hours.
    const hourKeys = HOURS.map((h) => h.toISOString().slice(0, 13));
    for (const item of people.flatMap((p) => p.hourly)) {
      const charged = entries.filter((e) => e.billableItemId === item.id);
      expect(charged.map((e) => e.idempotencyKey).sort()).toEqual(
        hourKeys.map((h) => `usage:${item.id}:${h}`),
      );
      expect(charged.every((e) => e.amount === -item.unitPrice)).toBe(true);
      const lines = await t.db.select().from(invoiceItems).where(eq(invoiceItems.billableItemId, item.id));
      expect(lines.map((l) => [l.usage, l.subtotal])).toEqual([
        [HOURS.length, HOURS.length * item.unitPrice],
      ]);
    }

    // The cycle item was renewed once, with one line per cycle.
    for (const p of people) {
      const cycleCharges = entries.filter((e) => e.billableItemId === p.cycle.id).map((e) => e.amount);
      expect(cycleCharges).toEqual([-MONTHLY, -MONTHLY]);
      const lines = await t.db
        .select()
        .from(invoiceItems)
        .where(and(eq(invoiceItems.billableItemId, p.cycle.id), eq(invoiceItems.type, 'subscription')));
      expect(lines).toHaveLength(2);
    }

    // Every account ended above zero, so none stays suspended.
    const states = await t.db
      .select({ status: customers.status, suspendedAt: creditAccounts.suspendedByBillingAt })
      .from(customers)
      .innerJoin(creditAccounts, eq(creditAccounts.customerId, customers.id))
      .where(inArray(customers.id, ids));
    expect(states.every((s) => s.status === 'active' && s.suspendedAt === null)).toBe(true);
  });
});
