import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers } from '../auth/auth.tables';
import { activityEvents, relaxedLimits, userInfo } from '../auth/auth.test-helpers';
import { creditAccounts, ledgerEntries } from './billing.tables';
import { balanceOf, customerWithCredit, itemNow, post, startItem } from './billing.test-helpers';
import { insertInvoice, insertInvoiceItem } from './billing-read.test-helpers';
import { ledgerBalance, reverseLedgerEntry } from './ledger';

describe('ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const entriesOf = (customerId: number) =>
    t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.customerId, customerId))
      .orderBy(ledgerEntries.id);
  const accountOf = async (customerId: number) =>
    (await t.db.select().from(creditAccounts).where(eq(creditAccounts.customerId, customerId)))[0]!;
  const statusOf = async (customerId: number) =>
    (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId)))[0]!
      .status;
  const reverse = (entryId: number) => t.db.transaction((tx) => reverseLedgerEntry(tx, entryId, 'test'));

  it('moves the cached balance with every entry', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    expect(await post(t.db, user.id, 12_345_678)).toMatchObject({
      applied: true,
      balanceBefore: 0,
      balanceAfter: 12_345_678,
    });
    expect(await post(t.db, user.id, -345_678)).toMatchObject({
      balanceBefore: 12_345_678,
      balanceAfter: 12_000_000,
    });
    expect(await balanceOf(t.db, user.id)).toBe(12_000_000);
    expect(await ledgerBalance(t.db, user.id)).toBe(12_000_000);
    expect((await entriesOf(user.id)).map((e) => e.amount)).toEqual([12_345_678, -345_678]);
  });

  it('applies an idempotency key once', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    const key = `payment:${user.id}:evt_1`;
    const first = await post(t.db, user.id, 60_000_000, { kind: 'top_up', idempotencyKey: key });
    const again = await post(t.db, user.id, 60_000_000, { kind: 'top_up', idempotencyKey: key });
    expect(first).toMatchObject({ applied: true, balanceAfter: 60_000_000 });
    expect(again).toEqual({
      applied: false,
      entryId: null,
      balanceBefore: 60_000_000,
      balanceAfter: 60_000_000,
    });
    // Even with a different amount, the key is spent.
    expect((await post(t.db, user.id, 1, { idempotencyKey: key })).applied).toBe(false);
    expect(await balanceOf(t.db, user.id)).toBe(60_000_000);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('refuses to update or delete a ledger entry', async () => {
    const user = await customerWithCredit(t.app, t.db, 7_000_000);
    const [entry] = await entriesOf(user.id);
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(
      t.db.execute(sql`UPDATE ledger_entries SET amount = 0 WHERE id = ${entry!.id}`),
    ).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`DELETE FROM ledger_entries WHERE id = ${entry!.id}`)).rejects.toMatchObject(
      refused,
    );
    await expect(
      t.db.delete(ledgerEntries).where(eq(ledgerEntries.customerId, user.id)),
    ).rejects.toMatchObject(refused);
    expect(await entriesOf(user.id)).toEqual([entry]);
    expect(await ledgerBalance(t.db, user.id)).toBe(7_000_000);
  });

  it('refuses an entry or invoice line that refers to nothing, and keeps what entries and lines refer to', async () => {
    const user = await customerWithCredit(t.app, t.db, 1_000_000);
    const missing = 2_000_000_000;
    const violation = (message: RegExp) => ({
      cause: expect.objectContaining({ code: '23503', message: expect.stringMatching(message) }),
    });
    // Checked per statement: one row without its customer among good ones refuses the whole insert.
    await expect(
      t.db.insert(ledgerEntries).values(
        [user.id, missing].map((customerId, i) => ({
          customerId,
          kind: 'adjustment' as const,
          amount: 1,
          idempotencyKey: `test:reference:${user.id}:${i}`,
          description: 'reference',
        })),
      ),
    ).rejects.toMatchObject(violation(/reference "customer_id" to "customers"/));
    const invoice = await insertInvoice(t.db, user.id, 0);
    const line = await insertInvoiceItem(t.db, invoice);
    await expect(insertInvoiceItem(t.db, { ...invoice, id: missing })).rejects.toMatchObject(
      violation(/reference "invoice_id" to "invoices"/),
    );
    await expect(insertInvoiceItem(t.db, invoice, { billableItemId: missing })).rejects.toMatchObject(
      violation(/reference "billable_item_id" to "billable_items"/),
    );
    await expect(
      t.db.execute(sql`UPDATE invoice_items SET invoice_id = ${missing} WHERE id = ${line.id}`),
    ).rejects.toMatchObject(violation(/do not change/));
    // A customer with nothing but credit: the ledger alone keeps it.
    const creditOnly = await customerWithCredit(t.app, t.db, 1_000_000);
    await expect(t.db.execute(sql`DELETE FROM customers WHERE id = ${creditOnly.id}`)).rejects.toMatchObject(
      violation(/referenced from table "ledger_entries"/),
    );
    await expect(t.db.execute(sql`DELETE FROM invoices WHERE id = ${invoice.id}`)).rejects.toMatchObject(
      violation(/referenced from table "invoice_items"/),
    );
    await expect(
      t.db.execute(sql`DELETE FROM billable_items WHERE id = ${line.billableItemId}`),
    ).rejects.toMatchObject(violation(/referenced from table "invoice_items"/));
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('reverses an entry with its opposite, once', async () => {
    const user = await customerWithCredit(t.app, t.db, 10_000_000);
    const charge = await post(t.db, user.id, -2_500_000);
    const reversal = await reverse(charge.entryId!);
    expect(reversal).toMatchObject({ applied: true, balanceBefore: 7_500_000, balanceAfter: 10_000_000 });
    expect((await reverse(charge.entryId!)).applied).toBe(false);
    expect(await balanceOf(t.db, user.id)).toBe(10_000_000);
    const entries = await entriesOf(user.id);
    expect(entries.map((e) => [e.kind, e.amount, e.reversesEntryId])).toEqual([
      ['adjustment', 10_000_000, null],
      ['usage_charge', -2_500_000, null],
      ['reversal', 2_500_000, charge.entryId],
    ]);
    expect(await ledgerBalance(t.db, user.id)).toBe(10_000_000);
  });

  it('suspends the account and its hourly items below zero, and lifts it at zero', async () => {
    const user = await customerWithCredit(t.app, t.db, 1_000_000);
    const hourly = await startItem(t.db, user.id);
    const monthly = await startItem(t.db, user.id, { billingCycle: 'monthly', monthlyPrice: 500_000 });

    await post(t.db, user.id, -400_000);
    expect(await statusOf(user.id)).toBe('active');
    expect((await accountOf(user.id)).suspendedByBillingAt).toBeNull();

    await post(t.db, user.id, -200_000); // 1.00 − 0.50 − 0.40 − 0.20 = −0.10
    expect(await balanceOf(t.db, user.id)).toBe(-100_000);
    expect(await statusOf(user.id)).toBe('suspended_by_billing');
    expect((await accountOf(user.id)).suspendedByBillingAt).toBeInstanceOf(Date);
    expect((await itemNow(t.db, hourly.id)).status).toBe('suspended');
    expect((await itemNow(t.db, monthly.id)).status).toBe('active');
    const info = (await userInfo(t.app, user.headers)).json().data;
    expect(info).toMatchObject({
      accountState: 'suspended_by_billing',
      isSuspended: true,
      isAdminSuspended: false,
    });

    // Still below zero: nothing changes and nothing is logged twice.
    await post(t.db, user.id, 50_000);
    expect(await statusOf(user.id)).toBe('suspended_by_billing');

    await post(t.db, user.id, 50_000); // exactly 0 lifts it
    expect(await balanceOf(t.db, user.id)).toBe(0);
    expect(await statusOf(user.id)).toBe('active');
    expect((await accountOf(user.id)).suspendedByBillingAt).toBeNull();
    expect((await itemNow(t.db, hourly.id)).status).toBe('active');
    expect((await itemNow(t.db, hourly.id)).suspendedAt).toBeNull();
    expect((await userInfo(t.app, user.headers)).json().data).toMatchObject({ isSuspended: false });
    const events = await activityEvents(t.app, user.headers);
    expect(events.filter((e) => e === 'suspended_by_billing')).toHaveLength(1);
    expect(events.filter((e) => e === 'unsuspended_by_billing')).toHaveLength(1);
  });

  it('suspends again after a reversal takes the credit back below zero', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    await post(t.db, user.id, -1_000_000);
    const topUp = await post(t.db, user.id, 5_000_000, { kind: 'top_up' });
    expect(await statusOf(user.id)).toBe('active');
    await reverse(topUp.entryId!); // a disputed payment
    expect(await balanceOf(t.db, user.id)).toBe(-1_000_000);
    expect(await statusOf(user.id)).toBe('suspended_by_billing');
  });

  it("keeps an administrator's suspension after a top-up", async () => {
    const setStatus = (id: number, status: 'suspended_by_admin') =>
      t.db.update(customers).set({ status }).where(eq(customers.id, id));

    // Suspended by an administrator first, then the credit goes below zero and back.
    const first = await customerWithCredit(t.app, t.db, 1_000_000);
    await setStatus(first.id, 'suspended_by_admin');
    await post(t.db, first.id, -2_000_000);
    expect(await statusOf(first.id)).toBe('suspended_by_admin');
    await post(t.db, first.id, 5_000_000);
    expect(await statusOf(first.id)).toBe('suspended_by_admin');
    expect((await userInfo(t.app, first.headers)).json().data).toMatchObject({
      accountState: 'suspended_by_admin',
      isAdminSuspended: true,
    });

    // Suspended by billing, then by an administrator: the top-up lifts only billing's part.
    const second = await customerWithCredit(t.app, t.db, 0);
    await post(t.db, second.id, -1_000_000);
    expect(await statusOf(second.id)).toBe('suspended_by_billing');
    await setStatus(second.id, 'suspended_by_admin');
    await post(t.db, second.id, 3_000_000);
    expect(await statusOf(second.id)).toBe('suspended_by_admin');
    expect((await accountOf(second.id)).suspendedByBillingAt).toBeNull();
  });
});
