import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { endBillableItem } from './billable-items';
import { invoiceItems, invoices } from './billing.tables';
import { customerWithCredit, startItem } from './billing.test-helpers';
import { runCycleBilling } from './cycle-billing';
import { billHour } from './hourly-billing';
import { closeEndedInvoices } from './invoice-closing';

const at = (iso: string) => new Date(iso);

describe('invoice closing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  /** The customer's invoice of a month with its lines. */
  async function invoiceOf(customerId: number, month: string) {
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.customerId, customerId), eq(invoices.periodStart, at(`${month}-01T00:00:00Z`))));
    if (!invoice) return null;
    const lines = await t.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoice.id))
      .orderBy(asc(invoiceItems.id));
    return { ...invoice, lines };
  }

  it('closes an ended month only once every hourly item is billed up to its end', async () => {
    const user = await customerWithCredit(t.app, t.db, 100_000_000);
    await startItem(t.db, user.id, { startedAt: at('2026-01-31T22:00:00Z') });
    await billHour(t.db, at('2026-01-31T22:00:00Z'));

    await closeEndedInvoices(t.db, at('2026-01-31T23:30:00Z')); // the month has not ended
    expect((await invoiceOf(user.id, '2026-01'))!.status).toBe('open');
    await closeEndedInvoices(t.db, at('2026-02-01T00:30:00Z')); // ended, but 23:00 is not billed
    expect((await invoiceOf(user.id, '2026-01'))!.status).toBe('open');

    await billHour(t.db, at('2026-01-31T23:00:00Z'));
    await billHour(t.db, at('2026-02-01T00:00:00Z'));
    await closeEndedInvoices(t.db, at('2026-02-01T01:05:00Z'));
    const january = (await invoiceOf(user.id, '2026-01'))!;
    expect(january).toMatchObject({ status: 'closed' });
    expect(january.closedAt).toBeInstanceOf(Date);
    expect(january.lines.map((l) => [l.usage, l.subtotal, l.closed])).toEqual([[2, 20_000, true]]);

    const february = (await invoiceOf(user.id, '2026-02'))!;
    expect(february.status).toBe('open');
    expect(february.lines.map((l) => [l.usage, l.subtotal, l.closed])).toEqual([[1, 10_000, false]]);

    // Closing again changes nothing.
    await closeEndedInvoices(t.db, at('2026-02-01T02:05:00Z'));
    expect((await invoiceOf(user.id, '2026-01'))!.closedAt).toEqual(january.closedAt);
    expect((await invoiceOf(user.id, '2026-02'))!.status).toBe('open');
  });

  it('does not wait for hours after an item ended', async () => {
    const user = await customerWithCredit(t.app, t.db, 100_000_000);
    const item = await startItem(t.db, user.id, { startedAt: at('2026-02-27T10:00:00Z') });
    await t.db.transaction((tx) => endBillableItem(tx, item.id, 'terminated', at('2026-02-27T12:30:00Z')));
    await billHour(t.db, at('2026-02-27T10:00:00Z'));
    await billHour(t.db, at('2026-02-27T11:00:00Z'));
    await closeEndedInvoices(t.db, at('2026-03-01T00:10:00Z'));
    expect((await invoiceOf(user.id, '2026-02'))!.status).toBe('open'); // 12:00–12:30 still owed

    await billHour(t.db, at('2026-02-27T12:00:00Z'));
    await closeEndedInvoices(t.db, at('2026-03-01T00:10:00Z'));
    const february = (await invoiceOf(user.id, '2026-02'))!;
    expect(february.status).toBe('closed');
    expect(february.lines.map((l) => [l.usage, l.subtotal, l.closed])).toEqual([[3, 30_000, true]]);
  });

  it('closes a month of cycle charges at its end and leaves the open month open', async () => {
    const user = await customerWithCredit(t.app, t.db, 15_000_000);
    await startItem(t.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 5_000_000,
      startedAt: at('2026-03-10T00:00:00Z'),
    });
    await closeEndedInvoices(t.db, at('2026-03-31T23:59:59Z'));
    expect((await invoiceOf(user.id, '2026-03'))!.status).toBe('open');
    await runCycleBilling(t.db, at('2026-04-10T00:00:00Z'));
    await closeEndedInvoices(t.db, at('2026-04-10T00:00:00Z'));
    const march = (await invoiceOf(user.id, '2026-03'))!;
    const april = (await invoiceOf(user.id, '2026-04'))!;
    expect(march.status).toBe('closed');
    expect(march.lines.map((l) => [l.subtotal, l.closed])).toEqual([[5_000_000, true]]);
    expect(april.status).toBe('open');
    expect(april.lines.map((l) => [l.subtotal, l.closed])).toEqual([[5_000_000, false]]);
  });

  it('never adds a line to a closed invoice: a renewal due in the month is charged before it closes', async () => {
    const user = await customerWithCredit(t.app, t.db, 100_000_000);
    await startItem(t.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
      startedAt: at('2026-04-30T12:00:00Z'),
    });
    await startItem(t.db, user.id, { startedAt: at('2026-05-31T23:00:00Z') });
    // After downtime the hourly job catches up and closes May before the cycle job renews 30 May.
    await billHour(t.db, at('2026-05-31T23:00:00Z'));
    await closeEndedInvoices(t.db, at('2026-06-01T00:10:00Z'));
    await runCycleBilling(t.db, at('2026-06-01T00:10:00Z'));
    await closeEndedInvoices(t.db, at('2026-06-01T00:15:00Z'));

    const may = (await invoiceOf(user.id, '2026-05'))!;
    expect(may.status).toBe('closed');
    expect(may.lines.map((l) => [l.type, l.subtotal, l.closed])).toEqual([
      ['hourly', 10_000, true],
      ['subscription', 10_000_000, true],
    ]);
  });
});
