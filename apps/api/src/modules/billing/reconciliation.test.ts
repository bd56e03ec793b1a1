import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { reconciliationFindings } from './billing.tables';
import { balanceOf, customerWithCredit, post, startItem } from './billing.test-helpers';
import { runCycleBilling } from './cycle-billing';
import { billHour } from './hourly-billing';
import { ledgerBalance, reverseLedgerEntry } from './ledger';
import { reconcileBalances } from './reconciliation';

const at = (iso: string) => new Date(iso);

describe('reconciliation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  it('finds nothing on a ledger the engine wrote', async () => {
    const spender = await customerWithCredit(t.app, t.db, 20_000_000);
    await startItem(t.db, spender.id, { startedAt: at('2026-01-01T00:00:00Z') });
    await startItem(t.db, spender.id, { billingCycle: 'monthly', startedAt: at('2026-01-01T00:00:00Z') });
    await billHour(t.db, at('2026-01-01T00:00:00Z'));
    await billHour(t.db, at('2026-01-01T01:00:00Z'));
    await runCycleBilling(t.db, at('2026-02-01T00:00:00Z'));
    const charge = await post(t.db, spender.id, -1_234_567);
    await t.db.transaction((tx) => reverseLedgerEntry(tx, charge.entryId!, 'test'));
    await customerWithCredit(t.app, t.db, 0); // an account without entries
    const indebted = await customerWithCredit(t.app, t.db, 1_000_000);
    await post(t.db, indebted.id, -3_000_000);

    // 20.00 − 2 × 7.30 (two months of the monthly item) − 2 × 0.01 (two hours of the hourly one)
    expect(await balanceOf(t.db, spender.id)).toBe(20_000_000 - 14_600_000 - 20_000);
    expect(await reconcileBalances(t.db)).toEqual([]);
    expect(await t.db.select().from(reconciliationFindings)).toEqual([]);
  });

  it('reports a planted difference with both figures and records it, without fixing it', async () => {
    const user = await customerWithCredit(t.app, t.db, 10_000_000);
    await post(t.db, user.id, -2_500_000);
    await t.db.execute(
      sql`UPDATE credit_accounts SET balance = balance + 1234 WHERE customer_id = ${user.id}`,
    );

    const expected = { customerId: user.id, cachedBalance: 7_501_234, ledgerBalance: 7_500_000 };
    expect(await reconcileBalances(t.db)).toEqual([expected]);
    const [finding] = await t.db
      .select()
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.customerId, user.id));
    expect(finding).toMatchObject(expected);
    expect(finding!.foundAt).toBeInstanceOf(Date);
    // Reported, never silently corrected.
    expect(await balanceOf(t.db, user.id)).toBe(7_501_234);
    expect(await ledgerBalance(t.db, user.id)).toBe(7_500_000);
  });
});
